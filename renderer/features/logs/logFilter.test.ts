import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../shared/host/serverView';
import { allLevels, filterLogs, formatLogLine, LOG_SOURCES, loggersOf } from './logFilter';

const entry = (seq: number, over: Partial<LogEntry>): LogEntry => ({
  seq,
  at: Date.UTC(2026, 10, 21, 12, 0, seq),
  server: 'a',
  source: 'server',
  level: 'info',
  text: `entry ${seq}`,
  ...over,
});

const logs = [
  entry(1, { level: 'debug', logger: 'db' }),
  entry(2, { level: 'error', server: 'b', text: 'Connection REFUSED' }),
  entry(3, { source: 'stderr', text: 'warming up' }),
  entry(4, { level: 'emergency', logger: 'net', text: 'down' }),
];
const all = { levels: allLevels(), sources: new Set(LOG_SOURCES), text: '' };

describe('log filters', () => {
  it('passes everything through untouched when nothing is filtered', () => {
    expect(filterLogs(logs, all)).toBe(logs);
  });

  it('filters by server, levels, source, logger and text (case-insensitive, logger names too)', () => {
    const seqs = (f: Partial<typeof all> & { server?: string; logger?: string }) =>
      filterLogs(logs, { ...all, ...f }).map((e) => e.seq);
    expect(seqs({ server: 'b' })).toEqual([2]);
    expect(seqs({ levels: new Set(['error', 'emergency'] as const) })).toEqual([2, 4]);
    expect(seqs({ sources: new Set(['stderr'] as const) })).toEqual([3]);
    expect(seqs({ logger: 'db' })).toEqual([1]);
    expect(seqs({ text: 'refused' })).toEqual([2]);
    expect(seqs({ text: 'NET' })).toEqual([4]);
    expect(seqs({ server: 'a', text: 'up' })).toEqual([3]);
  });

  it('lists loggers and formats lines for copy and export', () => {
    expect(loggersOf(logs)).toEqual(['db', 'net']);
    expect(formatLogLine(logs[3]!)).toBe('2026-11-21T12:00:04.000Z EMERGENCY a server:net down');
  });
});
