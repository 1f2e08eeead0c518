import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpFixture, mcpBasics, startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import {
  everythingStdio,
  modernStdio,
  type RunningHttpServer,
  startEverythingHttp,
  startModernHttp,
} from '../../../e2e/fixtures/servers';
import { META, MODERN_PROTOCOL_VERSION } from '../../../shared/mcp/protocol';
import {
  createHttpTransport,
  ErrorCode,
  McpClient,
  type McpClientOptions,
  McpError,
  StdioTransport,
  traceContextFromEnv,
} from '../index';
import { headerValue } from '../transport/mcpHeaders';

const open: McpClient[] = [];
const servers: RunningHttpServer[] = [];
const fixtures: HttpFixture[] = [];
const HOSTILE = fileURLToPath(new URL('../../../e2e/fixtures/stdio/hostile-server.mjs', import.meta.url));
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.close()));
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function connect(options: McpClientOptions): Promise<McpClient> {
  const client = await McpClient.connect({ requestTimeoutMs: 20_000, ...options });
  open.push(client);
  return client;
}
const textOf = (r: { content: { type: string; text?: string }[] }) =>
  r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

interface Seen {
  method?: string;
  name?: string;
  version?: string;
  session?: string;
  body?: { method?: string; params?: { _meta?: Record<string, unknown> } };
}

/**
 * The two eras (2026-07-28 basic/versioning): one client speaks to a modern server (the official v2
 * SDK) without initialize, with `_meta` and the standard headers on every request, and to a legacy
 * one (server-everything) through initialize — found out by the server/discover probe.
 */
