import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ChatEvent } from '../../../shared/chat/conversation';
import type { Host } from '../host';
import { TITLE_INSTRUCTION, TITLE_MAX_TOKENS } from './titleRequest';

/**
 * Conversations titled by their own model: a real host (server-everything running) and the real SDKs
 * against our fake model APIs, which keep the title requests apart from the turns' (`titleRequests`).
 */
const env = withHostAndModel('sb-titles-', 'sk-ant-titles-5b1e');
let local: FakeOpenAI;
beforeAll(async () => {
  local = await startFakeOpenAI({ apiKey: null });
});
afterAll(async () => {
  await local.stop();
});

async function start(settings: Record<string, unknown> = {}, deadlines?: { streamIdleMs: number }) {
  const h = await env.start({
    settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-haiku-5-5' }, ...settings },
    ...(deadlines ? { deadlines } : {}),
  });
  const events: ChatEvent[] = [];
  let listChanges = 0;
  h.chat.onEvent((e) => events.push(e));
  h.chat.onListChange(() => listChanges++);
  /** Waits for the turn of `id` begun after event `from` to end. */
  const finished = (id: string, from: number) =>
    expect
      .poll(() => events.slice(from).some((e) => e.conversationId === id && e.kind === 'finished'))
      .toBe(true);
  /** Sends `text` in a new conversation (or `id`) and waits for the reply. */
  const ask = async (text: string, id?: string) => {
    const conversation = id ?? (await h.chat.create()).id;
    const from = events.length;
    await h.chat.send(conversation, text);
    await finished(conversation, from);
    return conversation;
  };
  return { h, events, ask, finished, listChanges: () => listChanges };
}
const titleOf = async (h: Host, id: string) => (await h.chat.list()).find((c) => c.id === id)?.title;
const hostLog = () => readFile(path.join(env.home, 'logs', 'app', 'host.log'), 'utf8').catch(() => '');

