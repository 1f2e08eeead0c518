import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../../e2e/fixtures/anthropic/fakeAnthropic';
import { AnthropicProvider, FALLBACK_MODELS } from './anthropicProvider';
import { ProviderError } from './providerError';

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
      const reply = await provider().createMessage({
        model: 'claude-sonnet-5-5',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(reply.content).toEqual([{ type: 'text', text: 'hello' }]);
      const sent = fake.requests[before]!;
      expect(sent.path).toBe('/v1/messages');
      expect(JSON.stringify(sent.headers)).toContain(KEY);
      expect(JSON.stringify(sent.headers)).not.toContain('env-token');
    } finally {
      delete process.env.ANTHROPIC_BASE_URL;
      delete process.env.ANTHROPIC_AUTH_TOKEN;
    }
  });

  it('streams the exact event sequence', async () => {
    fake.script({
      content: [
        { type: 'text', text: 'Let me check the weather for you.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather_get', input: { city: 'Paris', days: 2 } },
      ],
    });
    const types: string[] = [];
    let json = '';
    for await (const e of provider().streamMessage({
      model: 'claude-sonnet-5-5',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    })) {
      types.push(e.type === 'content_block_delta' ? `${e.type}:${e.delta.type}` : e.type);
      if (e.type === 'content_block_delta' && e.delta.type === 'input_json_delta')
        json += e.delta.partial_json;
    }
    expect(types[0]).toBe('message_start');
    expect(types).toContain('content_block_delta:text_delta');
    expect(types).toContain('content_block_delta:input_json_delta');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(JSON.parse(json)).toEqual({ city: 'Paris', days: 2 });
  });

  it('turns API failures into errors a person can act on', async () => {
    const ask = () =>
      provider().createMessage({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] });
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
      .createMessage({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'network' });
    expect(err.message).toContain('Could not reach http://127.0.0.1:9');
  });
});
