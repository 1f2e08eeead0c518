import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { connectToolAnswerer } from '../../../e2e/fixtures/http/connectToolAnswerer';
import { type HttpFixture, sseHead } from '../../../e2e/fixtures/http/httpFixture';
import { hostileStdio } from '../../../e2e/fixtures/servers';
import { ErrorCode, McpClient, StdioTransport } from '../index';

/**
 * Issue 35: bad answers looked like timeouts. An answer that names one of our requests but is
 * malformed fails that request at once (the client's timeout is far beyond the test's own), saying
 * what was wrong; one that names no request is logged and counted, and the timeout of a request it
 * may have been says what was refused meanwhile.
 */
const cleanups = cleanupsPerTest();

const LONG = 120_000;

/** A client of the hostile server; `owned`: the caller closes it (tests that run side by side). */
async function stdio(era: 'legacy' | 'modern', owned = false) {
  const transport = new StdioTransport(
    hostileStdio(era === 'modern' ? 'modern-malformed-answer' : 'malformed-answer'),
  );
  const client = await McpClient.connect({
    transport,
    serverName: 'malformed',
    protocol: era,
    requestTimeoutMs: LONG,
  });
  if (!owned) cleanups.push(() => client.close());
  const logs: string[] = [];
  client.onProtocolLog((l) => logs.push(l.message));
  return { client, logs };
}

describe.each(['legacy', 'modern'] as const)('stdio, %s era: a malformed answer', (era) => {
  it.each([
    ['string-result', 'result must be an object'],
    ['bad-error', 'error must have an integer code and a string message'],
    ['result-and-error', 'a response carries exactly one of result and error'],
    ['no-jsonrpc', 'jsonrpc must be "2.0"'],
  ])('%s fails the call at once, saying what was wrong', async (how, what) => {
    const { client } = await stdio(era);
    const error = await errorOf(client.callTool('echo', { how }));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.method).toBe('tools/call');
    expect(error?.message).toContain(`the server's answer is malformed: ${what}`);
    expect(error?.message).toContain('server "malformed"');
    expect(client.refusedMessages).toBe(1);
    await client.ping(); // the connection carries on
  });

  it('an answer under the id as a string ("2" for 2) fails that request at once, naming both', async () => {
    const { client } = await stdio(era);
    const error = await errorOf(client.callTool('echo', { how: 'string-id' }));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.message).toMatch(/the server answered with id "(\d+)" \(a string\) for request \1/);
  });

  it.each([
    ['truncated', 'not JSON'],
    ['invalid-utf8-answer', 'line is not valid UTF-8'],
    ['over-cap', 'line limit'],
  ])(
    '%s: a refused line that starts as an answer fails that request at once, saying why',
    async (how, what) => {
      const { client } = await stdio(era);
      const error = await errorOf(client.callTool('echo', { how }));
      expect(error?.code).toBe(ErrorCode.InvalidResult);
      expect(error?.method).toBe('tools/call');
      expect(error?.message).toContain(`the server's answer was refused: `);
      expect(error?.message).toContain(what);
      expect(client.refusedMessages).toBe(1);
      await client.ping(); // the connection carries on
    },
  );

  // Each waits out a timeout, long enough for the refused line to arrive first on a loaded machine
  // (an 11 MiB one takes a while): run side by side.
  it.concurrent.for([
    ['null-id', 'response id must be a string or an integer'],
    ['no-id', 'response id must be a string or an integer'],
    ['null-id-error', 'error -32603 "lost it" with a null id'],
    ['invalid-utf8', 'line is not valid UTF-8'],
  ])(
    '%s names no request: logged, counted, and the timeout says what was refused',
    async ([how, what], { expect }) => {
      const { client, logs } = await stdio(era, true);
      try {
        const error = await errorOf(client.callTool('echo', { how }, { timeoutMs: 5000 }));
        expect(error?.code).toBe(ErrorCode.RequestTimeout);
        expect(error?.message).toContain('meanwhile the server sent something that was refused');
        expect(error?.message).toContain(what);
        expect(client.refusedMessages).toBe(1);
        expect(logs.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    },
  );
});

/** An HTTP server answering the basics of its era and each tools/call with `answer`. */
async function http(era: 'legacy' | 'modern', answer: (res: ServerResponse, id: number) => void) {
  const options = { serverName: 'malformed-http', requestTimeoutMs: LONG, cleanups };
  return connectToolAnswerer(era, (res, id) => answer(res, id as number), options);
}
const jsonBody = (res: ServerResponse, text: string) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(text);
};
const calls = (f: HttpFixture) => f.requests.filter((r) => r.body?.method === 'tools/call');
const OK = { content: [{ type: 'text', text: 'ok' }] };

describe.each(['legacy', 'modern'] as const)('Streamable HTTP, %s era: a malformed answer', (era) => {
  it('a JSON body that is not JSON fails the call at once', async () => {
    const { client } = await http(era, (res) => jsonBody(res, '{"jsonrpc":"2.0","id":'));
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.method).toBe('tools/call');
    expect(error?.message).toContain("The server's answer could not be used: not JSON");
  });

  it('a JSON body answering another request fails this one at once', async () => {
    const { client } = await http(era, (res, id) =>
      jsonBody(res, JSON.stringify({ jsonrpc: '2.0', id: id + 1000, result: OK })),
    );
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.message).toContain('it holds no response to this request');
  });

  it('a JSON body whose result is a string fails the call at once, saying so', async () => {
    const { client } = await http(era, (res, id) =>
      jsonBody(res, JSON.stringify({ jsonrpc: '2.0', id, result: 'done' })),
    );
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.message).toContain('result must be an object');
  });

  it('an SSE answer that is not JSON fails the call once the stream ends, not sent again', async () => {
    const { client, fixture } = await http(era, (res) => {
      sseHead(res);
      res.end('data: {"jsonrpc":"2.0","id":\n\n');
    });
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.method).toBe('tools/call');
    expect(error?.message).toContain("the server's answer could not be used: not JSON");
    expect(calls(fixture)).toHaveLength(1);
  });

  it('an SSE answer under the id as a string fails that request at once', async () => {
    const { client } = await http(era, (res, id) => {
      sseHead(res);
      // The stream stays open: only the id can end the wait.
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: String(id), result: OK })}\n\n`);
    });
    const error = await errorOf(client.callTool('echo'));
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.message).toMatch(/answered with id "\d+" \(a string\)/);
  });
});
