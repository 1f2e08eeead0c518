import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ChatEvent } from '../../../shared/chat/conversation';
import type { ConsentRequest } from '../../../shared/host/consent';
import { withProvider } from '../../../shared/host/settings';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import type { Host } from '../host';
import { hostService } from '../hostService';

const OPENAI_KEY = 'sk-gw-canary-58d1';
const env = withHostAndModel('sb-providers-', 'sk-ant-providers-2b7e');
let gateway: FakeOpenAI;
let local: FakeOpenAI;
beforeAll(async () => {
  gateway = await startFakeOpenAI({ apiKey: OPENAI_KEY });
  local = await startFakeOpenAI({ apiKey: null, models: ['qwen3:8b', 'llama-4-local'] });
});
afterAll(async () => {
  await gateway.stop();
  await local.stop();
});

/** A host with Anthropic (the fake, keyed), a keyed gateway and a keyless server on this computer. */
async function start(defaultProvider = 'anthropic') {
  const h = await env.start({
    settings: {
      anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' },
      openai: [
        { id: 'gw', name: 'Company gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' },
        { id: 'here', name: 'On this computer', baseUrl: local.url },
      ],
      defaultProvider,
    },
  });
  const service = hostService(h);
  await service.setApiKey('gw', OPENAI_KEY);
  const events: ChatEvent[] = [];
  h.chat.onEvent((e) => events.push(e));
  const finished = (id: string) => conversationFinished(events, id);
  return { h, service, events, finished };
}

const nameOf = (h: Host, tool: string) =>
  h.catalog.tools().find((t) => t.server === 'everything' && t.tool.name === tool)!.name;
const chatRequests = (fake: FakeOpenAI) => fake.requests.filter((r) => r.path === '/v1/chat/completions');

