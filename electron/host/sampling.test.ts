import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../../e2e/fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY } from '../../e2e/fixtures/servers';
import type { ConsentRequest } from '../../shared/host/consent';
import type { CallToolResult } from '../../shared/mcp/protocol';
import { ANTHROPIC_KEY_SECRET, Host } from './host';

const KEY = 'sk-ant-sampling-5e1d';
let fake: FakeAnthropic;
let home: string;
let host: Host | undefined;

beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-sampling-'));
});
afterEach(async () => {
  await host?.shutdown();
  host = undefined;
  await rm(home, { recursive: true, force: true });
});

async function start(sampling: { maxTokensCap: number; perServerPerMinute: number }, withKey = true) {
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
    }),
  );
  await writeFile(
    path.join(home, 'settings.json'),
    JSON.stringify({ anthropic: { baseUrl: fake.url }, sampling }),
  );
  host = await Host.create({ home });
  if (withKey) await host.secrets.set(ANTHROPIC_KEY_SECRET, KEY);
  else await host.secrets.delete(ANTHROPIC_KEY_SECRET);
  await host.registry.trust('everything');
  await expect
    .poll(() => host!.catalog.tools().some((t) => t.tool.name === 'trigger-sampling-request'))
    .toBe(true);
  return host;
}

const next = async (h: Host, kind: ConsentRequest['kind']) => {
  await expect.poll(() => h.consent.queue().some((c) => c.kind === kind), { timeout: 10_000 }).toBe(true);
  return h.consent.queue().find((c) => c.kind === kind)!;
};
const sample = (h: Host, prompt: string) =>
  h.registry.get('everything')!.client!.callTool('trigger-sampling-request', { prompt, maxTokens: 500 });
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('sampling through the Anthropic provider (fake API, real SDK, server-everything)', () => {
  it('the person edits the request and picks the model; the answer is reviewed, edited and returned', async () => {
    const h = await start({ maxTokensCap: 100, perServerPerMinute: 10 });
    fake.script({ content: [{ type: 'text', text: 'The model says hi.' }] });
    const before = fake.requests.length;
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
    const sent = fake.requests.slice(before).find((r) => r.path === '/v1/messages')!;
    // maxTokens 500 capped to the setting; the edited system prompt; the chosen model.
    expect(sent.body).toMatchObject({ model: 'claude-haiku-5-5', max_tokens: 100, system: 'Be brief.' });
    expect(JSON.stringify(sent.body?.messages)).toContain('Say hi');
  });

  it('a rejection at either step is an error saying the user rejected it', async () => {
    const h = await start({ maxTokensCap: 100, perServerPerMinute: 10 });
    const first = sample(h, 'one');
    h.consent.answer((await next(h, 'sampling')).id, { kind: 'sampling', approve: false });
    expect(text(await first)).toMatch(/User rejected sampling request/);
    fake.script({ content: [{ type: 'text', text: 'draft' }] });
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
    await h.shutdown();
    host = undefined;
    const keyless = await start({ maxTokensCap: 100, perServerPerMinute: 10 }, false);
    expect(text(await sample(keyless, 'x'))).toMatch(/no model API key is set/);
    expect(keyless.consent.queue()).toEqual([]);
  });
});
