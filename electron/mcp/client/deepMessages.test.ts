import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { connectHostileStdio } from '../../../e2e/fixtures/hostileStdioClient';
import { connectToolAnswerer } from '../../../e2e/fixtures/http/connectToolAnswerer';
import { sseEvent, sseHead, startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { type ClientHandlers, createHttpTransport, ErrorCode, McpClient, McpError } from '../index';
import { MAX_MESSAGE_DEPTH } from '../jsonrpc/parseMessage';

/**
 * Issue 35: a server sends JSON nested 100,000 deep (a log message, a tool's schema, an
 * elicitation's requestedSchema, structuredContent). Each is refused where it enters, by name; the
 * request it answers fails at once (the timeouts here are far beyond the test's own), the
 * server's request is answered Invalid Request, a notification is logged and counted.
 */
const cleanups = cleanupsPerTest();

const LONG = 120_000;
const DEEP = 100_000;
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function stdio(era: 'legacy' | 'modern', mode: string, handlers: ClientHandlers = {}) {
  const { client, stderr } = await connectHostileStdio(
    era === 'modern' ? `modern-${mode}` : mode,
    { serverName: mode, handlers, protocol: era, requestTimeoutMs: LONG },
    cleanups,
  );
  const logs: string[] = [];
  client.onProtocolLog((l) => logs.push(l.message));
  return { client, logs, stderr };
}

const refusedForDepth = (error: McpError | undefined, method: string) => {
  expect(error).toBeInstanceOf(McpError);
  expect(error!.code).toBe(ErrorCode.InvalidResult);
  expect(error!.method).toBe(method);
  expect(error!.message).toContain(`nested deeper than ${MAX_MESSAGE_DEPTH} levels`);
};

describe.each(['legacy', 'modern'] as const)('stdio, %s era: messages nested 100,000 deep', (era) => {
  it('a log notification is refused, logged and counted, never delivered; the call still answers', async () => {
    const { client, logs } = await stdio(era, 'deep-log');
    const delivered: unknown[] = [];
    client.onLogMessage((m) => delivered.push(m));
    expect((await client.callTool('echo', { message: 'hi' })).content).toEqual([
      { type: 'text', text: 'Echo: hi' },
    ]);
    expect(delivered).toEqual([]);
    expect(logs.some((l) => l.includes(`nested deeper than ${MAX_MESSAGE_DEPTH} levels`))).toBe(true);
    // Sent once per call, and (legacy) once more when the session opened.
    expect(client.refusedMessages).toBe(era === 'legacy' ? 2 : 1);
  });

  it('tools/list with a deep inputSchema fails at once, naming why; the server stays usable', async () => {
    const { client } = await stdio(era, 'deep-input-schema');
    refusedForDepth(await errorOf(client.listTools()), 'tools/list');
    await client.ping();
    expect(client.isClosed).toBe(false);
  });

  it('tools/list with a deep outputSchema fails at once', async () => {
    const { client } = await stdio(era, 'deep-output-schema');
    refusedForDepth(await errorOf(client.listTools()), 'tools/list');
  });

  it('a tool result with deep structuredContent fails at once instead of succeeding', async () => {
    const { client } = await stdio(era, 'deep-structured');
    refusedForDepth(await errorOf(client.callTool('echo', { message: 'x' })), 'tools/call');
  });

  it('a deep elicitation/create is answered Invalid Request with its id; no one is asked', async () => {
    let asked = 0;
    const { client } = await stdio(era, 'deep-elicit', {
      elicitation: {
        form: async () => {
          asked++;
          return { action: 'cancel' };
        },
      },
    });
    // The server hears back under its request's id (else it would not answer the call at all).
    const result = await client.callTool('echo', { message: 'x' });
    const text = (result.content[0] as { text: string }).text;
    const answer = JSON.parse(text.slice(text.indexOf('{'))) as { code: number; message: string };
    expect(answer.code).toBe(ErrorCode.InvalidRequest);
    expect(answer.message).toContain(`nested deeper than ${MAX_MESSAGE_DEPTH} levels`);
    expect(asked).toBe(0);
  });
});

/** An HTTP server answering the basics of its era and every tools/call with `answer`. */
async function http(era: 'legacy' | 'modern', answer: (res: ServerResponse, id: unknown) => void) {
  const options = { serverName: 'deep-http', requestTimeoutMs: LONG, cleanups };
  return (await connectToolAnswerer(era, answer, options)).client;
}

const deepResult = (id: unknown) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[],"structuredContent":${nested(DEEP)}}}`;

describe.each(['legacy', 'modern'] as const)('Streamable HTTP, %s era: a deep answer', (era) => {
  it('in a JSON body fails the call at once', async () => {
    const client = await http(era, (res, id) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(deepResult(id));
    });
    refusedForDepth(await errorOf(client.callTool('echo')), 'tools/call');
  });

  it('in an SSE event fails the call at once', async () => {
    const client = await http(era, (res, id) => {
      sseHead(res);
      res.end(`data: ${deepResult(id)}\n\n`);
    });
    refusedForDepth(await errorOf(client.callTool('echo')), 'tools/call');
  });
});

describe('legacy HTTP+SSE (2024-11-05): a deep answer', () => {
  it('on the stream fails the call at once', async () => {
    let stream: ServerResponse | undefined;
    const fixture = await startHttpFixture((req, res, body) => {
      if (req.method === 'GET') {
        sseHead(res);
        stream = res;
        sseEvent(res, { event: 'endpoint', data: '/messages' });
        return;
      }
      res.writeHead(202);
      res.end();
      if (body?.method === 'initialize') {
        const info = {
          protocolVersion: '2024-11-05',
          capabilities: { tools: {} },
          serverInfo: { name: 'old', version: '1' },
        };
        sseEvent(stream!, { event: 'message', data: { jsonrpc: '2.0', id: body.id, result: info } });
      } else if (body?.method === 'tools/call')
        sseEvent(stream!, { event: 'message', data: deepResult(body.id) });
    }, '/sse');
    cleanups.push(() => fixture.close());
    const client = await McpClient.connect({
      transport: createHttpTransport({ url: fixture.url }, 'sse'),
      protocolVersion: '2024-11-05',
      requestTimeoutMs: LONG,
    });
    cleanups.unshift(() => client.close());
    refusedForDepth(await errorOf(client.callTool('echo')), 'tools/call');
  });
});
