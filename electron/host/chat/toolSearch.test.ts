import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { type FakeOpenAI, startFakeOpenAI } from '../../../e2e/fixtures/openai/fakeOpenAI';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { toolTokens } from '../../../shared/chat/toolBudget';
import { revealedTools, TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import type { Host } from '../host';
import { hostService } from '../hostService';

const KEY = 'sk-search-5120';
const env = withHostAndModel('sb-search-', 'sk-ant-search-77d1');
let gateway: FakeOpenAI;
beforeAll(async () => {
  gateway = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(async () => {
  await gateway.stop();
});

const CATALOG = path.join(import.meta.dirname, '../../../e2e/fixtures/stdio/catalog-server.mjs');
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
  it('Anthropic: the request carries the search alone; the search finds the tool, which comes from the next step on, runs through consent, and stays with the conversation', async () => {
    const h = await startWithCatalogs();
    const all = h.catalog.enabledTools();
    const everyTool = toolTokens(
      all.map((t) => ({ name: t.name, description: t.tool.description, inputSchema: t.tool.inputSchema })),
    );
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));
    env.fake.script(
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_s1',
            name: TOOL_SEARCH_NAME,
            input: { query: 'archive an event in the calendar' },
          },
        ],
      },
      {
        content: [
          { type: 'tool_use', id: 'toolu_c1', name: 'c2__calendar_archive', input: { start: 'Monday' } },
        ],
      },
      { content: [{ type: 'text', text: 'Archived.' }] },
    );
    const c = await h.chat.create();
    const before = env.fake.requests.length;
    await h.chat.send(c.id, 'Archive Monday’s calendar event');
    // The found tool still asks the person: search changes what is offered, not what is allowed.
    await allowNextTool(h, { like: { server: { id: 'c2' }, tool: { name: 'calendar_archive' } } });
    await finished(events, c.id, 1);

    const sent = env.fake.requests.slice(before).filter((r) => r.path === '/v1/messages');
    expect(sent).toHaveLength(3);
    const names = (i: number) => (sent[i]!.body!.tools as { name: string }[]).map((t) => t.name);
    expect(names(0)).toEqual([TOOL_SEARCH_NAME]);
    // What the search found comes from the next step on, after the search (the list only grows at its end).
    expect(names(1)[0]).toBe(TOOL_SEARCH_NAME);
    expect(names(1)).toEqual(
      expect.arrayContaining(['c1__calendar_archive', 'c2__calendar_archive', 'c3__calendar_archive']),
    );
    expect(names(1).length).toBeLessThanOrEqual(6);
    expect(names(2)).toEqual(names(1));
    const firstTokens = toolTokens(sent[0]!.body!.tools as never);
    const laterTokens = toolTokens(sent[1]!.body!.tools as never);
    console.log(
      `tool definitions, ${all.length} tools: ${everyTool} tokens if all were sent; sent ${firstTokens} (search only), then ${laterTokens} (search and 5 found)`,
    );
    expect(everyTool).toBeGreaterThan(50_000);
    expect(laterTokens).toBeLessThan(2_000);
    expect(JSON.stringify(sent[1]!.body!.messages)).toContain('c2__calendar_archive');

    // Kept with the conversation: shown as a search, and its finds offered on the next message too.
    const saved = await h.chat.get(c.id);
    expect([...revealedTools(saved.messages)]).toEqual(names(1).slice(1));
    const record = saved.messages.flatMap((m) => m.toolCalls ?? []).find((r) => r.name === TOOL_SEARCH_NAME);
    expect(record).toMatchObject({
      decision: 'allowed',
      argumentsJson: '{"query":"archive an event in the calendar"}',
    });
    env.fake.script({ content: [{ type: 'text', text: 'Anything else?' }] });
    await h.chat.send(c.id, 'Thanks');
    await finished(events, c.id, 2);
    expect((env.fake.requests.at(-1)!.body!.tools as { name: string }[]).map((t) => t.name)).toEqual(
      names(1),
    );
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
});
