import { appendFile, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import type { ChatMessage } from '../../shared/chat/conversation';
import { conversationCost } from '../../shared/chat/prices';
import { countTurns } from '../../shared/chat/turns';
import { conversationUsage } from '../../shared/chat/usage';
import { ConversationStore } from './conversationStore';

let dir: string;
tempDirPerTest('sb-pages-', (d) => {
  dir = d;
});

const ID = '2b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69';
const file = () => path.join(dir, 'conversations', `${ID}.jsonl`);
const fresh = () => new ConversationStore(path.join(dir, 'conversations'));

/** Questions and replies; every third reply by a model whose price is not known. */
function message(i: number): ChatMessage {
  if (i % 2 === 0)
    return { id: `m${i}`, role: 'user', at: 1000 + i, blocks: [{ type: 'text', text: `question ${i}` }] };
  return {
    id: `m${i}`,
    role: 'assistant',
    at: 1000 + i,
    model: i % 3 === 0 ? 'a-model-nobody-prices' : 'claude-opus-4-0',
    usage: { inputTokens: 100 + i, outputTokens: 10 + i, ...(i % 5 === 0 ? { cacheReadTokens: i } : {}) },
    blocks: [{ type: 'text', text: `answer ${i} — “quoted”, ünïcode` }],
  };
}

async function conversation(count: number): Promise<{ store: ConversationStore; messages: ChatMessage[] }> {
  const store = ConversationStore.inHome(dir);
  await store.create(ID, 'Long');
  const messages = Array.from({ length: count }, (_, i) => message(i));
  for (const m of messages) await store.addMessage(ID, m);
  return { store, messages };
}

const ids = (ms: readonly ChatMessage[]) => ms.map((m) => m.id);

describe('ConversationStore pages', () => {
  it('opens on the newest messages; older pages follow; what comes before a page is added up without it', async () => {
    const { store, messages } = await conversation(250);
    for (const s of [store, fresh()]) {
      const tail = await s.tail(ID, 100);
      expect(tail).toMatchObject({ title: 'Long', messageCount: 250, from: 150 });
      expect(tail.turns).toEqual(countTurns(messages));
      expect(ids(tail.messages)).toEqual(ids(messages.slice(150)));
      const earlier = messages.slice(0, 150);
      const cost = conversationCost(earlier);
      expect(tail.earlier.usage).toEqual(conversationUsage(earlier));
      expect(tail.earlier.unpriced).toBe(cost.unpriced);
      expect(tail.earlier.dollars).toBeCloseTo(cost.dollars, 12);

      const older = await s.page(ID, 150, 100);
      expect(older.from).toBe(50);
      expect(older.messages).toEqual(messages.slice(50, 150));
      expect(older.earlier.usage).toEqual(conversationUsage(messages.slice(0, 50)));
      const oldest = await s.page(ID, 50, 100);
      expect(oldest).toEqual({
        from: 0,
        messages: messages.slice(0, 50),
        earlier: { dollars: 0, unpriced: false },
      });
      expect((await s.load(ID)).messages).toEqual(messages);
    }
  });

  it('reads a page from its own bytes: damage before it does not stop the conversation from opening', async () => {
    const { store, messages } = await conversation(40);
    await store.tail(ID, 10);
    // Overwrite (in place, same length) the lines of the first messages: only a read of them fails.
    const text = await readFile(file(), 'utf8');
    const cut = text.indexOf('"m5"');
    const handle = await open(file(), 'r+');
    await handle.write(Buffer.from('#'.repeat(cut - 200)), 0, cut - 200, 200);
    await handle.close();
    expect(ids((await store.tail(ID, 10)).messages)).toEqual(ids(messages.slice(30)));
    expect(ids((await store.page(ID, 30, 20)).messages)).toEqual(ids(messages.slice(10, 30)));
    await expect(store.load(ID)).rejects.toThrow(`Conversation ${ID} is damaged at line`);
    // Read from the start (a new store), the damage is named and the conversation left out of the list.
    await expect(fresh().tail(ID, 10)).rejects.toThrow('is damaged at line 2');
    expect(await fresh().list()).toEqual([]);
  });

  it('cuts and resends: positions are taken again, pages read only what the conversation still holds', async () => {
    const { store, messages } = await conversation(30);
    await store.truncate(ID, 20);
    const again = Array.from({ length: 15 }, (_, i) => ({ ...message(20 + i), id: `again${i}` }));
    for (const m of again) await store.addMessage(ID, m);
    const now = [...messages.slice(0, 20), ...again];
    for (const s of [store, fresh()]) {
      expect(ids((await s.tail(ID, 10)).messages)).toEqual(ids(now.slice(25)));
      // This page spans the cut: the dropped lines lie between its messages in the file.
      expect(ids((await s.page(ID, 25, 10)).messages)).toEqual(ids(now.slice(15, 25)));
      expect((await s.tail(ID, 10)).earlier.usage).toEqual(conversationUsage(now.slice(0, 25)));
      expect(await s.summary(ID)).toMatchObject({ messageCount: 35, turns: countTurns(now) });
    }
  });

  it('a line cut off by a crash is marked torn by the next append; nothing after it is lost', async () => {
    const { store } = await conversation(3);
    await appendFile(file(), '{"t":"message","message":{"id":"half","ro');
    await store.addMessage(ID, message(3));
    await store.addMessage(ID, message(4));
    const text = await readFile(file(), 'utf8');
    expect(text).toContain('"ro\n{"t":"torn"}\n{"t":"message"');
    for (const s of [store, fresh()])
      expect(ids((await s.load(ID)).messages)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);

    // A whole line that does not parse, last in the file: the same.
    await appendFile(file(), 'not json\n');
    expect(ids((await fresh().load(ID)).messages)).toHaveLength(5);
    await store.addMessage(ID, message(5));
    expect(await readFile(file(), 'utf8')).toContain('not json\n{"t":"torn"}\n');
    expect(ids((await fresh().tail(ID, 2)).messages)).toEqual(['m4', 'm5']);

    // A bad line with no torn marker after it is damage, named by its line.
    await appendFile(file(), 'garbage\n{"t":"title","title":"x"}\n');
    await expect(fresh().load(ID)).rejects.toThrow(`Conversation ${ID} is damaged at line 12`);
  });

  it('a last line without its newline (written by hand) is read, and the next append starts a new line', async () => {
    await conversation(2);
    await appendFile(file(), JSON.stringify({ t: 'title', title: 'By hand' }));
    const store = fresh();
    expect(await store.summary(ID)).toMatchObject({ title: 'By hand', messageCount: 2 });
    await store.addMessage(ID, message(2));
    expect(await fresh().tail(ID, 5)).toMatchObject({ title: 'By hand', messageCount: 3 });
  });

  it('catches up with lines another process appended, reading only those', async () => {
    const { store } = await conversation(10);
    expect((await store.tail(ID, 3)).messageCount).toBe(10);
    const elsewhere = fresh();
    await elsewhere.addMessage(ID, message(10));
    await elsewhere.rename(ID, 'Renamed elsewhere');
    // The first store read the file's start already: damage there is not read again.
    const handle = await open(file(), 'r+');
    await handle.write(Buffer.from('#'), 0, 1, 0);
    await handle.close();
    const tail = await store.tail(ID, 3);
    expect(tail).toMatchObject({ messageCount: 11, title: 'Renamed elsewhere' });
    expect(ids(tail.messages)).toEqual(['m8', 'm9', 'm10']);
  });
});
