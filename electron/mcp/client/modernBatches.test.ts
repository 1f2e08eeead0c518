import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { connectHostileStdio } from '../../../e2e/fixtures/hostileStdioClient';
import {
  json,
  modernBasics,
  sseEvent,
  sseHead,
  startHttpFixture,
} from '../../../e2e/fixtures/http/httpFixture';
import { createHttpTransport, ErrorCode, McpClient } from '../index';

/**
 * Issue 35: JSON-RPC batches were accepted from a 2026-07-28 server (turned off only on the
 * initialize path). A batch is refused in that era wherever it comes — stdio, a JSON body, an SSE
 * event, the answer to server/discover — and a request answered inside one fails at once, saying so.
 */
const cleanups = cleanupsPerTest();

const LONG = 120_000;
const BATCH = 'the server answered inside a JSON-RPC batch: JSON-RPC batches are not allowed';

describe('2026-07-28: no batches', () => {
  it('stdio: batched pings are refused as a whole, a batched answer fails its call at once', async () => {
    const { client, received } = await connectHostileStdio(
      'modern-batch',
      { protocol: 'modern', requestTimeoutMs: LONG },
      cleanups,
    );
    const logged: unknown[] = [];
    client.onLogMessage((m) => logged.push(m));
    const error = await errorOf(client.callTool('echo', { message: 'x' }));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.method).toBe('tools/call');
    expect(error?.message).toContain(BATCH);
    expect(client.refusedMessages).toBe(2);
    expect(logged).toEqual([]);
    // What the server got back: two refusals with a null id, never an answer to b1 or b2.
    const replies = () => received() as { id?: unknown; error?: { code: number } }[];
    await expect
      .poll(() => replies().filter((r) => r.id === null && r.error?.code === ErrorCode.InvalidRequest).length)
      .toBe(2);
    expect(replies().some((r) => r.id === 'b1' || r.id === 'b2' || Array.isArray(r))).toBe(false);
  });

  async function http(answer: (res: ServerResponse, body: Record<string, unknown>) => boolean) {
    const fixture = await startHttpFixture((_req, res, body) => {
      if (body && answer(res, body)) return;
      if (modernBasics(res, body)) return;
      res.writeHead(500);
      res.end();
    });
    cleanups.push(() => fixture.close());
    return fixture.url;
  }
  const connect = async (url: string) => {
    const client = await McpClient.connect({
      transport: createHttpTransport({ url }, 'http'),
      protocol: 'modern',
      requestTimeoutMs: LONG,
    });
    cleanups.unshift(() => client.close());
    return client;
  };
  const answer = (id: unknown) => ({ jsonrpc: '2.0', id, result: { content: [] } });

  it.each([
    ['a JSON body', (res: ServerResponse, id: unknown) => json(res, [answer(id)])],
    [
      'an SSE event',
      (res: ServerResponse, id: unknown) => {
        sseHead(res);
        sseEvent(res, { data: [answer(id)] });
      },
    ],
  ])('HTTP: %s that is a batch fails the call at once', async (_where, batched) => {
    const url = await http((res, body) => {
      if (body.method !== 'tools/call') return false;
      batched(res, body.id);
      return true;
    });
    const error = await errorOf((await connect(url)).callTool('echo'));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.message).toContain(BATCH);
  });

  it('HTTP: server/discover answered in a batch is no modern answer', async () => {
    const url = await http((res, body) => {
      if (body.method !== 'server/discover') return false;
      const discovered = {
        jsonrpc: '2.0',
        id: body.id,
        result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } },
      };
      json(res, [discovered]);
      return true;
    });
    const error = await errorOf(connect(url));
    expect(error?.code).toBe(ErrorCode.VersionMismatch);
    expect(error?.message).toContain('batches are not allowed');
  });
});
