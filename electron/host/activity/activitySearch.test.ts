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
