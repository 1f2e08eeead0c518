import { describe, expect, it } from 'vitest';
import { withHostAndModel } from '../../e2e/fixtures/hostWithModel';
import { nextConsent } from '../../e2e/fixtures/nextConsent';
import type { CallToolResult } from '../../shared/mcp/protocol';
import type { Host } from './host';

const env = withHostAndModel('sb-sampling-', 'sk-ant-sampling-5e1d');
const start = (sampling: { maxTokensCap: number; perServerPerMinute: number }, withKey = true) =>
  env.start({ settings: { sampling }, withKey });

const next = nextConsent;
const sample = (h: Host, prompt: string) =>
  h.registry.get('everything')!.callTool('trigger-sampling-request', { prompt, maxTokens: 500 });
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('sampling through the Anthropic provider (fake API, real SDK, server-everything)', () => {
  it('the person edits the request and picks the model; the answer is reviewed, edited and returned', async () => {
    const h = await start({ maxTokensCap: 100, perServerPerMinute: 10 });
    env.fake.script({ content: [{ type: 'text', text: 'The model says hi.' }] });
    const before = env.fake.requests.length;
    const call = sample(h, 'Say hi');
    const request = await next(h, 'sampling');
    if (request.kind !== 'sampling') throw new Error('expected sampling');
    h.consent.answer(request.id, {
      kind: 'sampling',
      approve: true,
      params: { ...request.params, systemPrompt: 'Be brief.' },
      model: 'claude-haiku-5-5',
    });
    const review = await next(h, 'sampling-result');
    expect(review).toMatchObject({
      result: {
        content: { type: 'text', text: 'The model says hi.' },
        model: 'claude-haiku-5-5',
        stopReason: 'endTurn',
      },
    });
    h.consent.answer(review.id, {
      kind: 'sampling-result',
      approve: true,
      result: {
        role: 'assistant',
        content: { type: 'text', text: 'Edited by the person.' },
        model: 'claude-haiku-5-5',
      },
    });
    expect(text(await call)).toContain('Edited by the person.');
    const sent = env.fake.requests.slice(before).find((r) => r.path === '/v1/messages')!;
    // The person chose the model: no need to ask the API for its list.
    expect(env.fake.requests.slice(before).some((r) => r.path === '/v1/models')).toBe(false);
    // maxTokens 500 capped to the setting; the edited system prompt; the chosen model.
    expect(sent.body).toMatchObject({ model: 'claude-haiku-5-5', max_tokens: 100, system: 'Be brief.' });
    expect(JSON.stringify(sent.body?.messages)).toContain('Say hi');
  });

  it('a rejection at either step is an error saying the user rejected it', async () => {
    const h = await start({ maxTokensCap: 100, perServerPerMinute: 10 });
    const first = sample(h, 'one');
    h.consent.answer((await next(h, 'sampling')).id, { kind: 'sampling', approve: false });
    expect(text(await first)).toMatch(/User rejected sampling request/);
    env.fake.script({ content: [{ type: 'text', text: 'draft' }] });
    const second = sample(h, 'two');
    h.consent.answer((await next(h, 'sampling')).id, { kind: 'sampling', approve: true });
    h.consent.answer((await next(h, 'sampling-result')).id, { kind: 'sampling-result', approve: false });
    expect(text(await second)).toMatch(/User rejected sampling request \(result declined\)/);
  });

  it('a server over its per-minute limit is refused before any dialog; without a key, sampling says why', async () => {
    const h = await start({ maxTokensCap: 100, perServerPerMinute: 1 });
    const first = sample(h, 'one');
    h.consent.answer((await next(h, 'sampling')).id, { kind: 'sampling', approve: false });
    await first;
    const second = await sample(h, 'two');
    expect(text(second)).toMatch(/Too many sampling requests from everything: at most 1 a minute/);
    expect(h.consent.queue()).toEqual([]);
    await env.shutdown();
    const keyless = await start({ maxTokensCap: 100, perServerPerMinute: 10 }, false);
    expect(text(await sample(keyless, 'x'))).toMatch(/no model API key is set/);
    expect(keyless.consent.queue()).toEqual([]);
  });
});

describe('sampling errors go back to the server that asked', () => {
  it('without the API key a model API echoed in its error (the server is not the model API: found by an attack review)', async () => {
    const h = await start({ maxTokensCap: 100, perServerPerMinute: 10 });
    // A gateway that quotes the key it refused (some do, in full).
    env.fake.script({
      status: 401,
      type: 'authentication_error',
      message: 'invalid x-api-key sk-ant-sampling-5e1d',
    });
    const call = sample(h, 'leak it');
    h.consent.answer((await next(h, 'sampling')).id, { kind: 'sampling', approve: true });
    const said = text(await call);
    // The server hears that sampling failed, never the key.
    expect(said).toMatch(/API key was refused/);
    expect(said).not.toContain('sk-ant-sampling-5e1d');
  });
});
