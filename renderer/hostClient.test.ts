import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { connectWebSocket, DISCONNECTED } from './hostClient';

// The page's side of the browser shell against a real WebSocket server (Node's own WebSocket is the
// browser's API): answers by id, and what a call does while the connection is gone.
let server: WebSocketServer | undefined;
afterEach(async () => {
  for (const c of server?.clients ?? []) c.terminate();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function serve(): Promise<{ port: number; sockets: ServerSocket[] }> {
  const sockets: ServerSocket[] = [];
  server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws' });
  server.on('connection', (s) => {
    sockets.push(s);
    s.on('message', (data) => {
      const call = JSON.parse(String(data)) as { id: number; method: string };
      s.send(JSON.stringify({ id: call.id, result: `answer to ${call.method}` }));
    });
  });
  await new Promise((r) => server!.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return { port, sockets };
}

describe('the browser shell connection', () => {
  it('a call made after the connection closed fails at once, saying so — it was sent into the closed socket and never settled', async () => {
    const { port, sockets } = await serve();
    Object.assign(globalThis, { location: { protocol: 'http:', host: `127.0.0.1:${port}` } });
    const host = connectWebSocket();
    const status: boolean[] = [];
    host.onStatus((c) => status.push(c));
    expect(await host.call('listServers')).toBe('answer to listServers');
    sockets[0]!.terminate();
    await expect.poll(() => status.at(-1)).toBe(false);
    // Within the second before it tries again: refused, not left waiting.
    await expect(host.call('listDrafts')).rejects.toThrow(DISCONNECTED);
    // Back once it reconnects.
    await expect.poll(() => status.at(-1), { timeout: 5000 }).toBe(true);
    expect(await host.call('listDrafts')).toBe('answer to listDrafts');
  });

  it('calls waiting for a connection that never opens fail, saying so', async () => {
    const { port } = await serve();
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    Object.assign(globalThis, { location: { protocol: 'http:', host: `127.0.0.1:${port}` } });
    const host = connectWebSocket();
    await expect(host.call('listServers')).rejects.toThrow(DISCONNECTED);
  });
});