describe('model providers: Anthropic and OpenAI-compatible ones side by side (fakes, real SDKs, server-everything)', () => {
  it('a conversation on the gateway: its default model, a real tool through consent, the result back as a tool message; Anthropic never asked', async () => {
    const { h, finished } = await start();
    const echo = nameOf(h, 'echo');
    gateway.script(
      {
        content: 'Asking echo.',
        toolCalls: [{ id: 'call_1', name: echo, arguments: { message: 'hi there' } }],
      },
      { content: 'The tool said: hi there.' },
    );
    const anthropicBefore = env.fake.requests.length;
    const c = await h.chat.create({ provider: 'gw' });
    expect(c.settings).toMatchObject({ provider: 'gw', model: 'gpt-5.5' });
    const before = chatRequests(gateway).length;
    await h.chat.send(c.id, 'What does echo say?');
    await allowNextTool(h, { like: { conversationId: c.id, argumentsJson: '{"message":"hi there"}' } });
    await finished(c.id);
    const saved = await h.chat.get(c.id);
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(saved.messages[1]).toMatchObject({
      model: 'gpt-5.5',
      stopReason: 'toolUse',
      usage: { inputTokens: 12, outputTokens: 7 },
    });
    expect(saved.messages[2]?.toolCalls?.[0]).toMatchObject({
      server: 'everything',
      tool: 'echo',
      decision: 'allowed',
    });
    expect(saved.messages[3]?.blocks).toEqual([{ type: 'text', text: 'The tool said: hi there.' }]);
    const second = chatRequests(gateway)[before + 1]!;
    expect(second.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(second.body!.messages).toContainEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'Echo: hi there',
    });
    expect(
      (second.body!.tools as { function: { name: string } }[]).some((t) => t.function.name === echo),
    ).toBe(true);
    expect(env.fake.requests.length).toBe(anthropicBefore);
  });

  it('the default provider starts new conversations; a keyless server on this computer needs no key; a provider removed is said by name', async () => {
    const { h, service, events, finished } = await start('here');
    local.script({ content: 'Hello from here.' });
    const c = await h.chat.create();
    expect(c.settings.provider).toBe('here');
    await h.chat.send(c.id, 'hi');
    await finished(c.id);
    // No default model set: the first the server lists (in name order).
    expect(chatRequests(local).at(-1)!.body!.model).toBe('llama-4-local');
    expect((await h.chat.get(c.id)).messages[1]!.blocks).toEqual([
      { type: 'text', text: 'Hello from here.' },
    ]);
    // A conversation from before providers could be chosen (a Claude model, no provider) stays Anthropic's.
    expect((await h.providers.forConversation({ model: 'claude-sonnet-5-5', maxTokens: 10 })).id).toBe(
      'anthropic',
    );
    expect((await h.providers.forConversation({ maxTokens: 10 })).id).toBe('here');

    const settings = (await service.getSettings()).settings;
    await service.saveSettings({
      ...settings,
      providers: settings.providers.filter((p) => p.id !== 'here'),
      defaultProvider: 'anthropic',
    });
    await h.chat.send(c.id, 'still there?');
    await expect
      .poll(() => events.find((e) => e.conversationId === c.id && e.kind === 'error'))
      .toMatchObject({
        error: { message: expect.stringContaining('The provider "here" is no longer in Settings') },
      });
    await finished(c.id);
  });

  it('an API that echoes the key in its error: the person sees it redacted, nowhere kept (found by a review)', async () => {
    const { h, events, finished } = await start();
    gateway.script({
      status: 401,
      type: 'invalid_request_error',
      message: `Received API Key = ${OPENAI_KEY}`,
    });
    const c = await h.chat.create({ provider: 'gw' });
    await h.chat.send(c.id, 'hi');
    await finished(c.id);
    const error = events.find((e) => e.conversationId === c.id && e.kind === 'error');
    expect(error).toMatchObject({
      error: { kind: 'auth', message: expect.stringContaining('Received API Key = [redacted]') },
    });
    expect(JSON.stringify(events)).not.toContain(OPENAI_KEY);
    expect(JSON.stringify(await h.chat.get(c.id))).not.toContain(OPENAI_KEY);
  });

  it('keys: each bound to its provider and origin, never in the settings view; removing a provider forgets its key; another address gets none', async () => {
    const { h, service } = await start();
    const view = await service.getSettings();
    expect(view.providers.map((p) => [p.id, p.kind, p.hasKey, p.local])).toEqual([
      ['anthropic', 'anthropic', true, false],
      ['gw', 'openai-compatible', true, true], // the fakes listen on this computer
      ['here', 'openai-compatible', false, true],
    ]);
    expect(JSON.stringify(view)).not.toContain(OPENAI_KEY);
    expect(await h.secrets.get(`openai/gw/api-key@${new URL(gateway.url).origin}`)).toBe(OPENAI_KEY);
    h.logs.append('x', 'stderr', 'info', `leaked ${OPENAI_KEY}`);
    expect(h.logs.entries('x')[0]?.text).toBe('leaked [redacted]');
    // Pointed at another address: no key goes there.
    const elsewhere = withProvider(view.settings, 'gw', { baseUrl: local.url });
    await service.saveSettings(elsewhere);
    expect((await service.getSettings()).providers[1]).toMatchObject({ id: 'gw', hasKey: false });
    local.script({ content: 'no key here' });
    const c = await h.chat.create({ provider: 'gw' });
    await h.chat.send(c.id, 'hi');
    await expect
      .poll(() =>
        local.requests.some(
          (r) => r.path === '/v1/chat/completions' && r.headers.authorization === 'Bearer none',
        ),
      )
      .toBe(true);
    expect(JSON.stringify(local.requests)).not.toContain(OPENAI_KEY);
    // Back, then removed: its key goes with it.
    await service.saveSettings(view.settings);
    expect((await service.getSettings()).providers[1]).toMatchObject({ hasKey: true });
    await service.saveSettings({
      ...view.settings,
      providers: view.settings.providers.filter((p) => p.id !== 'gw'),
    });
    expect(await h.secrets.get(`openai/gw/api-key@${new URL(gateway.url).origin}`)).toBeUndefined();
    await expect(service.setApiKey('nope', 'k')).rejects.toThrow('No provider "nope" in Settings');
    service.dispose();
  });

  it('a provider removed after its address was changed still forgets the key it was given (found by an attack review)', async () => {
    const { h, service } = await start();
    const view = await service.getSettings();
    // Pointed elsewhere (the key stays with the address it was entered for), then removed.
    await service.saveSettings(withProvider(view.settings, 'gw', { baseUrl: local.url }));
    await service.saveSettings({
      ...view.settings,
      providers: view.settings.providers.filter((p) => p.id !== 'gw'),
    });
    // "A provider removed takes its key with it": one added again under that id and address gets none.
    expect(await h.secrets.get(`openai/gw/api-key@${new URL(gateway.url).origin}`)).toBeUndefined();
    service.dispose();
  });

  it('sampling goes to any provider: the person picks one, or the server’s hints are matched across all of them', async () => {
    const { h } = await start();
    const next = async (kind: ConsentRequest['kind']) => {
      await expect.poll(() => h.consent.queue().some((c) => c.kind === kind), { timeout: 10_000 }).toBe(true);
      return h.consent.queue().find((c) => c.kind === kind)!;
    };
    gateway.script({ content: 'Sampled by the gateway.' });
    const call = h.registry
      .get('everything')!
      .callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 500 });
    const request = await next('sampling');
    h.consent.answer(request.id, { kind: 'sampling', approve: true, provider: 'gw', model: 'gpt-5.5-mini' });
    const review = await next('sampling-result');
    expect(review).toMatchObject({
      result: { content: { type: 'text', text: 'Sampled by the gateway.' }, model: 'gpt-5.5-mini' },
    });
    h.consent.answer(review.id, { kind: 'sampling-result', approve: true });
    const result = (await call) as CallToolResult;
    expect(JSON.stringify(result.content)).toContain('Sampled by the gateway.');
    // Capped by Settings' maxTokensCap (4096 default: 500 stays).
    expect(chatRequests(gateway).at(-1)!.body).toMatchObject({
      model: 'gpt-5.5-mini',
      max_completion_tokens: 500,
    });

    // Hints across providers, the default provider's models first.
    const chosen = (hints: string[]) =>
      h.providers.forSampling({ hints: hints.map((name) => ({ name })) }, {}).then((e) => [e.id, e.model]);
    expect(await chosen(['mini'])).toEqual(['gw', 'gpt-5.5-mini']);
    expect(await chosen(['qwen', 'mini'])).toEqual(['here', 'qwen3:8b']);
    expect(await chosen(['sonnet', 'qwen'])).toEqual(['anthropic', 'claude-sonnet-5-5']);
    expect(await chosen(['gemini'])).toEqual(['anthropic', 'claude-sonnet-5-5']);
    expect(await h.providers.forSampling(undefined, { provider: 'gw' }).then((e) => e.model)).toBe('gpt-5.5');
  });
});
