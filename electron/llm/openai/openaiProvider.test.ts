import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ModelMessage, ModelStreamEvent, ModelTurnRequest } from '../modelProvider';
import { ProviderError } from '../providerError';
import { OPENAI_MAX_TOOLS, OpenAIProvider } from './openaiProvider';

const KEY = 'sk-openai-test-91c2';
let fake: FakeOpenAI;
let local: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  local = await startFakeOpenAI({ apiKey: null, models: ['qwen3:8b'] });
});
afterAll(async () => {
  await fake.stop();
  await local.stop();
});

const provider = (apiKey: string | undefined = KEY, baseUrl = fake.url) =>
  new OpenAIProvider('Test gateway', async () => ({ baseUrl, apiKey }));
/** No key stored (a default parameter would put KEY back). */
const keyless = (baseUrl: string) =>
  new OpenAIProvider('Test gateway', async () => ({ baseUrl, apiKey: undefined }));

const collect = async (events: AsyncIterable<ModelStreamEvent>) => {
  const out: ModelStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
};

const turn = (messages: ModelMessage[], extra: Partial<ModelTurnRequest> = {}): ModelTurnRequest => ({
  model: 'gpt-5.5',
  maxTokens: 500,
  messages,
  tools: [],
  ...extra,
});

const ask = (text: string): ModelMessage => ({ role: 'user', blocks: [{ type: 'text', text }] });

