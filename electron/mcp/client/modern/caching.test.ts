import { afterEach, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startModernHttp } from '../../../../e2e/fixtures/servers';
import { createHttpTransport, ErrorCode, McpClient, McpError } from '../../index';
import { ResultCache } from './resultCache';

const open: McpClient[] = [];
const servers: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function modern(ttlMs: number): Promise<{ client: McpClient; server: RunningHttpServer }> {
  const server = await startModernHttp('reject', ttlMs);
  servers.push(server);
  const client = await McpClient.connect({
    transport: createHttpTransport({ url: server.url }, 'auto'),
    protocol: 'auto',
    requestTimeoutMs: 20_000,
  });
  open.push(client);
  return { client, server };
}

async function asked(server: RunningHttpServer, method: string): Promise<number> {
  const seen = (await (await fetch(new URL('/test/seen', server.url))).json()) as {
    body?: { method?: string };
  }[];
  return seen.filter((s) => s.body?.method === method).length;
}

describe('the result cache (2026-07-28 server/utilities/caching)', () => {
  it('stays bounded: past 500 results the expired ones go first, then the oldest', () => {
    let now = 0;
    const cache = new ResultCache(() => now);
    for (let i = 0; i < 300; i++)
      cache.put('resources/read', { uri: `short://${i}` }, { contents: [], ttlMs: 10 });
    for (let i = 0; i < 200; i++)
      cache.put('resources/read', { uri: `long://${i}` }, { contents: [], ttlMs: 1e6 });
    expect(cache.size).toBe(500);
    now = 20; // the short ones expired, never asked for again
    cache.put('tools/list', undefined, { tools: [], ttlMs: 1e6 });
    expect(cache.size).toBe(201);
    for (let i = 0; i < 400; i++)
      cache.put('resources/read', { uri: `more://${i}` }, { contents: [], ttlMs: 1e6 });
    expect(cache.size).toBe(500);
    // The oldest still fresh went: the first long reads, not the newest.
    expect(cache.get('resources/read', { uri: 'long://0' })).toBeUndefined();
    expect(cache.get('resources/read', { uri: 'more://399' })).toBeDefined();
  });

  it('keeps a result for its ttlMs, keyed by method and shaping params, never by _meta', () => {
    let now = 1000;
    const cache = new ResultCache(() => now);
    cache.put('tools/list', undefined, { tools: [1], ttlMs: 500 });
    cache.put('tools/list', { cursor: 'p2' }, { tools: [2], ttlMs: 100 });
    cache.put('resources/read', { uri: 'a://x' }, { contents: [], ttlMs: 500 });
    cache.put('prompts/list', undefined, { prompts: [], ttlMs: 0 });
    cache.put('prompts/list', { cursor: 'n' }, { prompts: [], ttlMs: -5 });
    cache.put('resources/list', undefined, { resources: [] }); // absent: stale at once
    cache.put('tools/call', { name: 'x' }, { content: [], ttlMs: 500 }); // not cacheable
    expect(cache.get('tools/list', { _meta: { any: 1 } })).toEqual({ tools: [1], ttlMs: 500 });
    expect(cache.get('tools/list', { cursor: 'p2' })).toEqual({ tools: [2], ttlMs: 100 });
    expect(cache.get('tools/list', { cursor: 'other' })).toBeUndefined();
    expect(cache.get('prompts/list', undefined)).toBeUndefined();
    expect(cache.get('prompts/list', { cursor: 'n' })).toBeUndefined();
    expect(cache.get('resources/list', undefined)).toBeUndefined();
    expect(cache.get('tools/call', { name: 'x' })).toBeUndefined();
    now = 1100; // each page has its own clock: the second page is stale now, the first is not
    expect(cache.get('tools/list', { cursor: 'p2' })).toBeUndefined();
    expect(cache.isStale('tools/list')).toBe(false);
    now = 1499;
    expect(cache.get('resources/read', { uri: 'a://x' })).toBeDefined();
    cache.invalidate('resources/read', 'a://y');
    expect(cache.get('resources/read', { uri: 'a://x' })).toBeDefined();
    cache.invalidate('resources/read', 'a://x');
    expect(cache.get('resources/read', { uri: 'a://x' })).toBeUndefined();
    cache.invalidate('tools/list');
    expect(cache.isStale('tools/list')).toBe(true);
  });

  it('a modern server’s ttlMs spares requests; Refresh (fresh) and list_changed ask again', async () => {
    const { client, server } = await modern(60_000);
    expect(client.era).toBe('modern');
    const first = await client.listTools();
    expect(client.listIsStale('tools/list')).toBe(false);
    expect(await client.listTools()).toEqual(first);
    expect(await asked(server, 'tools/list')).toBe(1);

    await client.listTools({ fresh: true });
    expect(await asked(server, 'tools/list')).toBe(2);

    // The server says its tools changed (on the subscriptions/listen stream): the cached list goes.
    const changed = new Promise<void>((resolve) => client.onToolsListChanged(() => resolve()));
    await fetch(new URL('/test/tools-changed', server.url), { method: 'POST' });
    await changed;
    expect(client.listIsStale('tools/list')).toBe(true);
    await client.listTools();
    expect(await asked(server, 'tools/list')).toBe(3);

    // A read is kept per URI too.
    const a = await client.readResource('note://hello');
    expect(await client.readResource('note://hello')).toEqual(a);
    expect(await asked(server, 'resources/read')).toBe(1);
  });

  it('without ttlMs (or 0) every use asks the server', async () => {
    const { client, server } = await modern(0);
    await client.listTools();
    expect(client.listIsStale('tools/list')).toBe(true);
    await client.listTools();
    expect(await asked(server, 'tools/list')).toBe(2);
  });

  it('a resource the server does not have is ResourceNotFound, naming the URI (-32602 in 2026-07-28)', async () => {
    const { client } = await modern(0);
    const error = await client.readResource('note://missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.ResourceNotFound);
    expect((error as McpError).message).toContain('Resource not found: note://missing — the server said: ');
    expect((error as McpError).message).toContain(((error as McpError).cause as McpError).reason);
    expect(((error as McpError).cause as McpError).code).toBe(ErrorCode.InvalidParams);
  });
});