describe('era detection and the 2026-07-28 wire', () => {
  it('stdio: the probe finds a modern server; no initialize, tools called', async () => {
    const client = await connect({ transport: new StdioTransport(modernStdio('reject')), protocol: 'auto' });
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe(MODERN_PROTOCOL_VERSION);
    expect(client.serverInfo.name).toBe('modern-test-server');
    // In the server's order.
    expect((await client.listTools()).map((t) => t.name)).toEqual([
      'echo',
      'wide_schema',
      'greet',
      'add_tool',
    ]);
    expect(textOf(await client.callTool('echo', { text: 'hi' }))).toBe('echo: hi');
    await client.ping(); // server/discover: a modern server has no ping
  });

  it('stdio: a legacy server answers the probe with an error and is spoken to through initialize', async () => {
    const client = await connect({ transport: new StdioTransport(everythingStdio()), protocol: 'auto' });
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(textOf(await client.callTool('echo', { message: 'hi' }))).toContain('hi');
  });

  it('HTTP: every modern POST carries the version, method and name headers and the _meta; no session', async () => {
    const server = await startModernHttp('reject');
    servers.push(server);
    const client = await connect({
      transport: createHttpTransport({ url: server.url }, 'auto'),
      protocol: 'auto',
    });
    expect(client.era).toBe('modern');
    await client.listTools();
    await client.callTool('echo', { text: 'héllo' });
    const seen = (await (await fetch(new URL('/test/seen', server.url))).json()) as Seen[];
    // Besides the change-notification stream (subscriptions/listen, opened at once), no initialize.
    expect(seen.map((s) => s.body?.method).filter((m) => m !== 'subscriptions/listen')).toEqual([
      'server/discover',
      'tools/list',
      'tools/call',
    ]);
    for (const s of seen) {
      expect(s.version).toBe(MODERN_PROTOCOL_VERSION);
      expect(s.method).toBe(s.body?.method);
      expect(s.session).toBeUndefined();
      const meta = s.body?.params?._meta ?? {};
      expect(meta[META.protocolVersion]).toBe(MODERN_PROTOCOL_VERSION);
      expect(meta[META.clientInfo]).toMatchObject({ name: 'switchboard' });
      expect(meta[META.clientCapabilities]).toBeTypeOf('object');
    }
    expect(seen.find((s) => s.body?.method === 'tools/call')?.name).toBe('echo');
  });

  it('HTTP: a legacy Streamable HTTP server refuses the probe and is spoken to through initialize', async () => {
    const server = await startEverythingHttp('streamableHttp');
    servers.push(server);
    const client = await connect({
      transport: createHttpTransport({ url: server.url }, 'auto'),
      protocol: 'auto',
    });
    expect(client.era).toBe('legacy');
    expect(textOf(await client.callTool('echo', { message: 'hi' }))).toContain('hi');
  });

  it('"modern" forced on a legacy server is an error that says what to change', async () => {
    const error = await McpClient.connect({
      transport: new StdioTransport(everythingStdio()),
      protocol: 'modern',
    }).then(
      (client) => {
        open.push(client);
        throw new Error('connected to a legacy server as a modern one');
      },
      (e: unknown) => e as Error & { code: number },
    );
    expect(error.code).toBe(ErrorCode.VersionMismatch);
    expect(error.message).toContain('did not answer as a 2026-07-28 server');
    expect(error.message).toContain('"protocol": "modern"');
  });

  it('a multi round-trip tool: its elicitation goes to the same handler as a legacy one, then the retry completes', async () => {
    const asked: string[] = [];
    for (const transport of ['stdio', 'http'] as const) {
      let client: McpClient;
      const handlers = {
        elicitation: {
          form: async (params: { message: string }) => {
            asked.push(`${transport}: ${params.message}`);
            return { action: 'accept' as const, content: { name: 'Ada' } };
          },
        },
      };
      if (transport === 'stdio') {
        client = await connect({
          transport: new StdioTransport(modernStdio('reject')),
          protocol: 'auto',
          handlers,
        });
      } else {
        const server = await startModernHttp('reject');
        servers.push(server);
        client = await connect({
          transport: createHttpTransport({ url: server.url }, 'auto'),
          protocol: 'auto',
          handlers,
        });
      }
      expect(textOf(await client.callTool('greet', {}))).toBe('Hello, Ada');
    }
    expect(asked).toEqual(['stdio: What is your name?', 'http: What is your name?']);
  });

  it('a server that keeps asking after each answer is stopped after a bounded number of rounds', async () => {
    const client = await connect({
      transport: new StdioTransport(modernStdio('reject')),
      protocol: 'auto',
      handlers: { elicitation: { form: async () => ({ action: 'decline' as const }) } },
    });
    // The server asks again after a decline (its choice): the rounds are bounded, and the error says so.
    const error = await client.callTool('greet', {}).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/still asks for more input after 10 rounds/);
  });

  it('list changes reach a modern client on its subscriptions/listen stream', async () => {
    const server = await startModernHttp('reject');
    servers.push(server);
    const client = await connect({
      transport: createHttpTransport({ url: server.url }, 'auto'),
      protocol: 'auto',
    });
    const seen = async () => (await (await fetch(new URL('/test/seen', server.url))).json()) as Seen[];
    await expect
      .poll(async () => (await seen()).some((s) => s.body?.method === 'subscriptions/listen'))
      .toBe(true);
    const listen = (await seen()).find((s) => s.body?.method === 'subscriptions/listen');
    // What the server can change (its tools and, with its resource, its resource list): nothing else.
    expect((listen?.body?.params as { notifications?: unknown } | undefined)?.notifications).toEqual({
      toolsListChanged: true,
      resourcesListChanged: true,
    });
    let changes = 0;
    client.onToolsListChanged(() => changes++);
    // The stream is acknowledged before anything is sent on it; tell it until it has been heard.
    await expect
      .poll(
        async () => {
          await fetch(new URL('/test/tools-changed', server.url), { method: 'POST' });
          return changes;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
  });

  it('a stdio server remembered as legacy gets initialize without the probe; one since upgraded is probed again', async () => {
    const stdio = new StdioTransport({ command: process.execPath, args: [HOSTILE, 'normal'] });
    // The fixture says on stderr each message it receives.
    const received: string[] = [];
    stdio.onLog((entry) => received.push(entry.text));
    const remembered = await connect({ transport: stdio, protocol: 'auto', knownEra: 'legacy' });
    expect(remembered.era).toBe('legacy');
    await remembered.ping();
    await expect.poll(() => received.some((l) => l.includes('"ping"'))).toBe(true);
    expect(received.some((l) => l.includes('"initialize"'))).toBe(true);
    expect(received.some((l) => l.includes('server/discover'))).toBe(false);

    // The same configuration now runs a modern-only server: initialize fails, the probe finds it.
    const upgraded = await connect({
      transport: new StdioTransport(modernStdio('reject')),
      protocol: 'auto',
      knownEra: 'legacy',
    });
    expect(upgraded.era).toBe('modern');
    expect(textOf(await upgraded.callTool('echo', { text: 'up' }))).toBe('echo: up');

    // Over HTTP the probe is one round trip: always made (the hint is for stdio).
    const legacy = await startHttpFixture((req, res, body) => {
      if (!mcpBasics(req, res, body)) res.writeHead(400).end();
    });
    fixtures.push(legacy);
    const http = await connect({
      transport: createHttpTransport({ url: legacy.url }, 'auto'),
      protocol: 'auto',
      knownEra: 'legacy',
    });
    expect(http.era).toBe('legacy');
    expect(legacy.methods().slice(0, 2)).toEqual(['server/discover', 'initialize']);
  });

  it('a server that says it is legacy but answers initialize with the modern version is refused, clearly', async () => {
    const error = await McpClient.connect({
      transport: new StdioTransport({ command: process.execPath, args: [HOSTILE, 'era-liar'] }),
      protocol: 'auto',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.VersionMismatch);
    expect((error as McpError).message).toContain('answered initialize with 2026-07-28');
  });

  it('trace context rides in _meta when the host has one (and a malformed one does not)', async () => {
    const server = await startModernHttp('reject');
    servers.push(server);
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01';
    let trace: { traceparent: string; tracestate?: string } = { traceparent, tracestate: 'sb=1' };
    const client = await connect({
      transport: createHttpTransport({ url: server.url }, 'auto'),
      protocol: 'auto',
      traceContext: () => trace,
    });
    await client.callTool('echo', { text: 'a' });
    trace = { traceparent: 'not-a-trace' };
    await client.callTool('echo', { text: 'b' });
    const seen = (await (await fetch(new URL('/test/seen', server.url))).json()) as Seen[];
    const metas = seen.filter((s) => s.body?.method === 'tools/call').map((s) => s.body?.params?._meta ?? {});
    expect(metas[0]).toMatchObject({ traceparent, tracestate: 'sb=1' });
    expect(metas[1]).not.toHaveProperty('traceparent');
    expect(traceContextFromEnv({ TRACEPARENT: traceparent.toUpperCase() })).toEqual({ traceparent });
    for (const invalid of [
      'ff-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01',
    ])
      expect(traceContextFromEnv({ TRACEPARENT: invalid })).toBe(undefined);
  });

  it('stdio: list changes reach a modern client on its subscriptions/listen stream too', async () => {
    const client = await connect({ transport: new StdioTransport(modernStdio('reject')), protocol: 'auto' });
    expect(client.era).toBe('modern');
    let changes = 0;
    client.onToolsListChanged(() => changes++);
    // The stream is acknowledged before anything is sent on it: add tools until a change is heard.
    await expect
      .poll(
        async () => {
          await client.callTool('add_tool', {});
          return changes;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    expect((await client.listTools()).map((t) => t.name)).toContain('added');
  });

  it('values that are not plain ASCII travel in headers Base64-encoded (the spec table)', () => {
    expect(headerValue('us-west1')).toBe('us-west1');
    expect(headerValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(headerValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(headerValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(headerValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
    expect(headerValue(42)).toBe('42');
    expect(headerValue(false)).toBe('false');
  });
});
