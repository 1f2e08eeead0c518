import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/host/activity';
import { ActivitySearch } from './activitySearch';

const entry = (i: number) =>
  ({
    kind: 'tool-call',
    server: 'files',
    tool: 'read_file',
    arguments: { path: `/notes/w${i}.md` },
  }) as ActivityEntry;

describe('the activity search', () => {
  it('indexes a long record a slice at a time, in parts: the process answers between slices, and every entry is found in every part once it is done', async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => entry(i));
    const search = new ActivitySearch();
    const between = new Promise<[boolean, boolean]>((resolve) =>
      setImmediate(() => resolve([search.matches('w0')(0), search.matches('w9999')(9999)])),
    );
    const done = search.add(entries);
    // The next turn of the event loop came while the first entries were indexed and the last were not yet.
    expect(await between).toEqual([true, false]);
    await done;
    expect(search.matches('w9999')(9999)).toBe(true);
    const both = search.matches('notes read_file');
    expect([both(2500), both(9000)]).toEqual([true, true]);
    expect(search.matches('w9999')(9998)).toBe(false);
  });

  it('starts a new index every 8,000 entries, however the record grew', async () => {
    const search = new ActivitySearch();
    const entries = Array.from({ length: 20_123 }, (_, i) => entry(i));
    // Read in uneven steps, as an app reads what was appended since.
    for (const upTo of [123, 7_990, 8_123, 16_500, 20_123]) await search.add(entries.slice(0, upTo));
    expect(search.parts).toBe(3);
    for (const i of [0, 7_999, 8_000, 16_000, 20_122]) expect(search.matches(`w${i}`)(i)).toBe(true);
  });

  it('indexes nothing more once stopped (the record was read again)', async () => {
    const search = new ActivitySearch();
    const done = search.add(Array.from({ length: 3000 }, (_, i) => entry(i)));
    await new Promise((resolve) => setImmediate(resolve));
    search.stop();
    await done;
    expect(search.matches('w0')(0)).toBe(true);
    expect(search.matches('w2999')(2999)).toBe(false);
  });
});
