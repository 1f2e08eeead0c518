import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { MAX_MESSAGE_CHARS } from '../../shared/chat/conversation';
import { DraftStore, MAX_DRAFTS, MAX_DRAFTS_CHARS } from './draftStore';

let dir: string;
tempDirPerTest('sb-drafts-', (d) => {
  dir = d;
});

describe('the drafts file', () => {
  it('keeps drafts across instances; blank forgets; too long is refused by name; written only by the person (0600)', async () => {
    const store = DraftStore.inHome(dir);
    await store.set('a', 'first');
    await store.set('b', 'second');
    await store.set('a', '   ');
    await expect(store.set('c', 'x'.repeat(MAX_MESSAGE_CHARS + 1))).rejects.toThrow(
      /A draft is kept up to 200000 characters/,
    );
    const again = DraftStore.inHome(dir);
    expect(await again.all()).toEqual({ b: 'second' });
    expect(await again.has('a')).toBe(false);
    if (process.platform !== 'win32')
      expect((await import('node:fs')).statSync(path.join(dir, 'drafts.json')).mode & 0o777).toBe(0o600);
  });

  it('holds at most MAX_DRAFTS: the least recently written go, never the one just written', async () => {
    const store = DraftStore.inHome(dir);
    for (let i = 0; i < MAX_DRAFTS + 3; i++) await store.set(`d${i}`, `text ${i}`);
    await store.set('d0', 'written again');
    const kept = await DraftStore.inHome(dir).all();
    expect(Object.keys(kept)).toHaveLength(MAX_DRAFTS);
    expect(kept.d0).toBe('written again');
    for (const gone of ['d1', 'd2', 'd3']) expect(kept[gone]).toBeUndefined();
    expect(kept.d4).toBe('text 4');
    expect(kept[`d${MAX_DRAFTS + 2}`]).toBe(`text ${MAX_DRAFTS + 2}`);
  });

  it('holds at most MAX_DRAFTS_CHARS in all: the oldest written go (the file is written whole each time)', async () => {
    const store = DraftStore.inHome(dir);
    const each = MAX_MESSAGE_CHARS;
    const fit = Math.floor(MAX_DRAFTS_CHARS / each);
    for (let i = 0; i < fit + 5; i++) await store.set(`big${i}`, String(i % 10).repeat(each));
    const kept = await DraftStore.inHome(dir).all();
    expect(Object.keys(kept)).toEqual(Array.from({ length: fit }, (_, i) => `big${i + 5}`));
    // One over the bound by itself is still kept: the one just written never goes.
    await store.set('last', 'x'.repeat(each));
    expect(Object.keys(await store.all())).toContain('last');
  });

  it('an unreadable or odd file keeps no drafts (nothing was sent), and the next draft replaces it', async () => {
    const file = path.join(dir, 'drafts.json');
    await writeFile(file, '{"a": {"text": 5, "at": 1}, "b": "plain", "c": {"text": "ok", "at": 2}}');
    expect(await DraftStore.inHome(dir).all()).toEqual({ c: 'ok' });
    await writeFile(file, 'not json');
    const store = DraftStore.inHome(dir);
    expect(await store.all()).toEqual({});
    await store.set('d', 'new');
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')))).toEqual(['d']);
  });
});
