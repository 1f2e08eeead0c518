import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../shared/host/serverView';
import { FilteredLogs, LogBook } from './logBook';
import { allLevels, filterLogs, LOG_SOURCES, type LogFilter } from './logFilter';

let seq = 0;
const entry = (server: string, text: string, level: LogEntry['level'] = 'info'): LogEntry => ({
  seq: ++seq,
  at: seq,
  server,
  source: 'server',
  level,
  text,
});
const everything: LogFilter = { levels: allLevels(), sources: new Set(LOG_SOURCES), text: '' };

describe('LogBook', () => {
  it('an entry held already is not added again (live entries applied after the log read whole)', () => {
    const book = new LogBook(10);
    const [a, b, c, d] = [entry('a', 'a'), entry('a', 'b'), entry('a', 'c'), entry('a', 'd')];
    book.append([a, b, c]);
    book.append([b, c, d]);
    expect(book.toArray().map((e) => e.text)).toEqual(['a', 'b', 'c', 'd']);
    book.append([c]);
    expect(book.length).toBe(4);
    // Cleared (a reconnect: maybe another host, counting anew): everything is taken again.
    book.clear();
    book.append([a]);
    expect(book.toArray().map((e) => e.text)).toEqual(['a']);
  });

  it('keeps the newest `max` entries in order and counts the ones it let go of', () => {
    const book = new LogBook(5);
    for (let i = 0; i < 4; i++) book.append([entry('a', `x${i}`), entry('a', `y${i}`)]);
    expect(book.length).toBe(5);
    expect(book.evicted).toBe(3);
    expect(book.toArray().map((e) => e.text)).toEqual(['y1', 'x2', 'y2', 'x3', 'y3']);
    expect(book.at(0)?.text).toBe('y1');
    expect(book.firstSeq).toBe(book.at(0)!.seq);
    book.clear();
    expect([book.length, book.evicted]).toEqual([0, 0]);
  });

  it('a filtered view kept up batch by batch is the same as filtering the whole book each time (property)', () => {
    const anEntry = fc
      .record({
        server: fc.constantFrom('a', 'b'),
        text: fc.constantFrom('start', 'stop', 'error here', 'plain'),
        level: fc.constantFrom('info' as const, 'error' as const),
      })
      .map((r) => entry(r.server, r.text, r.level));
    const step = fc.oneof(
      fc.array(anEntry, { maxLength: 30 }).map((batch) => ({ batch })),
      fc.constantFrom(
        { filter: everything },
        { filter: { ...everything, server: 'a' } },
        { filter: { ...everything, text: 'st' } },
        { filter: { ...everything, levels: new Set(['error' as const]) } },
      ),
      fc.constant({ clear: true as const }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(step, { maxLength: 40 }), (max, steps) => {
        const book = new LogBook(max);
        const view = new FilteredLogs();
        let filter = everything;
        for (const s of steps) {
          if ('batch' in s) book.append(s.batch);
          else if ('filter' in s) filter = s.filter;
          else book.clear();
          view.update(book, filter);
          expect(view.toArray()).toEqual(filterLogs(book.toArray(), filter));
        }
      }),
    );
  });
});
