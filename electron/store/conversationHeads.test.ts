import { appendFile, open, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import type { ChatMessage } from '../../shared/chat/conversation';
import { ConversationStore } from './conversationStore';

let dir: string;
tempDirPerTest('sb-heads-', (d) => {
  dir = d;
});

const ID = '2b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a71';
const OTHER = '2b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a72';
const conversations = () => path.join(dir, 'conversations');
const file = (id = ID) => path.join(conversations(), `${id}.jsonl`);
const headsFile = () => path.join(conversations(), 'heads.json');
const store = () => new ConversationStore(conversations());

const message = (i: number): ChatMessage => ({
  id: `m${i}`,
  role: i % 2 ? 'assistant' : 'user',
  at: 1000 + i,
  ...(i % 2 ? { model: 'claude-opus-4-0', usage: { inputTokens: 10 + i, outputTokens: i } } : {}),
  blocks: [{ type: 'text', text: `message ${i}` }],
});

/** A conversation of `count` messages, written by a store that is then closed (the app quits). */
async function written(count: number): Promise<void> {
  const s = store();
  await s.create(ID, 'Kept');
  for (let i = 0; i < count; i++) await s.addMessage(ID, message(i));
  await s.create(OTHER, 'Other');
  await s.list();
  // Written once, at close: never on the way of a message.
  await expect(stat(headsFile())).rejects.toThrow('ENOENT');
  await s.close();
}

/** Garbles message `i`'s line in place (same length): reading the file from its start now fails. */
async function garble(i: number): Promise<void> {
  const text = await readFile(file(), 'utf8');
  const at = Buffer.byteLength(text.slice(0, text.indexOf(`"id":"m${i}"`)));
  const handle = await open(file(), 'r+');
  await handle.write(Buffer.from('\u0000'.repeat(8)), 0, 8, at);
  await handle.close();
}

describe('conversation heads kept between launches', () => {
  it('the next start lists and opens from the kept heads, without reading the files again', async () => {
    await written(300);
    expect((await stat(headsFile())).mode & 0o777).toBe(0o600);
    const before = await store().summary(ID);
    // A message early in the file garbled: only a read from the file's start would meet it.
    await garble(5);
    const next = store();
    const listed = await next.list();
    expect(listed.map((c) => c.id).sort()).toEqual([ID, OTHER].sort());
    expect(listed.find((c) => c.id === ID)).toEqual(before);
    const tail = await next.tail(ID, 100);
    expect(tail.messages.map((m) => m.id)).toEqual(Array.from({ length: 100 }, (_, i) => `m${200 + i}`));
    expect(tail.earlier.usage?.inputTokens).toBe(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? 10 + i : 0)).reduce((a, b) => a + b, 0),
    );
    // Without the kept heads the same start reads the file and finds the damage.
    await writeFile(headsFile(), 'not json');
    await expect(store().tail(ID, 100)).rejects.toThrow(`Conversation ${ID} is damaged at line`);
  });

  it('catches up what was appended after the heads were kept (another process, or a crash before the write)', async () => {
    await written(10);
    // The headless chat appended two messages, and its heads were never written.
    await appendFile(
      file(),
      `${JSON.stringify({ t: 'message', message: message(10) })}\n${JSON.stringify({ t: 'message', message: message(11) })}\n`,
    );
    await garble(3);
    const next = store();
    expect((await next.summary(ID)).messageCount).toBe(12);
    expect((await next.tail(ID, 2)).messages.map((m) => m.id)).toEqual(['m10', 'm11']);
  });

  it('a file that no longer ends as its head did (replaced, shortened) is read again whole; a deleted one is gone', async () => {
    await written(10);
    // The same length, other last bytes: not the file the head was made from.
    const text = await readFile(file(), 'utf8');
    await writeFile(file(), text.replace('message 9', 'message X'));
    expect((await store().tail(ID, 1)).messages[0]?.blocks).toEqual([{ type: 'text', text: 'message X' }]);
    // Shorter than the head's size.
    const lines = text.trimEnd().split('\n');
    await writeFile(file(), `${lines.slice(0, -4).join('\n')}\n`);
    expect((await store().summary(ID)).messageCount).toBe(6);
    await store().delete(OTHER);
    expect((await store().list()).map((c) => c.id)).toEqual([ID]);
  });
});
