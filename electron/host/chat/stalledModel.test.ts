import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ChatError, ChatEvent } from '../../../shared/chat/conversation';
import type { Host } from '../host';

/** Short limits, so that a stall is given up within the test (the app's are 10 s and 120 s). */
const DEADLINES = { listModelsMs: 2000, streamIdleMs: 2000 };
const env = withHostAndModel('sb-stall-', 'sk-ant-stall-7c2a');
let local: FakeOpenAI;
beforeAll(async () => {
  local = await startFakeOpenAI({ apiKey: null, models: ['qwen3:8b'] });
});
afterAll(async () => {
  await local.stop();
});

/** A host whose conversations name no model (none in Settings either): a turn lists the provider's first. */
async function start() {
  const h = await env.start({
    settings: {
      anthropic: { baseUrl: env.fake.url },
      openai: [{ id: 'here', name: 'On this computer', baseUrl: local.url }],
    },
    deadlines: DEADLINES,
  });
  const events: ChatEvent[] = [];
  h.chat.onEvent((e) => events.push(e));
  /** How the turn ended: its error, if any. */
  const outcome = async (id: string): Promise<ChatError | undefined> => {
    await expect
      .poll(() => events.some((e) => e.conversationId === id && e.kind === 'finished'), { timeout: 20_000 })
      .toBe(true);
    const error = events.find((e) => e.conversationId === id && e.kind === 'error');
    return error?.kind === 'error' ? error.error : undefined;
  };
  return { h, events, outcome };
}

const send = async (h: Host, text: string, provider?: string) => {
  const c = await h.chat.create(provider ? { provider } : {});
  await h.chat.send(c.id, text);
  return c.id;
};

describe('a model API that stalls (fake APIs, real SDKs)', () => {
  it('a model list that stalls after its headers, or never answers, ends the turn saying so, with Retry; no made-up model is asked', async () => {
    const { h, events, outcome } = await start();
    for (const mode of ['after-headers', 'no-answer'] as const) {
      env.fake.models(mode);
      const before = env.fake.requests.length;
      const id = await send(h, `Hello (${mode})`);
      expect(await outcome(id)).toEqual({
        kind: 'network',
        retryable: true,
        message:
          "No model is set for this conversation, and Anthropic did not list its models within 2 s: name one in this conversation's Model settings or in Settings, or Retry.",
      });
      expect(env.fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/models']);
    }
    // Answering again: Retry lists, and the reply comes.
    env.fake.models('list');
    env.fake.script({ content: [{ type: 'text', text: 'Hello back.' }] });
    const id = (await h.chat.list()).find((c) => c.title === 'Hello (no-answer)')!.id;
    const seen = events.length;
    await h.chat.retry(id);
    await expect
      .poll(() => events.slice(seen).some((e) => e.conversationId === id && e.kind === 'finished'), {
        timeout: 20_000,
      })
      .toBe(true);
    expect((await h.chat.get(id)).messages.at(-1)).toMatchObject({
      role: 'assistant',
      model: 'claude-opus-5-5',
    });
  });

  it('a model list the API cannot give is said with its reason, not replaced by a known model name', async () => {
    const { h, outcome } = await start();
    env.fake.models('error');
    const before = env.fake.requests.length;
    const id = await send(h, 'Hello');
    const error = await outcome(id);
    expect(error?.message).toMatch(
      /^No model is set for this conversation, and Anthropic could not list its models \(.*models unavailable.*\): name one/,
    );
    expect(env.fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/models']);
    env.fake.models('list');
  });

  it('a reply that sends nothing — before its headers, after them, or midway — is given up with an error and Retry', async () => {
    const { h, outcome } = await start();
    const messages = () => env.fake.requests.filter((r) => r.path === '/v1/messages').length;
    for (const stalled of [
      { stall: 'no-answer' as const },
      { stall: 'after-headers' as const },
      { content: [{ type: 'text' as const, text: 'I was saying something long' }], hangAfterEvents: 3 },
    ]) {
      env.fake.script(stalled);
      const before = messages();
      const id = await send(h, 'Talk to me');
      expect(await outcome(id)).toEqual({
        kind: 'network',
        retryable: true,
        message: 'Anthropic sent nothing for 2 s: the reply was given up. Retry to ask again.',
      });
      expect(messages()).toBe(before + 1);
    }
    // An OpenAI-compatible server on this computer, the same.
    local.script({ stall: 'after-headers' });
    const id = await send(h, 'And you?', 'here');
    expect((await outcome(id))?.message).toBe(
      'On this computer sent nothing for 2 s: the reply was given up. Retry to ask again.',
    );
  });
});