describe('conversation titles by the conversation’s own model (real host, fake model APIs)', () => {
  it('after the first reply: one request, no tools, the first exchange as text; its answer, cleaned, is the title — once', async () => {
    const { h, ask, listChanges } = await start();
    env.fake.script({ content: [{ type: 'text', text: 'Take the night train from Bergen.' }] });
    env.fake.scriptTitle({
      content: [{ type: 'text', text: '"Oslo\u202e trip\u200b by train."\nMore words.' }],
    });
    const titlesBefore = env.fake.titleRequests.length;
    const id = await ask('Plan a trip to Oslo\nin May, by train');
    await expect.poll(() => titleOf(h, id)).toBe('Oslo trip by train');
    expect(listChanges()).toBeGreaterThan(0);
    const [asked, ...more] = env.fake.titleRequests.slice(titlesBefore);
    expect(more).toEqual([]);
    const body = asked!.body!;
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(body.thinking).toBeUndefined();
    expect(body.model).toBe('claude-haiku-5-5');
    expect(body.max_tokens).toBe(TITLE_MAX_TOKENS);
    expect(JSON.stringify(body.system)).toContain(TITLE_INSTRUCTION.slice(0, 40));
    // After the first reply: the request carries it.
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<conversation>\nPerson: Plan a trip to Oslo\nin May, by train\n\nAssistant: Take the night train from Bergen.\n</conversation>',
          },
        ],
      },
    ]);
    // A later turn asks for no other title; the conversation's own requests never carry the title's words.
    env.fake.script({ content: [{ type: 'text', text: 'Yes.' }] });
    await ask('And back?', id);
    await h.chat.settled();
    expect(env.fake.titleRequests.length - titlesBefore).toBe(1);
    expect(await titleOf(h, id)).toBe('Oslo trip by train');
    expect(JSON.stringify(env.fake.requests.at(-1)!.body)).not.toContain(TITLE_INSTRUCTION);
  });

  it('with the setting off no title request is sent: the conversation keeps its first line', async () => {
    const { h, ask } = await start({ titleWithModel: false });
    env.fake.script({ content: [{ type: 'text', text: 'Sure.' }] });
    const titlesBefore = env.fake.titleRequests.length;
    const id = await ask('  Plan a trip to Oslo  \nsecond line');
    await h.chat.settled();
    expect(env.fake.titleRequests.length).toBe(titlesBefore);
    expect(await titleOf(h, id)).toBe('Plan a trip to Oslo');
  });

  it('a rename before the answer wins: the model’s title does not replace it', async () => {
    const { h, ask } = await start();
    env.fake.script({ content: [{ type: 'text', text: 'Sure.' }] });
    // Slow enough to rename while it streams.
    env.fake.scriptTitle({ content: [{ type: 'text', text: 'Oslo trip plan' }], eventDelayMs: 150 });
    const titlesBefore = env.fake.titleRequests.length;
    const id = await ask('Plan a trip to Oslo');
    await expect.poll(() => env.fake.titleRequests.length - titlesBefore).toBe(1);
    // Until the title comes: the first line, trimmed.
    expect(await titleOf(h, id)).toBe('Plan a trip to Oslo');
    await h.chat.rename(id, 'My own name');
    await h.chat.settled();
    expect(await titleOf(h, id)).toBe('My own name');
    expect(await hostLog()).not.toContain(id);
  });

  it('a failed title leaves the first line and is logged once, no error in the conversation; a failed or stopped turn asks none', async () => {
    const { h, events, ask, finished } = await start();
    const titlesBefore = env.fake.titleRequests.length;
    // The first turn fails: no title is asked for.
    env.fake.script({ status: 529, type: 'overloaded_error', message: 'Overloaded' });
    const id = await ask('Plan a trip to Oslo');
    await h.chat.settled();
    expect(env.fake.titleRequests.length).toBe(titlesBefore);
    // Retry, stopped mid-reply: none either (cancelled with the turn).
    env.fake.script({ content: [{ type: 'text', text: 'A long answer. '.repeat(40) }], eventDelayMs: 50 });
    let from = events.length;
    await h.chat.retry(id);
    await expect.poll(() => events.slice(from).some((e) => e.kind === 'text')).toBe(true);
    h.chat.stop(id);
    await finished(id, from);
    await h.chat.settled();
    expect(env.fake.titleRequests.length).toBe(titlesBefore);
    // Retry gives the first reply (the cut one replaced): now it is asked for, and its failure is only logged.
    env.fake.script({ content: [{ type: 'text', text: 'Sure.' }] });
    env.fake.scriptTitle({ status: 500, type: 'api_error', message: 'title service down' });
    from = events.length;
    await h.chat.retry(id);
    await finished(id, from);
    await h.chat.settled();
    expect(env.fake.titleRequests.length - titlesBefore).toBe(1);
    expect(await titleOf(h, id)).toBe('Plan a trip to Oslo');
    expect(events.slice(from).filter((e) => e.kind === 'error')).toEqual([]);
    const logged = (await hostLog()).split('\n').filter((l) => l.includes(id));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /WARN Conversation \S+ was not titled by Anthropic \(claude-haiku-5-5\): .*title service down\. It keeps its first line as its title\.$/,
    );
  });

  it('a title that never comes is given up as a reply that stalls is: the first line stays, one line logged', async () => {
    const { h, ask } = await start({}, { streamIdleMs: 1500 });
    env.fake.script({ content: [{ type: 'text', text: 'Sure.' }] });
    env.fake.scriptTitle({ stall: 'after-headers' });
    const id = await ask('Plan a trip to Oslo');
    await expect.poll(() => hostLog(), { timeout: 10_000 }).toContain(id);
    expect(await titleOf(h, id)).toBe('Plan a trip to Oslo');
    expect((await hostLog()).split('\n').filter((l) => l.includes(id))).toEqual([
      expect.stringMatching(
        /WARN Conversation \S+ was not titled by Anthropic \(claude-haiku-5-5\): Anthropic sent nothing for 2 s/,
      ),
    ]);
  });

  it('deleting the conversation cancels its title request', async () => {
    const { h, ask } = await start();
    env.fake.script({ content: [{ type: 'text', text: 'Sure.' }] });
    // Eight seconds of title unless cancelled.
    env.fake.scriptTitle({ content: [{ type: 'text', text: 'Oslo trip plan' }], eventDelayMs: 1000 });
    const titlesBefore = env.fake.titleRequests.length;
    const id = await ask('Plan a trip to Oslo');
    await expect.poll(() => env.fake.titleRequests.length - titlesBefore).toBe(1);
    const started = Date.now();
    await h.chat.delete(id);
    await h.chat.settled();
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await h.chat.list()).some((c) => c.id === id)).toBe(false);
    expect(await hostLog()).not.toContain(id);
  });

  it('an OpenAI-compatible provider is asked the same way: the instruction as its system message, no tools', async () => {
    const { h, events } = await start({
      openai: [{ id: 'here', name: 'On this computer', baseUrl: local.url, defaultModel: 'llama-4-local' }],
    });
    local.script({ content: 'Bonjour !' });
    local.scriptTitle({ content: 'Salutations en français' });
    const c = await h.chat.create({ provider: 'here' });
    await h.chat.send(c.id, 'Dis bonjour');
    await conversationFinished(events, c.id);
    await expect.poll(() => titleOf(h, c.id)).toBe('Salutations en français');
    const [asked] = local.titleRequests;
    expect(local.titleRequests).toHaveLength(1);
    expect(asked!.body).toMatchObject({
      model: 'llama-4-local',
      max_completion_tokens: TITLE_MAX_TOKENS,
      messages: [
        { role: 'system', content: TITLE_INSTRUCTION },
        {
          role: 'user',
          content: '<conversation>\nPerson: Dis bonjour\n\nAssistant: Bonjour !\n</conversation>',
        },
      ],
    });
    expect(asked!.body!.tools).toBeUndefined();
  });
});
