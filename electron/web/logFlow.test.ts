import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../shared/host/serverView';
import type { HostEvent } from '../../shared/ipc/contract';
import { LogFlow } from './logFlow';

const entries = (n: number, from = 1): LogEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    seq: from + i,
    at: 0,
    server: 's',
    source: 'server' as const,
    level: 'info' as const,
    text: `line ${from + i}`,
  }));

/** A socket whose send buffer the test fills and empties. */
function socket() {
  const sent: HostEvent[] = [];
  return { sent, bufferedAmount: 0, send: (e: HostEvent) => void sent.push(e) };
}

describe('LogFlow (a page that falls behind)', () => {
  it('sends at once while the socket keeps up', () => {
    const s = socket();
    const flow = new LogFlow(s);
    flow.send({ event: 'logEntries', payload: entries(3) });
    flow.send({ event: 'rootsChanged', payload: { roots: [] } as never });
    expect(s.sent.map((e) => e.event)).toEqual(['logEntries', 'rootsChanged']);
  });

  it('holds log entries while the send buffer is full (others go through), bounded, then sends what is left and how many were dropped', async () => {
    const s = socket();
    const flow = new LogFlow(s);
    s.bufferedAmount = 10 * 1024 * 1024;
    for (let i = 0; i < 30; i++) flow.send({ event: 'logEntries', payload: entries(1000, i * 1000 + 1) });
    flow.send({ event: 'consentsChanged', payload: [] });
    expect(s.sent.map((e) => e.event)).toEqual(['consentsChanged']);
    s.bufferedAmount = 0;
    await expect.poll(() => s.sent.length).toBe(3);
    const [, dropped, batch] = s.sent as [HostEvent, HostEvent, HostEvent];
    expect(dropped).toEqual({ event: 'logsDropped', payload: { count: 25_000 } });
    // The newest 5,000 are kept, in order.
    expect(batch.event).toBe('logEntries');
    const kept = batch.payload as LogEntry[];
    expect(kept).toHaveLength(5000);
    expect([kept[0]!.seq, kept.at(-1)!.seq]).toEqual([25_001, 30_000]);
    flow.dispose();
  });

  it('a drop counted on the host side is passed on before the entries that follow it', () => {
    const s = socket();
    const flow = new LogFlow(s);
    flow.send({ event: 'logsDropped', payload: { count: 7 } });
    flow.send({ event: 'logEntries', payload: entries(2) });
    expect(s.sent.map((e) => e.event)).toEqual(['logsDropped', 'logEntries']);
  });
});
