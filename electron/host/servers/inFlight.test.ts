import { describe, expect, it } from 'vitest';
import { InFlight } from './inFlight';

describe('InFlight: what a launch being replaced still has to answer', () => {
  it('counts work until it settles, passing its result or error through', async () => {
    const calls = new InFlight();
    let finish!: (v: string) => void;
    const call = calls.track(() => new Promise<string>((r) => (finish = r)));
    const failing = calls.track(async () => {
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(calls.size).toBe(1);
    let settled = false;
    const done = calls.settled(10_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    finish('answered');
    expect(await call).toBe('answered');
    await done;
    expect(calls.size).toBe(0);
  });

  it('settles at once with nothing in flight, and after `ms` with something still in flight', async () => {
    const calls = new InFlight();
    const started = Date.now();
    await calls.settled(5_000);
    expect(Date.now() - started).toBeLessThan(100);
    void calls.track(() => new Promise<void>(() => {}));
    await calls.settled(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(calls.size).toBe(1);
  });
});
