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
    } finally {
      delete process.env.ANTHROPIC_BASE_URL;
      delete process.env.ANTHROPIC_AUTH_TOKEN;
    }
  });

  it('streams a reply as neutral events: the model, text, a tool use with its input in pieces, why it stopped', async () => {
    fake.script({
      content: [
        { type: 'text', text: 'Let me check the weather for you.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather_get', input: { city: 'Paris', days: 2 } },
      ],
    });
    const events: ModelStreamEvent[] = [];
    for await (const e of provider().stream({
      model: 'claude-sonnet-5-5',
      maxTokens: 10,
      messages: [{ role: 'user', blocks: [{ type: 'text', text: 'hi' }] }],
      tools: [{ name: 'weather_get', inputSchema: { type: 'object' } }],
    }))
      events.push(e);
    expect(events[0]).toEqual({ type: 'model', model: 'claude-sonnet-5-5' });
    const text = events.flatMap((e) => (e.type === 'text' && e.index === 0 ? [e.text] : [])).join('');
    expect(text).toBe('Let me check the weather for you.');
    expect(events).toContainEqual({ type: 'tool-use', index: 1, id: 'toolu_1', name: 'weather_get' });
    const json = events.flatMap((e) => (e.type === 'tool-input' ? [e.json] : [])).join('');
    expect(JSON.parse(json)).toEqual({ city: 'Paris', days: 2 });
    expect(events.filter((e) => e.type === 'block-end')).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'toolUse' });
    // The tool went to the API in its own shape.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('"input_schema"');
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
