import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import {
  type FixtureHandler,
  type HttpFixture,
  json,
  mcpBasics,
  sseEvent,
  sseHead,
  startHttpFixture,
} from '../../../e2e/fixtures/http/httpFixture';
import { freePort } from '../../../e2e/fixtures/servers';
import { skipWhen } from '../../../e2e/fixtures/skipWhen';
import {
  type AutoHttpTransport,
  createHttpTransport,
  ErrorCode,
  type HttpServerParams,
  type HttpTransportKind,
  McpClient,
  McpError,
} from '../index';

const cleanups = cleanupsPerTest();

async function fixture(handler: FixtureHandler, path?: string): Promise<HttpFixture> {
  const f = await startHttpFixture(handler, path);
  cleanups.push(() => f.close());
  return f;
}

async function connect(url: string, kind: HttpTransportKind = 'http', extra: Partial<HttpServerParams> = {}) {
  const transport = createHttpTransport({ url, ...extra }, kind);
  const client = await McpClient.connect({ transport, serverName: 'fixture', requestTimeoutMs: 5000 });
  cleanups.push(() => client.close());
  return { client, transport };
}

const result = (id: unknown, text: string) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }] },
});

describe('Streamable HTTP against hostile servers', () => {
  it('sends the right headers: Accept both, session id and protocol version after initialize, custom headers', async () => {
    const f = await fixture((req, res, body) => {
      if (mcpBasics(req, res, body, { session: 'sess-1' })) return;
      json(res, result(body!.id, 'ok'), { 'mcp-session-id': 'sess-1' });
    });
    const { client } = await connect(f.url, 'http', { headers: { 'X-Api-Key': 'k-123' } });
    await client.callTool('echo', {});
    const [init, ...rest] = f.requests.filter((r) => r.method === 'POST');
    expect(init!.headers.accept).toBe('application/json, text/event-stream');
    expect(init!.headers['mcp-session-id']).toBeUndefined();
    expect(init!.headers['mcp-protocol-version']).toBeUndefined();
    for (const r of rest) {
      expect(r.headers['mcp-session-id']).toBe('sess-1');
      expect(r.headers['mcp-protocol-version']).toBe('2025-11-25');
      expect(r.headers['x-api-key']).toBe('k-123');
    }
    await client.close();
    const del = f.requests.find((r) => r.method === 'DELETE');
    expect(del?.headers['mcp-session-id']).toBe('sess-1');
  });

  it('resumes a dropped SSE response by GET with Last-Event-ID, honours retry, delivers nothing twice', async () => {
    const LOG = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'delivered once' },
    };
    let callId: unknown;
    const progress: number[] = [];
    const f = await fixture((req, res, body) => {
      if (req.method === 'GET') {
        if (!req.headers['last-event-id']) {
          res.writeHead(405);
          return void res.end();
        }
        sseHead(res);
        // Replays the event the client already has, then the rest.
        sseEvent(res, { id: 'e2', data: LOG });
        sseEvent(res, {
          id: 'e3',
          data: {
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: callId, progress: 2 },
          },
        });
        sseEvent(res, { id: 'e4', data: result(callId, 'resumed') });
        return void res.end();
      }
      if (mcpBasics(req, res, body)) return;
      callId = body!.id;
      sseHead(res);
      sseEvent(res, { id: 'e1', retry: 300 });
      sseEvent(res, {
        id: 'e1b',
        data: {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: callId, progress: 1 },
        },
      });
      sseEvent(res, { id: 'e2', data: LOG });
      setTimeout(() => res.socket?.destroy(), 20); // the connection drops mid-response
    });
    const { client } = await connect(f.url);
    const logs: unknown[] = [];
    client.onLogMessage((m) => logs.push(m.data));
    const r = await client.callTool('echo', {}, { onProgress: (p) => progress.push(p.progress) });
    expect(r.content[0]).toEqual({ type: 'text', text: 'resumed' });
    expect(progress).toEqual([1, 2]);
    expect(logs).toEqual(['delivered once']);
    const post = f.requests.find((x) => x.body?.method === 'tools/call')!;
    const resume = f.requests.find((x) => x.method === 'GET' && x.headers['last-event-id'])!;
    expect(resume.headers['last-event-id']).toBe('e2');
    expect(resume.at - post.at).toBeGreaterThanOrEqual(300);
    // A dropped stream is not a cancellation.
    expect(f.methods()).not.toContain('notifications/cancelled');
  });

  it('fails a request whose stream ends with nothing to resume from, without hanging', async () => {
    const f = await fixture((req, res, body) => {
      if (mcpBasics(req, res, body)) return;
      sseHead(res);
      res.end();
    });
    const { client } = await connect(f.url);
    const err = await errorOf(client.callTool('echo', {}));
    expect(err!.message).toMatch(/no event id to resume from/);
  });

  it('a 404 on the session: exactly one new initialize, then the retry succeeds', async () => {
    // Session "first" ends at the first tool call; a new initialize gets session "second".
    let session = 'first';
    const ended = new Set<string>();
    const f = await fixture((req, res, body) => {
      const sent = req.headers['mcp-session-id'] as string | undefined;
      if (body?.method === 'tools/call' && sent === 'first') ended.add('first');
      if (sent && ended.has(sent)) {
        res.writeHead(404);
        return void res.end();
      }
      if (body?.method === 'initialize' && ended.has('first')) session = 'second';
      if (mcpBasics(req, res, body, { session })) return;
      json(res, result(body!.id, `in ${sent}`));
    });
    const { client } = await connect(f.url);
    const [a, b] = await Promise.all([client.callTool('echo', {}), client.callTool('echo', {})]);
    expect(a.content[0]).toEqual({ type: 'text', text: 'in second' });
    expect(b.content[0]).toEqual({ type: 'text', text: 'in second' });
    expect(f.methods().filter((m) => m === 'initialize')).toHaveLength(2);
    const reinit = f.requests.filter((r) => r.body?.method === 'initialize')[1]!;
    expect(reinit.headers['mcp-session-id']).toBeUndefined();
  });

  it('a second 404 after renewing is an error, not a loop', async () => {
    const f = await fixture((req, res, body) => {
      if (mcpBasics(req, res, body, { session: 's' })) return;
      res.writeHead(404);
      res.end();
    });
    const { client } = await connect(f.url);
    const err = await errorOf(client.callTool('echo', {}));
    expect(err!.code).toBe(ErrorCode.SessionExpired);
    expect(f.methods().filter((m) => m === 'initialize')).toHaveLength(2);
  });

  it('a 500 surfaces with its status and the start of its body', async () => {
    const f = await fixture((req, res, body) => {
      if (mcpBasics(req, res, body)) return;
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('database on fire');
    });
    const { client } = await connect(f.url);
    const err = await errorOf(client.callTool('echo', {}));
    expect(err!.code).toBe(ErrorCode.HttpError);
    expect(err!.message).toMatch(/HTTP 500.*database on fire/);
    await client.ping(); // the client carries on
  });

  it('a server that never sends headers hits the connect timeout', async () => {
    const f = await fixture(() => {
      /* never answers */
    });
    const transport = createHttpTransport({ url: f.url, connectTimeoutMs: 200 }, 'http');
    const err = await errorOf(McpClient.connect({ transport }));
    expect(err!.message).toMatch(/no response within 200 ms/);
  });

  it('a wrong content type is named in the error', async () => {
    const f = await fixture((req, res, body) => {
      if (mcpBasics(req, res, body)) return;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login</html>');
    });
    const { client } = await connect(f.url);
    expect((await errorOf(client.callTool('echo', {})))!.message).toMatch(/Content-Type "text\/html"/);
  });

  it('an oversized SSE event fails its request; the connection lives on', async () => {
    const f = await fixture((req, res, body) => {
      if (mcpBasics(req, res, body)) return;
      sseHead(res);
      sseEvent(res, { id: 'big', data: result(body!.id, 'x'.repeat(4096)) });
      res.end();
    });
    const { client } = await connect(f.url, 'http', { maxMessageBytes: 1024 });
    const logs: string[] = [];
    client.onProtocolLog((l) => logs.push(l.message));
    expect(await errorOf(client.callTool('echo', {}))).toBeInstanceOf(McpError);
    expect(logs.some((l) => l.includes('over the 1024-byte limit'))).toBe(true);
    await client.ping();
  });

  it('takes server messages from the GET stream and answers its requests by POST', async () => {
    let getStream: import('node:http').ServerResponse | undefined;
    const f = await fixture((req, res, body) => {
      if (req.method === 'GET') {
        sseHead(res);
        getStream = res;
        sseEvent(res, { id: 'g1', data: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } });
        sseEvent(res, { id: 'g2', data: { jsonrpc: '2.0', id: 'srv-1', method: 'ping' } });
        return;
      }
      if (mcpBasics(req, res, body)) return;
    });
    const changed = new Promise<void>((resolve) => {
      void connect(f.url).then(({ client }) => client.onToolsListChanged(resolve));
    });
    await changed;
    await expect
      .poll(() => f.requests.find((r) => r.body?.id === 'srv-1')?.body)
      .toEqual({
        jsonrpc: '2.0',
        id: 'srv-1',
        result: {},
      });
    getStream?.end();
  });

  it('polls a GET stream the server keeps closing, and stops reconnecting once closed', async () => {
    const f = await fixture((req, res, body) => {
      if (req.method === 'GET') {
        sseHead(res);
        sseEvent(res, { id: `g-${f.requests.length}`, retry: 40 });
        return void res.end();
      }
      mcpBasics(req, res, body);
    });
    const { client } = await connect(f.url);
    const gets = () => f.requests.filter((r) => r.method === 'GET').length;
    await expect.poll(gets).toBeGreaterThanOrEqual(3);
    await client.close();
    const atClose = gets();
    // The one GET already on the wire when close ran may still land, however late a loaded machine
    // delivers it; no more (at a 40 ms retry, a transport that kept reconnecting would send several
    // in 400 ms).
    await new Promise((r) => setTimeout(r, 400));
    expect(gets()).toBeLessThanOrEqual(atClose + 1);
  });

  it('explains TLS failures', async (ctx) => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch {
      ctx.skip(
        skipWhen(
          true,
          'openssl is not installed, so no self-signed certificate can be made for the TLS test',
        ),
      );
    }
    const https = await import('node:https');
    const server = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (_req, res) => res.end(),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => server.close(() => r())));
    const port = (server.address() as { port: number }).port;
    const err = await errorOf(
      McpClient.connect({ transport: createHttpTransport({ url: `https://127.0.0.1:${port}/mcp` }, 'http') }),
    );
    expect(err!.message).toMatch(
      /TLS error talking to 127\.0\.0\.1:\d+: .*\((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/,
    );
  });

  it('explains DNS failures and refused connections', async () => {
    const dns = await errorOf(
      McpClient.connect({
        transport: createHttpTransport({ url: 'http://no-such-host.invalid/mcp' }, 'http'),
      }),
    );
    expect(dns!.message).toMatch(/DNS lookup failed for no-such-host\.invalid/);
    const port = await freePort();
    const refused = await errorOf(
      McpClient.connect({ transport: createHttpTransport({ url: `http://127.0.0.1:${port}/mcp` }, 'http') }),
    );
    expect(refused!.message).toMatch(/connection refused by 127\.0\.0\.1/);
  });
});

