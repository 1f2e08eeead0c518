import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../../../e2e/fixtures/anthropic/fakeAnthropic';
import type { ModelStreamEvent } from '../modelProvider';
import { ProviderError } from '../providerError';
import { AnthropicProvider, FALLBACK_MODELS } from './anthropicProvider';

const KEY = 'sk-ant-test-7f3a';
let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
});
afterAll(async () => {
  await fake.stop();
});

const provider = (apiKey: string | undefined = KEY) =>
  new AnthropicProvider(async () => ({ baseUrl: fake.url, apiKey }));

describe('AnthropicProvider against the fake API, through the real SDK', () => {
  it('lists models from the API (asking once a while), and falls back (saying why) when it cannot', async () => {
    const p = provider();
    const asked = () => fake.requests.filter((r) => r.path === '/v1/models').length;
    const before = asked();
    expect(await p.listModels()).toEqual({
      models: ['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-haiku-5-5'],
      source: 'api',
    });
    expect((await p.listModels()).models).toHaveLength(3);
    expect(asked()).toBe(before + 1);
    const bad = await provider('wrong').listModels();
    expect(bad.source).toBe('fallback');
    expect(bad.models).toEqual(FALLBACK_MODELS);
    expect(bad.error).toMatch(/API key was refused \(401\)/);
    expect(bad.error).not.toContain('wrong');
  });

  it('sends the key only to the configured base URL, whatever the environment says', async () => {
    process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9/elsewhere';
    process.env.ANTHROPIC_AUTH_TOKEN = 'env-token';
    process.env.ANTHROPIC_CUSTOM_HEADERS = 'X-Env-Header: env-custom-value';
    try {
      fake.script({ content: [{ type: 'text', text: 'hello' }] });
      const before = fake.requests.length;
      const reply = await provider().sample(
        { maxTokens: 10, messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
        'claude-sonnet-5-5',
      );
      expect(reply).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'hello' } });
      const sent = fake.requests[before]!;
      expect(sent.path).toBe('/v1/messages');
      expect(JSON.stringify(sent.headers)).toContain(KEY);
      expect(JSON.stringify(sent.headers)).not.toContain('env-token');
      expect(JSON.stringify(sent.headers)).not.toContain('env-custom-value');
    } finally {
      delete process.env.ANTHROPIC_BASE_URL;
      delete process.env.ANTHROPIC_AUTH_TOKEN;
      delete process.env.ANTHROPIC_CUSTOM_HEADERS;
    }
  });

  it('extended thinking: asked with its budget, streamed as thinking with its signature, given back as it came', async () => {
    fake.script({
      content: [
        {
          type: 'thinking',
          thinking: 'The person wants the weather; I should call the tool.',
          signature: 'sig-abc123',
        },
        { type: 'tool_use', id: 'toolu_t', name: 'weather_get', input: { city: 'Oslo' } },
      ],
    });
    const events: ModelStreamEvent[] = [];
    for await (const e of provider().stream({
      model: 'claude-sonnet-5-5',
      maxTokens: 4000,
      thinkingBudget: 2048,
      messages: [{ role: 'user', blocks: [{ type: 'text', text: 'weather?' }] }],
      tools: [{ name: 'weather_get', inputSchema: { type: 'object' } }],
    }))
      events.push(e);
    expect(fake.requests.at(-1)!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 } });
    const thought = events.flatMap((e) => (e.type === 'thinking' && e.text ? [e.text] : [])).join('');
    expect(thought).toBe('The person wants the weather; I should call the tool.');
    expect(events).toContainEqual({ type: 'thinking', index: 0, signature: 'sig-abc123' });

    // The next request carries the thinking back, signature and all, before the tool use.
    fake.script({ content: [{ type: 'text', text: 'Cold.' }] });
    for await (const _ of provider().stream({
      model: 'claude-sonnet-5-5',
      maxTokens: 4000,
      thinkingBudget: 2048,
      messages: [
        { role: 'user', blocks: [{ type: 'text', text: 'weather?' }] },
        {
          role: 'assistant',
          blocks: [
            { type: 'thinking', text: thought, signature: 'sig-abc123' },
            { type: 'thinking', text: '', redacted: 'ENCRYPTED' },
            { type: 'tool_use', id: 'toolu_t', name: 'weather_get', input: { city: 'Oslo' } },
          ],
        },
        {
          role: 'user',
          blocks: [
            {
              type: 'tool_result',
              toolUseId: 'toolu_t',
              result: { content: [{ type: 'text', text: '-3 C' }] },
            },
          ],
        },
      ],
      tools: [{ name: 'weather_get', inputSchema: { type: 'object' } }],
    }));
    const messages = fake.requests.at(-1)!.body!.messages as { role: string; content: unknown[] }[];
    expect(messages[1]!.content.slice(0, 2)).toEqual([
      { type: 'thinking', thinking: thought, signature: 'sig-abc123' },
      { type: 'redacted_thinking', data: 'ENCRYPTED' },
    ]);
    expect(messages[1]!.content).toHaveLength(3);
  });

  it('reasoning another provider wrote (no signature) is not sent: the API would refuse the whole request', async () => {
    fake.script({ content: [{ type: 'text', text: 'Fine.' }] });
    for await (const _ of provider().stream({
      model: 'claude-sonnet-5-5',
      maxTokens: 100,
      messages: [
        { role: 'user', blocks: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          blocks: [
            { type: 'thinking', text: 'from a local model' },
            { type: 'text', text: 'Hello.' },
          ],
        },
        { role: 'assistant', blocks: [{ type: 'thinking', text: 'only thinking' }] },
        { role: 'user', blocks: [{ type: 'text', text: 'again' }] },
      ],
      tools: [],
    }));
    expect(fake.requests.at(-1)!.body!.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] },
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
    ]);
  });

  it('a line that never ends is cut off by what the SDK reads, not held in memory without end', async () => {
    // One `data:` line of 512 MiB, no newline: the SDK's line reader would hold it all before any event.
    fake.script({ content: [{ type: 'text', text: 'x' }], endlessLine: { bytes: 1 << 20, count: 512 } });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const outcome = await (async () => {
      for await (const _ of provider().stream({
        model: 'claude-sonnet-5-5',
        maxTokens: 10,
        messages: [{ role: 'user', blocks: [{ type: 'text', text: 'hi' }] }],
        tools: [],
      }));
      return 'taken whole';
    })().catch((e: unknown) => (e instanceof ProviderError ? `${e.kind}: ${e.message}` : String(e)));
    clearInterval(sampler);
    expect(outcome).toMatch(/passed 64 MiB and was cut off/);
    expect(peak - before).toBeLessThan(256 * 1024 * 1024);
  }, 60_000);

  it('streams a reply as neutral events: the model, text, a tool use with its input in pieces, why it stopped', async () => {
    fake.script({
      content: [
        { type: 'text', text: 'Let me check the weather for you.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather_get', input: { city: 'Paris', days: 2 } },
      ],
      usage: { input: 40, output: 25, cacheRead: 900, cacheWrite: 60 },
    });
    const events: ModelStreamEvent[] = [];
    for await (const e of provider().stream({
      model: 'claude-sonnet-5-5',
      maxTokens: 10,
      system: 'Be brief.',
      messages: [{ role: 'user', blocks: [{ type: 'text', text: 'hi' }] }],
      tools: [
        { name: 'weather_list', inputSchema: { type: 'object' } },
        { name: 'weather_get', inputSchema: { type: 'object' } },
      ],
    }))
      events.push(e);
    expect(events[0]).toEqual({ type: 'model', model: 'claude-sonnet-5-5' });
    const text = events.flatMap((e) => (e.type === 'text' && e.index === 0 ? [e.text] : [])).join('');
    expect(text).toBe('Let me check the weather for you.');
    expect(events).toContainEqual({ type: 'tool-use', index: 1, id: 'toolu_1', name: 'weather_get' });
    const json = events.flatMap((e) => (e.type === 'tool-input' ? [e.json] : [])).join('');
    expect(JSON.parse(json)).toEqual({ city: 'Paris', days: 2 });
    expect(events.filter((e) => e.type === 'block-end')).toHaveLength(2);
    expect(events.slice(-2)).toEqual([
      { type: 'stop', reason: 'toolUse' },
      // Ours count every input token, the cached ones included (the API's input_tokens leaves them out).
      {
        type: 'usage',
        usage: { inputTokens: 1000, outputTokens: 25, cacheReadTokens: 900, cacheWriteTokens: 60 },
      },
    ]);
    // The tools went to the API in its own shape; the system prompt and the tool list are cached.
    const body = fake.requests.at(-1)!.body!;
    expect(body.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }]);
    expect(body.tools).toEqual([
      { name: 'weather_list', input_schema: { type: 'object' } },
      { name: 'weather_get', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('turns API failures into errors a person can act on', async () => {
    const ask = () =>
      provider().sample(
        { maxTokens: 1, messages: [{ role: 'user', content: { type: 'text', text: 'x' } }] },
        'm',
      );
    fake.script({
      status: 429,
      type: 'rate_limit_error',
      message: 'slow down',
      headers: { 'retry-after': '7' },
    });
    await expect(ask()).rejects.toMatchObject({ kind: 'rate-limit', retryAfterMs: 7000, retryable: true });
    fake.script({ status: 529, type: 'overloaded_error', message: 'Overloaded' });
    await expect(ask()).rejects.toMatchObject({
      kind: 'overloaded',
      message: 'The API is overloaded (529). Overloaded',
    });
    const keyless = new AnthropicProvider(async () => ({ baseUrl: fake.url, apiKey: undefined }));
    await expect(keyless.listModels()).resolves.toMatchObject({
      source: 'fallback',
      error: 'No Anthropic API key: add one in Settings.',
    });
    const down = new AnthropicProvider(async () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY }));
    const err = await down
      .sample({ maxTokens: 1, messages: [{ role: 'user', content: { type: 'text', text: 'x' } }] }, 'm')
      .catch((e: unknown) => e as ProviderError);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'network' });
    expect((err as ProviderError).message).toContain('Could not reach http://127.0.0.1:9');
  });
});
