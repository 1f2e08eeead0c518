import { appendFile, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import type { ChatMessage } from '../../shared/chat/conversation';
import { ConversationStore } from './conversationStore';

let dir: string;
tempDirPerTest('sb-conv-', (d) => {
  dir = d;
});

const ID = '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69';
const msg = (i: number, role: ChatMessage['role'] = 'user'): ChatMessage => ({
  id: `m${i}`,
  role,
  blocks: [{ type: 'text', text: `message ${i} about weather` }],
  at: 1000 + i,
});

describe('ConversationStore', () => {
  it('keeps messages, titles, settings and truncation in an append-only file', async () => {
    const store = ConversationStore.inHome(dir);
    await store.create(ID, 'First', { model: 'claude-sonnet-5-5' });
    await Promise.all([
      store.addMessage(ID, msg(1)),
      store.addMessage(ID, msg(2, 'assistant')),
      store.addMessage(ID, msg(3)),
    ]);
    await store.rename(ID, 'Renamed');
    await store.truncate(ID, 2);
    const c = await new ConversationStore(path.join(dir, 'conversations')).load(ID);
    expect(c).toMatchObject({
      title: 'Renamed',
      messageCount: 2,
      settings: { model: 'claude-sonnet-5-5', maxTokens: 4096 },
    });
    expect(c.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(await store.list()).toMatchObject([{ id: ID, title: 'Renamed', messageCount: 2 }]);
    // Only the person may read them: the folder 0700, each file 0600.
    if (process.platform !== 'win32') {
      expect((await stat(path.join(dir, 'conversations'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dir, 'conversations', `${ID}.jsonl`))).mode & 0o777).toBe(0o600);
    }
  });

  it('renames only a conversation still called what it was: a rename in between stays, and so does a rename of another process', async () => {
    const store = ConversationStore.inHome(dir);
    await store.create(ID, 'Hello there');
    // Both at once: the check and the write are one step of the conversation's queue.
    const [person, model] = await Promise.all([
      store.rename(ID, 'Mine'),
      store.renameIf(ID, 'Hello there', 'Greeting'),
    ]);
    expect([person, model]).toEqual([undefined, false]);
    expect((await store.summary(ID)).title).toBe('Mine');
    // Another window (another store on the same folder) renamed it: caught up before the check.
    await new ConversationStore(path.join(dir, 'conversations')).rename(ID, 'Theirs');
    expect(await store.renameIf(ID, 'Mine', 'Greeting')).toBe(false);
    expect(await store.renameIf(ID, 'Theirs', 'Greeting')).toBe(true);
    expect((await new ConversationStore(path.join(dir, 'conversations')).load(ID)).title).toBe('Greeting');
  });

  it('counts turns as a person does — tool steps are one answer — in the list kept in memory and after a cut', async () => {
    const store = ConversationStore.inHome(dir);
    await store.create(ID, 'Weather');
    // The list is read first: what follows updates it line by line.
    expect(await store.list()).toMatchObject([{ turns: { questions: 0, answers: 0 } }]);
    const toolUse: ChatMessage = {
      id: 't1',
      role: 'assistant',
      blocks: [{ type: 'tool_use', id: 'u1', name: 'weather__forecast', input: {} }],
      at: 2000,
    };
    const toolResult: ChatMessage = {
      id: 't2',
      role: 'user',
      blocks: [{ type: 'tool_result', toolUseId: 'u1', result: { content: [] } }],
      at: 2001,
    };
    for (const m of [msg(1), toolUse, toolResult, msg(2, 'assistant'), msg(3)]) await store.addMessage(ID, m);
    expect(await store.list()).toMatchObject([{ messageCount: 5, turns: { questions: 2, answers: 1 } }]);
    expect((await store.load(ID)).turns).toEqual({ questions: 2, answers: 1 });
    // An edit cuts back to the first question: counted again, not guessed.
    await store.truncate(ID, 1);
    expect(await store.list()).toMatchObject([{ messageCount: 1, turns: { questions: 1, answers: 0 } }]);
  });

  it('a failed turn is kept until the next message or truncation', async () => {
    const store = ConversationStore.inHome(dir);
    await store.create(ID, 'Failing');
    await store.addMessage(ID, msg(1));
    await store.failTurn(ID, { kind: 'overloaded', message: 'Overloaded', retryable: true });
    const reread = () => new ConversationStore(path.join(dir, 'conversations')).load(ID);
    expect((await reread()).lastError).toEqual({
      kind: 'overloaded',
      message: 'Overloaded',
      retryable: true,
    });
    await store.addMessage(ID, msg(2, 'assistant'));
    expect((await reread()).lastError).toBeUndefined();
    await store.failTurn(ID, { kind: 'network', message: 'Offline', retryable: true });
    await store.truncate(ID, 1);
    expect((await reread()).lastError).toBeUndefined();
  });

  it('a half-written last line (a crash mid-append) loses only that line', async () => {
    const store = ConversationStore.inHome(dir);
    await store.create(ID, 'Crash');
    await store.addMessage(ID, msg(1));
    await appendFile(
      path.join(dir, 'conversations', `${ID}.jsonl`),
      '{"t":"message","message":{"id":"m2","ro',
    );
    expect((await store.load(ID)).messages.map((m) => m.id)).toEqual(['m1']);
  });

  it('searches titles and text; refuses ids that are not ids; deletes', async () => {
    const store = ConversationStore.inHome(dir);
    await store.create(ID, 'Trip');
    await store.addMessage(ID, msg(7));
    expect(await store.search('WEATHER')).toMatchObject([{ id: ID, snippet: 'message 7 about weather' }]);
    expect(await store.search('nothing like this')).toEqual([]);
    await expect(store.load('../../etc/passwd')).rejects.toThrow('Not a conversation id');
    await store.delete(ID);
    expect(await store.list()).toEqual([]);
    expect(await readFile(path.join(dir, 'conversations', `${ID}.jsonl`)).catch(() => 'gone')).toBe('gone');
  });
});

describe('ConversationStore summaries', () => {
  it('once listed, follow every change without reading the files again, and agree with a fresh read', async () => {
    const store = ConversationStore.inHome(dir);
    const other = '1b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69';
    await store.create(ID, 'First');
    expect(await store.list()).toMatchObject([{ id: ID, messageCount: 0 }]);
    await store.addMessage(ID, msg(1));
    await store.addMessage(ID, msg(2, 'assistant'));
    await store.rename(ID, 'Renamed');
    await store.truncate(ID, 1);
    await store.create(other, 'Second');
    await store.addMessage(other, msg(50));
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    const kept = byId(await store.list());
    expect(kept).toEqual(byId(await new ConversationStore(path.join(dir, 'conversations')).list()));
    expect(kept.map((c) => [c.id, c.title, c.messageCount])).toEqual([
      [ID, 'Renamed', 1],
      [other, 'Second', 1],
    ]);
    expect(await store.summary(other)).toMatchObject({ title: 'Second' });
    await store.delete(other);
    expect((await store.list()).map((c) => c.id)).toEqual([ID]);
    await expect(store.summary(other)).rejects.toThrow('No conversation');
  });
});
