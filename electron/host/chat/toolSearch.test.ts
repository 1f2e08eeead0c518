import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { startFakeAnthropic } from '../../../e2e/fixtures/anthropic/fakeAnthropic';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { toolTokens } from '../../../shared/chat/toolBudget';
import { TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import type { Host } from '../host';
import { hostService } from '../hostService';

const KEY = 'sk-search-5120';
const ANTHROPIC_KEY = 'sk-ant-search-77d1';
const env = withHostAndModel('sb-search-', ANTHROPIC_KEY);
let gateway: FakeOpenAI;
beforeAll(async () => {
  gateway = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(async () => {
  await gateway.stop();
});

const CATALOG = path.join(import.meta.dirname, '../../../e2e/fixtures/stdio/catalog-server.mjs');
const HOSTILE = path.join(import.meta.dirname, '../../../e2e/fixtures/stdio/hostile-server.mjs');
/** Three servers of 400 tools each (20 domains × 20 verbs): with server-everything, over 1,200 tools. */
const CATALOGS = Object.fromEntries(
  ['c1', 'c2', 'c3'].map((n) => [n, { command: process.execPath, args: [CATALOG, '--domains', 'all'] }]),
);

async function startWithCatalogs(settings: Record<string, unknown> = {}): Promise<Host> {
  const h = await env.start({ settings, servers: CATALOGS });
  await expect.poll(() => h.catalog.enabledTools().length, { timeout: 60_000 }).toBeGreaterThan(1200);
  return h;
}

const finished = (events: ChatEvent[], id: string, n: number) =>
  expect
    .poll(() => events.filter((e) => e.conversationId === id && e.kind === 'finished').length, {
      timeout: 20_000,
    })
    .toBe(n);

describe('tool search: the model finds tools instead of receiving 1,200 definitions', () => {
  it('Anthropic: every tool deferred behind the API’s own search; what it finds is loaded, runs through consent, and the search goes back as the API wrote it', async () => {
    const h = await startWithCatalogs();
    const all = h.catalog.enabledTools();
    const everyTool = toolTokens(
      all.map((t) => ({ name: t.name, description: t.tool.description, inputSchema: t.tool.inputSchema })),
    );
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));
    // The API searches (its server tool), then the model calls what it found — one reply.
    env.fake.script(
      {
        content: [
          { type: 'tool_search', id: 'srvtoolu_1', query: 'archive an event in the calendar' },
          { type: 'tool_use', id: 'toolu_c1', name: 'c2__calendar_archive', input: { start: 'Monday' } },
        ],
      },
      { content: [{ type: 'text', text: 'Archived.' }] },
    );
    const c = await h.chat.create();
    const before = env.fake.requests.length;
    await h.chat.send(c.id, 'Archive Monday’s calendar event');
    // The found tool still asks the person: search changes what is loaded, not what is allowed.
    await allowNextTool(h, { like: { server: { id: 'c2' }, tool: { name: 'calendar_archive' } } });
    await finished(events, c.id, 1);
    expect(events.some((e) => e.conversationId === c.id && e.kind === 'error')).toBe(false);

    const sent = env.fake.requests.slice(before).filter((r) => r.path === '/v1/messages');
    expect(sent).toHaveLength(2);
    type Sent = { name: string; type?: string; defer_loading?: boolean; cache_control?: unknown };
    const tools = (i: number) => sent[i]!.body!.tools as Sent[];
    const loaded = (i: number) => tools(i).filter((t) => !t.defer_loading);
    // Loaded up front: the search alone (the cached head); every one of the 1,217 tools deferred.
    expect(loaded(0)).toEqual([
      {
        type: 'tool_search_tool_bm25_20251119',
        name: 'tool_search_tool_bm25',
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(
      tools(0)
        .filter((t) => t.defer_loading)
        .map((t) => t.name),
    ).toEqual(all.map((t) => t.name).sort());
    // The same tools on the next step: the head the cache keeps is unchanged.
    expect(tools(1)).toEqual(tools(0));
    const upFront = toolTokens(loaded(0) as never);
    console.log(
      `Anthropic tool search, ${all.length} tools: ${everyTool} tokens of definitions if all were loaded; loaded up front ${upFront}`,
    );
    expect(everyTool).toBeGreaterThan(50_000);
    expect(upFront).toBeLessThan(100);
    // The search went back to the API as it wrote it, beside the call and its result.
    const assistant = (sent[1]!.body!.messages as { role: string; content: { type: string }[] }[]).find(
      (m) => m.role === 'assistant',
    )!;
    expect(assistant.content.map((b) => b.type)).toEqual([
      'server_tool_use',
      'tool_search_tool_result',
      'tool_use',
    ]);
    expect(assistant.content[0]).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_1',
      name: 'tool_search_tool_bm25',
      input: { query: 'archive an event in the calendar' },
    });

    // Kept with the conversation as a search and what it found.
    const saved = await h.chat.get(c.id);
    const search = saved.messages.flatMap((m) => m.blocks).find((b) => b.type === 'tool_search');
    expect(search).toMatchObject({ id: 'srvtoolu_1', query: 'archive an event in the calendar' });
    expect(search?.type === 'tool_search' && search.found).toEqual(
      expect.arrayContaining(['c1__calendar_archive', 'c2__calendar_archive', 'c3__calendar_archive']),
    );
    env.fake.script({ content: [{ type: 'text', text: 'Anything else?' }] });
    await h.chat.send(c.id, 'Thanks');
    await finished(events, c.id, 2);
    expect(env.fake.requests.at(-1)!.body!.tools).toEqual(tools(0));
  });

  it('an OpenAI-compatible provider (at most 128 tools a request): nothing to choose; the search finds the tool and the call goes through', async () => {
    const h = await startWithCatalogs({
      openai: [{ id: 'gw', name: 'Company gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' }],
      defaultProvider: 'gw',
    });
    await hostService(h).setApiKey('gw', KEY);
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));
    gateway.script(
      {
        toolCalls: [
          {
            id: 'call_s',
            name: TOOL_SEARCH_NAME,
            arguments: { query: 'get the weather forecast for a city', limit: 3 },
          },
        ],
      },
      { toolCalls: [{ id: 'call_w', name: 'c1__weather_get', arguments: { city: 'Oslo' } }] },
      { content: 'Sunny in Oslo.' },
    );
    const c = await h.chat.create();
    // No tool choice carried in: the tools are searched, not over a limit.
    expect(c.settings.leaveOut).toBeUndefined();
    const before = gateway.requests.length;
    await h.chat.send(c.id, 'Weather in Oslo?');
    await allowNextTool(h, { like: { server: { id: 'c1' }, tool: { name: 'weather_get' } } });
    await finished(events, c.id, 1);
    expect(events.some((e) => e.conversationId === c.id && e.kind === 'error')).toBe(false);
    const sent = gateway.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    const names = (i: number) =>
      (sent[i]!.body!.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names(0)).toEqual([TOOL_SEARCH_NAME]);
    expect(names(1)).toHaveLength(4);
    expect(
      names(1)
        .slice(1)
        .every((n) => n.includes('weather')),
    ).toBe(true);
    expect(names(1)).toContain('c1__weather_get');
    const result = (sent[1]!.body!.messages as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    );
    expect(result?.content).toMatch(/^Found 3 tools for "get the weather forecast for a city"/);
    expect((await h.chat.get(c.id)).messages.at(-1)?.blocks).toEqual([
      { type: 'text', text: 'Sunny in Oslo.' },
    ]);
  });

  it("a server stuffing its descriptions with another's tool cannot capture the search: the named tool comes first, the stuffer holds two places at most", async () => {
    const h = await env.start({
      settings: {
        openai: [{ id: 'gw', name: 'Company gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' }],
        defaultProvider: 'gw',
        toolSearch: 'always',
      },
      servers: {
        gmail: { command: process.execPath, args: [CATALOG, '--domains', 'email'] },
        helper: {
          command: process.execPath,
          args: [HOSTILE, 'search-capture'],
          env: { HOSTILE_TARGET: 'gmail__email_create' },
        },
      },
    });
    await expect
      .poll(() => h.catalog.enabledTools().filter((t) => t.server === 'helper').length, { timeout: 30_000 })
      .toBe(12);
    await expect.poll(() => h.catalog.enabledTools().filter((t) => t.server === 'gmail').length).toBe(20);
    await hostService(h).setApiKey('gw', KEY);
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));
    gateway.script(
      {
        toolCalls: [
          { id: 'call_1', name: TOOL_SEARCH_NAME, arguments: { query: 'gmail__email_create', limit: 5 } },
          { id: 'call_2', name: TOOL_SEARCH_NAME, arguments: { query: 'create an email', limit: 5 } },
        ],
      },
      { content: 'Found it.' },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Write to Bob');
    await finished(events, c.id, 1);
    const blocks = (await h.chat.get(c.id)).messages.flatMap((m) => m.blocks);
    const found = (id: string) => {
      const block = blocks.find((b) => b.type === 'tool_result' && b.toolUseId === id);
      return block?.type === 'tool_result'
        ? (block.result.structuredContent as { tools: string[] })
        : undefined;
    };
    expect(found('call_1')?.tools[0]).toBe('gmail__email_create');
    const words = found('call_2')?.tools ?? [];
    expect(words).toContain('gmail__email_create');
    expect(words.filter((n) => n.startsWith('helper__')).length).toBeLessThanOrEqual(2);
  });

  it('tools the person always offers are sent whole beside the search, with either provider; the mark is kept over a restart', async () => {
    const settings = {
      openai: [{ id: 'gw', name: 'Company gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' }],
    };
    const first = await startWithCatalogs(settings);
    await first.catalog.setToolAlwaysOffer('c2', 'email_archive', true);
    await first.catalog.setToolAlwaysOffer('c1', 'calendar_list', true);
    await env.shutdown();
    // A new start reads the marks back from the tool settings file.
    const h = await startWithCatalogs(settings);
    await hostService(h).setApiKey('gw', KEY);
    expect(
      h.catalog
        .enabledTools()
        .filter((t) => t.alwaysOffer)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['c1__calendar_list', 'c2__email_archive']);
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));

    // Anthropic's own search: the two loaded before the search (the cached head ends with it), never deferred.
    env.fake.script({ content: [{ type: 'text', text: 'Hello.' }] });
    const a = await h.chat.create();
    let before = env.fake.requests.length;
    await h.chat.send(a.id, 'Hi');
    await finished(events, a.id, 1);
    type Sent = { name: string; type?: string; defer_loading?: boolean; cache_control?: unknown };
    const tools = env.fake.requests.slice(before).find((r) => r.path === '/v1/messages')!.body!
      .tools as Sent[];
    expect(tools.filter((t) => !t.defer_loading).map((t) => t.name)).toEqual([
      'c1__calendar_list',
      'c2__email_archive',
      'tool_search_tool_bm25',
    ]);
    expect(tools.filter((t) => t.cache_control).map((t) => t.name)).toEqual(['tool_search_tool_bm25']);
    const deferred = tools.filter((t) => t.defer_loading).map((t) => t.name);
    expect(deferred).toHaveLength(h.catalog.enabledTools().length - 2);
    expect(deferred).not.toContain('c2__email_archive');

    // The host's search: the search, then the two, on every step; what a search finds comes after them.
    gateway.script(
      {
        toolCalls: [
          {
            id: 'call_p',
            name: TOOL_SEARCH_NAME,
            arguments: { query: 'archive a message in the mailbox', limit: 2 },
          },
        ],
      },
      { content: 'Found them.' },
    );
    const o = await h.chat.create({ provider: 'gw', model: 'gpt-5.5' });
    before = gateway.requests.length;
    await h.chat.send(o.id, 'Archive that mail');
    await finished(events, o.id, 1);
    expect(events.some((e) => e.conversationId === o.id && e.kind === 'error')).toBe(false);
    const sent = gateway.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    const names = (i: number) =>
      (sent[i]!.body!.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names(0)).toEqual([TOOL_SEARCH_NAME, 'c1__calendar_list', 'c2__email_archive']);
    // Found: email_archive of two servers; c2's, already offered, is not offered twice.
    expect(names(1).slice(0, 3)).toEqual(names(0));
    expect(new Set(names(1)).size).toBe(names(1).length);
    expect(names(1).length).toBeGreaterThan(3);
    for (const n of names(1).slice(3)) expect(n).toMatch(/^c[13]__email_archive$/);
  });

  it('an Anthropic gateway without the API’s tool search: refused once, then the host’s search for that provider — said, and the turn goes on', async () => {
    const bare = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY, withoutToolSearch: true });
    try {
      const h = await startWithCatalogs({ anthropic: { baseUrl: bare.url } });
      const events: ChatEvent[] = [];
      h.chat.onEvent((e) => events.push(e));
      bare.script(
        {
          content: [
            {
              type: 'tool_use',
              id: 'toolu_s',
              name: TOOL_SEARCH_NAME,
              input: { query: 'weather forecast for a city', limit: 2 },
            },
          ],
        },
        { content: [{ type: 'text', text: 'Two forecast tools.' }] },
        { content: [{ type: 'text', text: 'Still here.' }] },
      );
      const c = await h.chat.create();
      await h.chat.send(c.id, 'Which tools give forecasts?');
      await finished(events, c.id, 1);
      expect(events.some((e) => e.conversationId === c.id && e.kind === 'error')).toBe(false);
      const notices = events.filter((e) => e.kind === 'notice');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        text: expect.stringMatching(
          /^Anthropic does not take the API's own tool search \(“The API refused the request \(400\): tools\.0: Input tag 'tool_search_tool_bm25_20251119'.*”\): Switchboard's own tool search is used with it instead, until the app starts again\.$/,
        ),
      });
      type Sent = { name: string; type?: string; defer_loading?: boolean };
      const sent = bare.requests.filter((r) => r.path === '/v1/messages').map((r) => r.body!.tools as Sent[]);
      // Refused with the API's search; then the host's search alone, then what it found beside it.
      expect(sent).toHaveLength(3);
      expect(sent[0]!.some((t) => t.type === 'tool_search_tool_bm25_20251119')).toBe(true);
      expect(sent[1]!.map((t) => t.name)).toEqual([TOOL_SEARCH_NAME]);
      expect(sent[2]!.map((t) => t.name)).toHaveLength(3);
      expect(sent[2]!.slice(1).every((t) => t.name.includes('weather'))).toBe(true);
      expect(sent.flat().filter((t) => t.defer_loading).length).toBe(
        sent[0]!.filter((t) => t.defer_loading).length,
      );
      // Remembered for the provider: the next turn goes to the host's search at once, nothing said again.
      await h.chat.send(c.id, 'Thanks');
      await finished(events, c.id, 2);
      expect(bare.requests.filter((r) => r.path === '/v1/messages')).toHaveLength(4);
      expect((bare.requests.at(-1)!.body!.tools as Sent[])[0]!.name).toBe(TOOL_SEARCH_NAME);
      expect(events.filter((e) => e.kind === 'notice')).toHaveLength(1);
    } finally {
      await bare.stop();
    }
  });
});
