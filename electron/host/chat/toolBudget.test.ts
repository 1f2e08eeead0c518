import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import { EVERYTHING_ENTRY } from '../../../e2e/fixtures/servers';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { hostService } from '../hostService';

const KEY = 'sk-budget-7731';
const env = withHostAndModel('sb-budget-', 'sk-ant-budget-0c2e');
let gateway: FakeOpenAI;
beforeAll(async () => {
  gateway = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(async () => {
  await gateway.stop();
});

/** server-everything seven more times: over a hundred and twenty-eight tools. */
const MORE = Object.fromEntries(
  ['e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8'].map((n) => [
    n,
    { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
  ]),
);

describe('the tool budget: never cut silently, the person chooses what a conversation offers', () => {
  it('server-everything ×8 on an OpenAI-compatible provider: said before sending; leaving a server out sends the rest; a left-out tool is not run', async () => {
    const h = await env.start({
      settings: {
        anthropic: { baseUrl: env.fake.url },
        openai: [{ id: 'gw', name: 'Company gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' }],
        defaultProvider: 'gw',
        // The budget as it was before tool search (with it, the model searches instead: toolSearch.test.ts).
        toolSearch: 'off',
      },
      servers: MORE,
    });
    const service = hostService(h);
    await service.setApiKey('gw', KEY);
    await expect
      .poll(() => new Set(h.catalog.tools().map((t) => t.server)).size, { timeout: 30_000 })
      .toBe(8);
    const perServer = h.catalog.tools().filter((t) => t.server === 'everything').length;
    await expect.poll(() => h.catalog.tools().length, { timeout: 30_000 }).toBe(perServer * 8);
    const all = h.catalog.enabledTools().length;
    expect(all).toBeGreaterThan(128);
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));
    const finishedCount = (id: string) =>
      events.filter((e) => e.conversationId === id && e.kind === 'finished').length;

    const c = await h.chat.create();
    const before = gateway.requests.length;
    await h.chat.send(c.id, 'hi');
    await expect.poll(() => finishedCount(c.id)).toBe(1);
    const error = events.find((e) => e.conversationId === c.id && e.kind === 'error');
    expect(error).toMatchObject({
      error: {
        kind: 'too-many-tools',
        retryable: false,
        message: `${all} tools are on for this conversation, and Company gateway takes at most 128 in a request. Choose which servers and tools this conversation uses.`,
      },
    });
    expect(gateway.requests.length).toBe(before);
    // Saved with the conversation: offered again (with the choice) after a restart.
    expect((await h.chat.get(c.id)).lastError?.kind).toBe('too-many-tools');

    // The person leaves one server and one tool out: remembered, and the rest goes.
    const echo8 = h.catalog.tools().find((t) => t.server === 'e7' && t.tool.name === 'echo')!.name;
    await h.chat.setSettings(c.id, {
      ...(await h.chat.get(c.id)).settings,
      leaveOut: { servers: ['e8'], tools: [{ server: 'e7', tool: 'echo' }] },
    });
    gateway.script(
      { toolCalls: [{ id: 'call_x', name: echo8, arguments: { message: 'sneaky' } }] },
      { content: 'Fine.' },
    );
    await h.chat.retry(c.id);
    await expect.poll(() => finishedCount(c.id)).toBe(2);
    const sent = gateway.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    const offered = (sent[0]!.body!.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(offered).toHaveLength(all - perServer - 1);
    expect(offered.some((n) => n.startsWith('e8__'))).toBe(false);
    expect(offered).not.toContain(echo8);
    // In name order, turn after turn (the provider's prompt cache keeps hitting it).
    expect(offered).toEqual([...offered].sort());
    // The model named the left-out tool anyway: it is not run, and it is told.
    expect(h.consent.queue()).toEqual([]);
    const saved = await h.chat.get(c.id);
    expect(saved.settings.leaveOut).toEqual({ servers: ['e8'], tools: [{ server: 'e7', tool: 'echo' }] });
    const record = saved.messages.flatMap((m) => m.toolCalls ?? [])[0];
    expect(record).toMatchObject({
      decision: 'refused',
      reason: `${echo8} is not offered in this conversation.`,
    });

    // A new conversation with the same servers starts from that choice instead of being refused
    // again before the person has said anything.
    const c2 = await h.chat.create();
    expect(c2.settings.leaveOut).toEqual({ servers: ['e8'], tools: [{ server: 'e7', tool: 'echo' }] });
    gateway.script({ content: 'No need to choose again.' });
    await h.chat.send(c2.id, 'hello');
    await expect.poll(() => finishedCount(c2.id)).toBe(1);
    expect(events.some((e) => e.conversationId === c2.id && e.kind === 'error')).toBe(false);
    expect((await h.chat.get(c2.id)).messages.at(-1)?.blocks).toEqual([
      { type: 'text', text: 'No need to choose again.' },
    ]);
    // Another set of servers has its own (none yet): a choice is never carried to servers it was not made with.
    await h.registry.session('e8').stop();
    await expect.poll(() => new Set(h.catalog.enabledTools().map((t) => t.server)).size).toBe(7);
    expect((await h.chat.create()).settings.leaveOut).toBeUndefined();
    await h.registry.start('e8');
    await expect
      .poll(() => new Set(h.catalog.enabledTools().map((t) => t.server)).size, { timeout: 30_000 })
      .toBe(8);

    // A token budget of the person's is kept the same way.
    const settings = (await service.getSettings()).settings;
    await service.saveSettings({ ...settings, toolTokenBudget: 500 });
    await h.chat.send(c.id, 'again');
    await expect.poll(() => finishedCount(c.id)).toBe(3);
    expect(events.filter((e) => e.conversationId === c.id && e.kind === 'error').at(-1)).toMatchObject({
      error: {
        kind: 'too-many-tools',
        message: expect.stringMatching(/come to about [\d,]+ tokens, over your budget of 500 \(Settings\)/),
      },
    });
    service.dispose();
  }, 90_000);
});
