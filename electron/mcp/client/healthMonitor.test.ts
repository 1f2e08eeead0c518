import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Health, HealthMonitor } from './healthMonitor';

/** Scheduling only (the pings are the caller's): fake timers, a ping that answers as told. */
describe('HealthMonitor', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a miss pings again at retryIntervalMs, and turns healthy as soon as an answer comes', async () => {
    vi.useFakeTimers();
    let up = true;
    const pings: number[] = [];
    const monitor = new HealthMonitor(
      async () => {
        pings.push(Date.now());
        if (!up) throw new Error('connection refused');
      },
      { intervalMs: 30_000, retryIntervalMs: 1000, maxMissed: 2 },
    );
    const changes: Health[] = [];
    monitor.onChange((h) => changes.push(h));
    monitor.start();
    const started = Date.now();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pings).toHaveLength(1);
    up = false;
    await vi.advanceTimersByTimeAsync(30_000); // the miss
    await vi.advanceTimersByTimeAsync(1000); // the second miss, a second later
    expect(changes).toEqual([{ healthy: false, missed: 2, lastError: 'connection refused' }]);
    await vi.advanceTimersByTimeAsync(3000); // still down: pinged every second
    expect(pings.map((t) => t - started)).toEqual([30_000, 60_000, 61_000, 62_000, 63_000, 64_000]);
    up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(changes.at(-1)).toEqual({ healthy: true });
    // Healthy again: back to the interval.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(pings).toHaveLength(7);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pings).toHaveLength(8);
    monitor.stop();
  });

  it('without retryIntervalMs keeps the interval', async () => {
    vi.useFakeTimers();
    const pings: number[] = [];
    const monitor = new HealthMonitor(
      async () => {
        pings.push(Date.now());
        throw new Error('down');
      },
      { intervalMs: 5000, maxMissed: 1 },
    );
    monitor.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(pings).toHaveLength(3);
    monitor.stop();
  });
});