describe('legacy HTTP+SSE and auto-detection', () => {
  /** A legacy server: GET /sse gives the endpoint, POST /messages answers on the stream. */
  async function legacy(options: { endpoint?: string | null } = {}) {
    let stream: import('node:http').ServerResponse | undefined;
    const f = await fixture((req, res, body) => {
      if (req.method === 'GET' && req.url === '/sse') {
        sseHead(res);
        stream = res;
        if (options.endpoint !== null)
          sseEvent(res, { event: 'endpoint', data: options.endpoint ?? '/messages?session=abc' });
        return;
      }
      if (req.method === 'POST' && req.url?.startsWith('/messages')) {
        res.writeHead(202);
        res.end();
        if (body?.method === 'initialize') {
          sseEvent(stream!, {
            event: 'message',
            data: {
              jsonrpc: '2.0',
              id: body.id,
              result: {
                protocolVersion: '2024-11-05',
                capabilities: { tools: {} },
                serverInfo: { name: 'old', version: '1' },
              },
            },
          });
        } else if (body?.method === 'tools/list') {
          sseEvent(stream!, {
            event: 'message',
            data: { jsonrpc: '2.0', id: body.id, result: { tools: [] } },
          });
        } else if (body?.id !== undefined && body.method) {
          sseEvent(stream!, { event: 'message', data: result(body.id, 'legacy ok') });
        }
        return;
      }
      res.writeHead(404); // POST to the SSE URL: not a Streamable HTTP server
      res.end();
    }, '/sse');
    return f;
  }

  it('auto-detects a legacy server after POST initialize gets a 4xx', async () => {
    const f = await legacy();
    const { client, transport } = await connect(f.url, 'auto');
    expect((transport as AutoHttpTransport).kind).toBe('sse');
    expect(client.protocolVersion).toBe('2024-11-05');
    expect((await client.callTool('echo', {})).content[0]).toEqual({ type: 'text', text: 'legacy ok' });
    expect(f.requests[0]).toMatchObject({ method: 'POST' });
    expect(f.requests[1]).toMatchObject({ method: 'GET' });
  });

  it('a server that never sends the endpoint event times out with a clear error', async () => {
    const f = await legacy({ endpoint: null });
    const transport = createHttpTransport({ url: f.url, connectTimeoutMs: 300 }, 'sse');
    const err = await errorOf(McpClient.connect({ transport }));
    expect(err!.message).toMatch(/no endpoint event within 300 ms/);
  });

  it('refuses an endpoint on another origin', async () => {
    const f = await legacy({ endpoint: 'http://attacker.example/collect' });
    const err = await errorOf(McpClient.connect({ transport: createHttpTransport({ url: f.url }, 'sse') }));
    expect(err!.message).toMatch(/not on http:\/\/127\.0\.0\.1/);
    expect(f.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('an explicit http type does not fall back', async () => {
    const f = await legacy();
    const err = await errorOf(McpClient.connect({ transport: createHttpTransport({ url: f.url }, 'http') }));
    expect(err!.message).toMatch(/HTTP 404/);
  });
});
