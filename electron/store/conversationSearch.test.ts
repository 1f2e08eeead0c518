import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import type { ChatMessage } from '../../shared/chat/conversation';
import { ConversationStore } from './conversationStore';

let dir: string;
tempDirPerTest('sb-search-', (d) => {
  dir = d;
});

const TRIP = '2b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a61';
const CODE = '2b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a62';
const conversations = () => path.join(dir, 'conversations');

const text = (i: number, words: string, role: ChatMessage['role'] = 'user'): ChatMessage => ({
  id: `m${i}`,
  role,
  at: 1000 + i,
  blocks: [{ type: 'text', text: words }],
});
const found = async (store: ConversationStore, query: string) =>
  (await store.search(query)).map((r) => ({ id: r.id, snippet: r.snippet }));

async function twoConversations(): Promise<ConversationStore> {
  const store = new ConversationStore(conversations());
  await store.create(TRIP, 'Trip to Lisbon');
  await store.addMessage(TRIP, text(0, 'What is the weather in Lisbon next week?'));
  await store.addMessage(TRIP, text(1, 'Sunny, 24 degrees, light wind from the Atlantic.', 'assistant'));
  await store.create(CODE, 'Refactoring');
  await store.addMessage(CODE, text(2, 'Rename the WeatherService class'));
  await store.addMessage(CODE, {
    id: 'm3',
    role: 'assistant',
    at: 1003,
    blocks: [
      { type: 'tool_use', id: 't1', name: 'files__write', input: { text: 'lisbon' } },
      { type: 'text', text: 'Renamed it in twelve files.' },
    ],
  });
  return store;
}

describe('ConversationStore search (over an index)', () => {
  it('finds every word’s start in titles and text, newest first, with a snippet of the best match', async () => {
    const store = await twoConversations();
    // A new store (the app started again) builds its index from the files.
    for (const s of [store, new ConversationStore(conversations())]) {
      expect(await found(s, 'WEATHER')).toEqual([
        { id: CODE, snippet: 'Rename the WeatherService class' },
        { id: TRIP, snippet: 'What is the weather in Lisbon next week?' },
      ]);
      // Every word, each by its start; a tool call's input is not searched.
      expect(await found(s, 'sun atlant')).toEqual([
        { id: TRIP, snippet: 'Sunny, 24 degrees, light wind from the Atlantic.' },
      ]);
      expect(await found(s, 'lisbon')).toMatchObject([{ id: TRIP }]);
      expect(await found(s, 'refactor')).toEqual([{ id: CODE, snippet: 'Refactoring' }]);
      expect(await found(s, 'weather snow')).toEqual([]);
      expect(await found(s, '   ')).toEqual([]);
    }
  });

  it('follows what changes after it is built: messages, cuts, titles, deletes, and another process’s appends', async () => {
    const store = await twoConversations();
    expect(await found(store, 'atlantic')).toHaveLength(1);
    await store.addMessage(TRIP, text(4, 'And in Porto on Friday?'));
    expect(await found(store, 'porto')).toMatchObject([{ id: TRIP }]);
    // A cut (an edit) drops what came after it.
    await store.truncate(TRIP, 1);
    expect(await found(store, 'porto')).toEqual([]);
    expect(await found(store, 'atlantic')).toEqual([]);
    expect(await found(store, 'weather lisbon')).toMatchObject([{ id: TRIP }]);
    await store.addMessage(TRIP, text(5, 'Cloudy in the Algarve.', 'assistant'));
    expect(await found(store, 'algarve')).toEqual([{ id: TRIP, snippet: 'Cloudy in the Algarve.' }]);
    await store.rename(CODE, 'Cleanup');
    expect(await found(store, 'refactoring')).toEqual([]);
    expect(await found(store, 'cleanup')).toEqual([{ id: CODE, snippet: 'Cleanup' }]);
    // The headless chat beside the app appends to the same file.
    await new ConversationStore(conversations()).addMessage(CODE, text(6, 'Now port it to Kotlin'));
    expect(await found(store, 'kotlin')).toEqual([{ id: CODE, snippet: 'Now port it to Kotlin' }]);
    await store.delete(CODE);
    expect(await found(store, 'kotlin')).toEqual([]);
    const created = '2b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a63';
    await store.create(created, 'Kotlin questions');
    expect(await found(store, 'kotlin')).toEqual([{ id: created, snippet: 'Kotlin questions' }]);
  });

  it('reads only the matched messages, not every file, once the index is built', async () => {
    const store = await twoConversations();
    expect(await found(store, 'atlantic')).toHaveLength(1);
    // Garble the question's bytes in place (same length): a full read would now fail at that line.
    const file = path.join(conversations(), `${TRIP}.jsonl`);
    const bytes = await readFile(file, 'utf8');
    const at = Buffer.byteLength(bytes.slice(0, bytes.indexOf('What is the weather')));
    const handle = await open(file, 'r+');
    await handle.write(Buffer.from('\u0000'.repeat(10)), 0, 10, at);
    await handle.close();
    await expect(new ConversationStore(conversations()).load(TRIP)).rejects.toThrow('damaged');
    // The answer is found and its snippet read from its own bytes.
    expect(await found(store, 'atlantic')).toEqual([
      { id: TRIP, snippet: 'Sunny, 24 degrees, light wind from the Atlantic.' },
    ]);
  });
});