describe('OpenAIProvider against the fake Chat Completions API, through the real openai SDK', () => {
  it('lists models from the API (asked once a while); a refused key is said without the key', async () => {
    const p = provider();
    const asked = () => fake.requests.filter((r) => r.path === '/v1/models').length;
    const before = asked();
    expect(await p.listModels()).toEqual({
      models: ['gpt-5.5', 'gpt-5.5-mini', 'llama-4-local'],
      source: 'api',
    });
    await p.listModels();
    expect(asked()).toBe(before + 1);
    const bad = await provider('sk-wrong').listModels();
    expect(bad).toMatchObject({ models: [], source: 'fallback' });
    expect(bad.error).toMatch(
      /API key was refused \(401\): Incorrect API key provided\. Check Test gateway's key/,
    );
    expect(bad.error).not.toContain('sk-wrong');
  });

  it('a server on this computer needs no key; elsewhere no key is said before any request', async () => {
    const onThisComputer = keyless(local.url);
    expect(await onThisComputer.hasKey()).toBe(true);
    expect((await onThisComputer.listModels()).models).toEqual(['qwen3:8b']);
    expect(local.requests.at(-1)!.headers.authorization).toBe('Bearer none');
    const remote = keyless('https://api.example.com/v1');
    expect(await remote.hasKey()).toBe(false);
    await expect(collect(remote.stream(turn([ask('hi')])))).rejects.toMatchObject({
      kind: 'no-key',
      message: 'No API key for Test gateway: add one in Settings.',
    });
  });

  it('sends the key only to the configured base URL, with nothing from the environment', async () => {
    const saved = { ...process.env };
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
    process.env.OPENAI_API_KEY = 'env-key';
    process.env.OPENAI_ORG_ID = 'org-env';
    process.env.OPENAI_PROJECT_ID = 'proj-env';
    // Our key's own header is never taken off, whatever the variable names.
    process.env.OPENAI_CUSTOM_HEADERS = 'X-Gateway-Token: env-secret\nAuthorization: Bearer env-auth';
    try {
      fake.script({ content: 'hello' });
      const before = fake.requests.length;
      await collect(provider().stream(turn([ask('hi')])));
      const sent = fake.requests[before]!;
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
      const headers = JSON.stringify(sent.headers);
      for (const leaked of ['env-key', 'org-env', 'proj-env', 'env-secret', 'env-auth'])
        expect(headers).not.toContain(leaked);
    } finally {
      process.env = saved;
    }
  });

  it('streams text and parallel tool calls (arguments in interleaved fragments) as neutral events', async () => {
    fake.script({
      content: 'Checking both.',
      toolCalls: [
        { id: 'call_a', name: 'weather__forecast', arguments: { city: 'Lisbon', days: 3 } },
        { id: 'call_b', name: 'files__read', arguments: { path: '/tmp/notes.txt' } },
      ],
      model: 'gpt-5.5-2026-10-01',
      usage: { prompt: 1200, completion: 30, cached: 1024 },
    });
    const events = await collect(
      provider().stream(
        turn([ask('weather and notes')], {
          system: 'Be brief.',
          tools: [
            { name: 'weather__forecast', description: 'Forecast', inputSchema: { type: 'object' } },
            {
              name: 'files__read',
              inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
            },
          ],
        }),
      ),
    );
    expect(events[0]).toEqual({ type: 'model', model: 'gpt-5.5-2026-10-01' });
    const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
    expect(text).toBe('Checking both.');
    expect(events.filter((e) => e.type === 'tool-use')).toEqual([
      { type: 'tool-use', index: 2, id: 'call_a', name: 'weather__forecast' },
      { type: 'tool-use', index: 3, id: 'call_b', name: 'files__read' },
    ]);
    const json = (index: number) =>
      events.flatMap((e) => (e.type === 'tool-input' && e.index === index ? [e.json] : [])).join('');
    expect(JSON.parse(json(2))).toEqual({ city: 'Lisbon', days: 3 });
    expect(JSON.parse(json(3))).toEqual({ path: '/tmp/notes.txt' });
    // Gathered whole before they are told (a name may come in pieces).
    expect(events.filter((e) => e.type === 'tool-input' && e.index === 2)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'block-end')).toEqual([
      { type: 'block-end', index: 1 },
      { type: 'block-end', index: 2 },
      { type: 'block-end', index: 3 },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'stop', reason: 'toolUse' },
      { type: 'usage', usage: { inputTokens: 1200, outputTokens: 30, cacheReadTokens: 1024 } },
    ]);
    const body = fake.requests.at(-1)!.body!;
    expect(body).toMatchObject({
      model: 'gpt-5.5',
      max_completion_tokens: 500,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'weather and notes' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'weather__forecast', description: 'Forecast', parameters: { type: 'object' } },
        },
        { type: 'function', function: { name: 'files__read' } },
      ],
    });
  });

  it('reasoning_effort goes only when the conversation asks for it; an Anthropic thinking budget never goes', async () => {
    fake.script({ content: 'a' }, { content: 'b' });
    await collect(provider().stream(turn([ask('think')], { thinkingBudget: 2048 })));
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('reasoning_effort');
    expect(JSON.stringify(fake.requests.at(-1)!.body)).not.toMatch(/thinking|budget/);
    await collect(provider().stream(turn([ask('think hard')], { reasoningEffort: 'high' })));
    expect(fake.requests.at(-1)!.body).toMatchObject({ reasoning_effort: 'high' });
  });

  it('reasoning a compatible server streams (reasoning_content) is thinking; it is not sent back', async () => {
    fake.script({ reasoning: 'Two plus two is four.', content: 'Four.' }, { content: 'ok' });
    const events = await collect(provider().stream(turn([ask('2+2?')])));
    expect(events.flatMap((e) => (e.type === 'thinking' ? [e.text] : [])).join('')).toBe(
      'Two plus two is four.',
    );
    expect(
      events.filter((e) => e.type === 'thinking').every((e) => e.type === 'thinking' && e.index === 0),
    ).toBe(true);
    await collect(
      provider().stream(
        turn([
          ask('2+2?'),
          {
            role: 'assistant',
            blocks: [
              { type: 'thinking', text: 'Two plus two is four.' },
              { type: 'text', text: 'Four.' },
            ],
          },
          ask('sure?'),
        ]),
      ),
    );
    expect(fake.requests.at(-1)!.body!.messages).toEqual([
      { role: 'user', content: '2+2?' },
      { role: 'assistant', content: 'Four.' },
      { role: 'user', content: 'sure?' },
    ]);
  });

  it('a compatible server that finishes tool calls with "stop" still gets its tools run; "length" is maxTokens', async () => {
    fake.script(
      { toolCalls: [{ id: 'call_x', name: 'echo', arguments: {} }], finishReason: 'stop' },
      { content: 'cut', finishReason: 'length' },
    );
    expect((await collect(provider().stream(turn([ask('go')])))).find((e) => e.type === 'stop')).toEqual({
      type: 'stop',
      reason: 'toolUse',
    });
    expect((await collect(provider().stream(turn([ask('go')])))).find((e) => e.type === 'stop')).toEqual({
      type: 'stop',
      reason: 'maxTokens',
    });
  });

  it('what a hostile or broken server puts in a chunk is taken only as the types the API documents (found by an attack review)', async () => {
    // A model id that is no string was saved with the reply and broke its view (prices, the label)
    // every time the conversation was opened; usage that is no count made the totals NaN or strings.
    fake.script({
      content: 'Hello.',
      toolCalls: [{ id: 'call_a', name: 'files__read', arguments: { path: '/tmp/x' } }],
      model: { toString: null } as unknown as string,
      usage: { prompt: '1200' as unknown as number, completion: -5, cached: 1.5 },
    });
    const events = await collect(
      provider().stream(
        turn([ask('hi')], { tools: [{ name: 'files__read', inputSchema: { type: 'object' } }] }),
      ),
    );
    for (const e of events) if (e.type === 'model') expect(typeof e.model).toBe('string');
    const usage = events.find((e) => e.type === 'usage');
    if (usage?.type === 'usage')
      for (const n of Object.values(usage.usage)) {
        expect(typeof n).toBe('number');
        expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
      }
    expect(events.filter((e) => e.type === 'tool-use')).toHaveLength(1);
  });

  it('a reply that never ends its tool call’s arguments is cut off, not held in memory without end (found by an attack review)', async () => {
    // 512 MiB of one call's arguments: no model writes that; a hostile or broken server can.
    fake.script({
      toolCalls: [{ id: 'c', name: 'files__read', arguments: {} }],
      flood: { bytes: 1 << 20, count: 512 },
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const outcome = await collect(
      provider().stream(
        turn([ask('hi')], { tools: [{ name: 'files__read', inputSchema: { type: 'object' } }] }),
      ),
    ).then(
      () => 'taken whole',
      (e: unknown) => (e instanceof ProviderError ? e.kind : String(e)),
    );
    clearInterval(sampler);
    expect(outcome).toBe('server');
    expect(peak - before).toBeLessThan(256 * 1024 * 1024);
  }, 60_000);

  it('a line that never ends is cut off by what the SDK reads, not held in memory without end', async () => {
    // One `data:` line of 512 MiB, no newline: the SDK's line reader would hold it all before any chunk.
    fake.script({ endlessLine: { bytes: 1 << 20, count: 512 } });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const outcome = await collect(provider().stream(turn([ask('hi')]))).then(
      () => 'taken whole',
      (e: unknown) => (e instanceof ProviderError ? `${e.kind}: ${e.message}` : String(e)),
    );
    clearInterval(sampler);
    expect(outcome).toMatch(/passed 64 MiB and was cut off/);
    expect(peak - before).toBeLessThan(256 * 1024 * 1024);
  }, 60_000);

  it('history goes as Chat Completions wants it: tool calls, a tool message per result, images after them', async () => {
    fake.script({ content: 'done' });
    await collect(
      provider().stream(
        turn([
          ask('draw'),
          {
            role: 'assistant',
            blocks: [
              { type: 'text', text: 'Drawing.' },
              { type: 'tool_use', id: 'call_1', name: 'paint__draw', input: { shape: 'circle' } },
              { type: 'tool_use', id: 'call_2', name: 'paint__size', input: {} },
            ],
          },
          {
            role: 'user',
            blocks: [
              {
                type: 'tool_result',
                toolUseId: 'call_1',
                result: {
                  content: [
                    { type: 'text', text: 'a circle' },
                    { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
                  ],
                },
              },
              // call_2 never answered (the app was closed mid-call): answered as interrupted.
            ],
          },
          {
            role: 'assistant',
            blocks: [{ type: 'tool_use', id: 'call_3', name: 'paint__erase', input: {} }],
          },
          ask('and now?'),
        ]),
      ),
    );
    const messages = fake.requests.at(-1)!.body!.messages as Record<string, unknown>[];
    expect(messages).toEqual([
      { role: 'user', content: 'draw' },
      {
        role: 'assistant',
        content: 'Drawing.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'paint__draw', arguments: '{"shape":"circle"}' },
          },
          { id: 'call_2', type: 'function', function: { name: 'paint__size', arguments: '{}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'a circle\n\n[1 image(s) from this result follow in the next user message]',
      },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content:
          '[the tool reported an error]\nThe call was interrupted before it finished (Switchboard stopped or closed).',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Images from the result of tool call call_1:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'paint__erase', arguments: '{}' } }],
      },
      {
        role: 'tool',
        tool_call_id: 'call_3',
        content:
          '[the tool reported an error]\nThe call was interrupted before it finished (Switchboard stopped or closed).',
      },
      { role: 'user', content: 'and now?' },
    ]);
  });

  it('a provider whose models read no images gets each described in text, never dropped unsaid', async () => {
    fake.script({ content: 'ok' });
    const blind = new OpenAIProvider('Blind', async () => ({
      baseUrl: fake.url,
      apiKey: KEY,
      images: false,
    }));
    await collect(
      blind.stream(
        turn([
          {
            role: 'user',
            blocks: [
              { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
              { type: 'text', text: 'see?' },
            ],
          },
          { role: 'assistant', blocks: [{ type: 'tool_use', id: 'call_i', name: 'paint__draw', input: {} }] },
          {
            role: 'user',
            blocks: [
              {
                type: 'tool_result',
                toolUseId: 'call_i',
                result: { content: [{ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }] },
              },
            ],
          },
        ]),
      ),
    );
    const messages = fake.requests.at(-1)!.body!.messages as { role: string; content: unknown }[];
    const said = '[image of type image/png, 9 bytes: this model does not take images]';
    expect(messages[0]).toEqual({ role: 'user', content: `${said}\n\nsee?` });
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_i', content: said });
    expect(messages).toHaveLength(3);
  });

  it('errors read as the Anthropic ones: 429 with retry-after, context too long, server, network', async () => {
    fake.script(
      { status: 429, message: 'Rate limit reached', type: 'requests', headers: { 'retry-after': '7' } },
      {
        status: 400,
        message: "This model's maximum context length is 128000 tokens.",
        code: 'context_length_exceeded',
      },
      { status: 503, message: 'upstream down', type: 'server_error' },
      { status: 400, message: 'registry.ollama.ai/library/gemma3:1b does not support tools' },
    );
    const failure = async () => {
      try {
        await collect(provider().stream(turn([ask('x')])));
      } catch (error) {
        return error as ProviderError;
      }
      throw new Error('did not fail');
    };
    expect(await failure()).toMatchObject({ kind: 'rate-limit', retryAfterMs: 7000, retryable: true });
    expect(await failure()).toMatchObject({
      kind: 'too-long',
      retryable: false,
      message:
        "The conversation no longer fits the model's context (400): This model's maximum context length is 128000 tokens.",
    });
    expect(await failure()).toMatchObject({ kind: 'server', status: 503, retryable: true });
    // A local model without tool support is said so, with what to do.
    expect((await failure()).message).toBe(
      "This model takes no tools (400): registry.ollama.ai/library/gemma3:1b does not support tools. Pick a model that does (Model…), or leave this conversation's tools out (Tools…).",
    );
    const down = await collect(provider(KEY, 'http://127.0.0.1:9/v1').stream(turn([ask('x')]))).catch(
      (e) => e,
    );
    expect(down).toBeInstanceOf(ProviderError);
    expect(down).toMatchObject({ kind: 'network' });
    expect(down.message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
  });

  it('more tools than Chat Completions takes is said before sending, never dropped silently', async () => {
    const before = fake.requests.length;
    const tools = Array.from({ length: OPENAI_MAX_TOOLS + 2 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: { type: 'object' },
    }));
    await expect(collect(provider().stream(turn([ask('x')], { tools })))).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringContaining('takes at most 128 tools in a request, and 130 are enabled'),
    });
    expect(fake.requests.length).toBe(before);
  });

  it('Stop aborts the stream', async () => {
    fake.script({ content: 'a long answer that takes a while to write out', chunkDelayMs: 50 });
    const stop = new AbortController();
    const seen: ModelStreamEvent[] = [];
    const run = (async () => {
      for await (const e of provider().stream(turn([ask('x')]), stop.signal)) {
        seen.push(e);
        if (e.type === 'text') stop.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(seen.some((e) => e.type === 'text')).toBe(true);
  });

  it('answers a sampling request: messages, tools and tool choice mapped, the reply as MCP content', async () => {
    fake.script({
      toolCalls: [{ id: 'call_s', name: 'lookup', arguments: { q: 'mcp' } }],
      usage: { prompt: 40, completion: 9 },
    });
    const usage: unknown[] = [];
    const result = await provider().sample(
      {
        maxTokens: 64,
        systemPrompt: 'You help a server.',
        temperature: 0.2,
        stopSequences: ['END'],
        messages: [{ role: 'user', content: { type: 'text', text: 'look it up' } }],
        tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
        toolChoice: { mode: 'required' },
      },
      'gpt-5.5-mini',
      undefined,
      (u) => usage.push(u),
    );
    // What it cost, as the API counted it (for the activity record).
    expect(usage).toEqual([{ inputTokens: 40, outputTokens: 9 }]);
    expect(result).toEqual({
      role: 'assistant',
      content: { type: 'tool_use', id: 'call_s', name: 'lookup', input: { q: 'mcp' } },
      model: 'gpt-5.5-mini',
      stopReason: 'toolUse',
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      model: 'gpt-5.5-mini',
      max_completion_tokens: 64,
      temperature: 0.2,
      stop: ['END'],
      tool_choice: 'required',
      messages: [
        { role: 'system', content: 'You help a server.' },
        { role: 'user', content: 'look it up' },
      ],
    });
  });
});
