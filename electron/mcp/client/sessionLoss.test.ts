import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { json, mcpBasics, startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { type RunningHttpServer, startEverythingHttp } from '../../../e2e/fixtures/servers';
import { createHttpTransport, ErrorCode, McpClient } from '../index';
import type { WireTrace } from '../jsonrpc/connection';

/**
 * Issue 35: a restarted remote server took 30–60 s to come back. The official SDK's servers answer a
 * session they do not know with HTTP 400 "No valid session ID provided", which the client took for
 * an ordinary error; only a 404 started a new session. A 400 that says the session is gone is now
 * session loss like a 404: one new initialize, one retry, then the error.
 */
const cleanups = cleanupsPerTest();

const sent = (trace: WireTrace[], method: string) =>
  trace.filter((t) => t.direction === 'send' && (t.message as { method?: string }).method === method).length;

describe('a session the server no longer knows (HTTP 400)', () => {
  it('server-everything restarted on its port: the next request goes through a new session', async () => {
    let server: RunningHttpServer = await startEverythingHttp('streamableHttp');
    cleanups.push(() => server.stop());
    const trace: WireTrace[] = [];
    const client = await McpClient.connect({
      transport: createHttpTransport({ url: server.url }, 'http'),
      serverName: 'everything',
      onWireTrace: (t) => trace.push(t),
    });
    cleanups.unshift(() => client.close());
    expect((await client.listTools()).some((t) => t.name === 'echo')).toBe(true);
    expect(sent(trace, 'initialize')).toBe(1);

    await server.stop();
    const down = await errorOf(client.ping());
    expect(down?.message).toMatch(/connection refused/);
    const port = Number(new URL(server.url).port);
    server = await startEverythingHttp('streamableHttp', port);

    // The first request after the restart is answered (it used to fail: HTTP 400).
    await client.ping();
    expect(sent(trace, 'initialize')).toBe(2);
    const result = await client.callTool('echo', { message: 'back' });
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('back') });
  });

  it('a 400 that keeps saying so after the new initialize is reported, not retried again', async () => {
    const fixture = await startHttpFixture((req, res, body) => {
      if (body?.method === 'tools/call') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
          }),
        );
        return;
      }
      mcpBasics(req, res, body, { session: `s-${fixture.requests.length}` });
    });
    cleanups.push(() => fixture.close());
    const client = await McpClient.connect({ transport: createHttpTransport({ url: fixture.url }, 'http') });
    cleanups.unshift(() => client.close());
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.SessionExpired);
    expect(error?.message).toContain('No valid session ID provided');
    expect(fixture.methods().filter((m) => m === 'initialize')).toHaveLength(2);
    expect(fixture.methods().filter((m) => m === 'tools/call')).toHaveLength(2);
  });

  it('a 400 for another reason is the error it was: no new session', async () => {
    const fixture = await startHttpFixture((req, res, body) => {
      if (body?.method === 'tools/call') {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('Bad Request: arguments too large');
        return;
      }
      if (mcpBasics(req, res, body, { session: 's-1' })) return;
      json(res, {});
    });
    cleanups.push(() => fixture.close());
    const client = await McpClient.connect({ transport: createHttpTransport({ url: fixture.url }, 'http') });
    cleanups.unshift(() => client.close());
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.HttpError);
    expect(error?.message).toContain('HTTP 400');
    expect(error?.message).toContain('arguments too large');
    expect(fixture.methods().filter((m) => m === 'initialize')).toHaveLength(1);
  });
});
