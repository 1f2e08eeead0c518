import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/host/activity';
import { searchText } from './activityQuery';
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

  it("finds what MiniSearch's own search finds (every word, whole or by its start), over 3 parts and 150 searches", async () => {
    // A fixed sequence of "random" numbers: the same documents and searches every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const vocabulary = [
      'Deploy',
      'staging',
      'réSUMÉ',
      'read_file',
      'report',
      'repo',
      'x',
      'n42',
      'n420',
      'Ünïcode',
      'a-b',
      'Q',
    ];
    const text = (n: number) =>
      Array.from({ length: n }, () => vocabulary[next(vocabulary.length)]).join(' ');
    const entries = Array.from(
      { length: 17_000 },
      () =>
        ({
          kind: 'tool-call',
          server: 's',
          tool: 't',
          arguments: { note: text(1 + next(4)) },
        }) as ActivityEntry,
    );
    const mine = new ActivitySearch();
    await mine.add(entries);
    const theirs = new MiniSearch<{ id: number; text: string }>({ fields: ['text'] });
    theirs.addAll(entries.map((e, id) => ({ id, text: searchText(e) })));
    for (let q = 0; q < 150; q++) {
      // Words and starts of words, cased any way, with punctuation.
      const query = Array.from({ length: 1 + next(3) }, () => {
        const word = vocabulary[next(vocabulary.length)]!;
        const cut = word.slice(0, 1 + next(word.length));
        return next(2) ? cut.toUpperCase() : cut;
      }).join(next(2) ? ' ' : ', ');
      const expected = theirs.search(query, { prefix: true, combineWith: 'AND' }).map((r) => r.id as number);
      const found = mine.matches(query);
      const got = entries.flatMap((_, i) => (found(i) ? [i] : []));
      const want = expected.sort((a, b) => a - b);
      // Said by the search and its first differences when they differ (thousands of positions each).
      if (got.join() !== want.join())
        expect([
          query,
          got.filter((i) => !want.includes(i)).slice(0, 5),
          want.filter((i) => !got.includes(i)).slice(0, 5),
        ]).toEqual([query, [], []]);
    }
  });
});
