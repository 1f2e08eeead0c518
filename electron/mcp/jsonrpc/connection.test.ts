import { afterEach, describe, expect, it } from 'vitest';
import { McpError } from '../mcpError';
import type { Transport } from '../transport/transport';
import { TransportEvents } from '../transport/transportEvents';
import { JsonRpcConnection } from './connection';
import { ErrorCode } from './errorCodes';

/** The peer's end of an in-memory transport: what we sent, and a way to answer. */
class Peer extends TransportEvents implements Transport {
  readonly sent: Record<string, unknown>[] = [];
  async start() {}
  async send(m: unknown) {
    for (const one of Array.isArray(m) ? m : [m]) this.sent.push(one as Record<string, unknown>);
  }
  async close() {
    this.closeEmitter.fire({ reason: 'closed by us', requested: true });
  }
  deliver(value: unknown) {
    this.messageEmitter.fire(value);
  }
  gone(reason: string) {
    this.closeEmitter.fire({ reason, requested: false });
  }
  last(method?: string) {
    return [...this.sent].reverse().find((m) => method === undefined || m.method === method);
  }
}

let conn: JsonRpcConnection;
let peer: Peer;
const open = () => {
  peer = new Peer();
  conn = new JsonRpcConnection(peer, 'test-server');
  return { conn, peer };
};
afterEach(async () => {
  await conn?.close().catch(() => {});
});
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('JsonRpcConnection (in memory, no server)', () => {
  it('matches a response to its request by id, whatever the order', async () => {
    open();
    const a = conn.request('a');
    const b = conn.request('b', { x: 1 });
    await tick();
    const [ra, rb] = peer.sent;
    expect(rb).toEqual({ jsonrpc: '2.0', id: rb!.id, method: 'b', params: { x: 1 } });
    peer.deliver({ jsonrpc: '2.0', id: rb!.id, result: { from: 'b' } });
    peer.deliver({ jsonrpc: '2.0', id: ra!.id, result: { from: 'a' } });
    expect(await a).toEqual({ from: 'a' });
    expect(await b).toEqual({ from: 'b' });
  });

  it('an error response rejects with its code and message', async () => {
    open();
    const p = conn.request('tools/call');
    await tick();
    peer.deliver({ jsonrpc: '2.0', id: peer.last()!.id, error: { code: -32602, message: 'bad args' } });
    await expect(p).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('bad args'),
    });
  });

  it('a timeout rejects and tells the peer with notifications/cancelled', async () => {
    open();
    const p = conn.request('slow', {}, { timeoutMs: 30 });
    await expect(p).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    const cancelled = peer.last('notifications/cancelled');
    expect(cancelled?.params).toMatchObject({ requestId: peer.sent[0]!.id });
  });

  it('an abort rejects at once and cancels on the peer; a late response is ignored', async () => {
    open();
    const controller = new AbortController();
    const p = conn.request('slow', {}, { signal: controller.signal });
    await tick();
    const id = peer.sent[0]!.id;
    controller.abort('the person pressed Cancel');
    await expect(p).rejects.toMatchObject({ code: ErrorCode.RequestCancelled });
    expect(peer.last('notifications/cancelled')?.params).toMatchObject({ requestId: id });
    peer.deliver({ jsonrpc: '2.0', id, result: {} }); // nothing to settle, nothing thrown
  });

  it('a late answer to a request given up on is logged at debug as late, not refused; a stray id still warns', async () => {
    open();
    const logs: { level: string; message: string }[] = [];
    conn.onLog((l) => logs.push(l));
    // The era probe to a server slow to start: timed out, then answered "Method not found" after all.
    await expect(conn.request('server/discover', {}, { timeoutMs: 20 })).rejects.toMatchObject({
      code: ErrorCode.RequestTimeout,
    });
    const id = peer.sent[0]!.id;
    peer.deliver({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
    expect(logs).toEqual([
      {
        level: 'debug',
        message: `late error -32601 "Method not found" to server/discover (id ${id}), given up on earlier (timed out after 20 ms): ignored`,
        data: expect.anything(),
      },
    ]);
    expect(conn.refusedCount).toBe(0);
    // Told once: the same id again, and an id never sent, are strays.
    peer.deliver({ jsonrpc: '2.0', id, result: {} });
    peer.deliver({ jsonrpc: '2.0', id: 987654, result: {} });
    expect(logs.slice(1).map((l) => [l.level, l.message])).toEqual([
      ['warning', `result for unknown request id ${id} dropped`],
      ['warning', 'result for unknown request id 987654 dropped'],
    ]);
    expect(conn.refusedCount).toBe(2);
  });

  it('progress resets the timeout, never past the hard cap; progress that does not increase resets nothing', async () => {
    open();
    const run = async (rising: boolean) => {
      const seen: unknown[] = [];
      const p = conn.request(
        'long',
        {},
        {
          timeoutMs: 80,
          resetTimeoutOnProgress: true,
          maxTotalTimeoutMs: 400,
          onProgress: (x) => seen.push(x),
        },
      );
      await tick();
      const token = (peer.last('long')!.params as { _meta: { progressToken: number } })._meta.progressToken;
      let n = 0;
      const beat = setInterval(() => {
        n++;
        peer.deliver({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: rising ? n : 1 },
        });
      }, 30);
      try {
        return { error: (await p.catch((e: unknown) => e)) as McpError, seen: seen.length };
      } finally {
        clearInterval(beat);
      }
    };
    // Rising progress keeps it alive until the hard cap ends it (not the 80 ms timeout).
    const rising = await run(true);
    expect(rising.error).toMatchObject({ code: ErrorCode.RequestTimeout });
    expect(rising.error.message).toContain('after 400 ms (maximum total time)');
    expect(rising.seen).toBeGreaterThan(2);
    // The same value again and again is not progress: the ordinary timeout ends it.
    const flat = await run(false);
    expect(flat.error.message).toContain('after 80 ms (timeout)');
    expect(flat.seen).toBe(1);
  });

  it('answers the peer: a handler result, a thrown error as InternalError, an unknown method as -32601', async () => {
    open();
    conn.setRequestHandler('ping', async () => ({}));
    conn.setRequestHandler('boom', async () => {
      throw new Error('it broke');
    });
    peer.deliver({ jsonrpc: '2.0', id: 'p1', method: 'ping' });
    peer.deliver({ jsonrpc: '2.0', id: 'p2', method: 'boom' });
    peer.deliver({ jsonrpc: '2.0', id: 'p3', method: 'nope' });
    await expect.poll(() => peer.sent.length).toBe(3);
    const byId = Object.fromEntries(peer.sent.map((m) => [m.id as string, m]));
    expect(byId.p1).toEqual({ jsonrpc: '2.0', id: 'p1', result: {} });
    expect(byId.p2).toMatchObject({ error: { code: ErrorCode.InternalError } });
    expect(byId.p3).toMatchObject({ error: { code: ErrorCode.MethodNotFound } });
  });

  it('a cancelled notification from the peer aborts the handler it names', async () => {
    open();
    let aborted = false;
    conn.setRequestHandler('wait', (_params, ctx) => {
      return new Promise((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          aborted = true;
          resolve({});
        });
      });
    });
    peer.deliver({ jsonrpc: '2.0', id: 7, method: 'wait' });
    await tick();
    peer.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    await expect.poll(() => aborted).toBe(true);
  });

  it('the clock of our request stands still while we answer the peer', async () => {
    open();
    let answer!: () => void;
    conn.setRequestHandler(
      'elicitation/create',
      () => new Promise((r) => (answer = () => r({ action: 'cancel' }))),
    );
    // The peer asks at once; the timeout leaves room for a loaded machine to get there (60 ms did
    // not, once, in CI), and the person then takes three timeouts to decide.
    const p = conn.request('tools/call', {}, { timeoutMs: 500 });
    await tick();
    peer.deliver({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create' });
    await new Promise((r) => setTimeout(r, 1500));
    answer();
    await tick();
    peer.deliver({ jsonrpc: '2.0', id: peer.sent[0]!.id, result: { content: [] } });
    await expect(p).resolves.toEqual({ content: [] });
  });

  it('a closed channel rejects everything pending, and every later request, with the reason', async () => {
    open();
    const p = conn.request('x');
    await tick();
    peer.gone('the server exited (code 1)');
    const error = await p.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.ConnectionClosed });
    expect(String((error as Error).message)).toContain('the server exited (code 1)');
    await expect(conn.request('y')).rejects.toMatchObject({ code: ErrorCode.ConnectionClosed });
  });
});
