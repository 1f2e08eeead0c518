import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './httpClient';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/**
 * A raw HTTP/1.1 server that answers "ok" and keeps the connection, but resets a connection when the
 * request numbered `resetAt` on it (1: the first) arrives — a server closing an idle kept-alive
 * connection as the client sends on it. Counts the connections it was given.
 */
async function resetting(resetAt: number) {
  const seen = { connections: 0 };
  const server = net.createServer((socket) => {
    seen.connections++;
    let requests = 0;
    socket.on('data', (data) => {
      for (const _ of data.toString().matchAll(/\r\n\r\n\{\}/g)) {
        if (++requests === resetAt) {
          socket.resetAndDestroy();
          return;
        }
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      }
    });
    socket.on('error', () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/mcp`);
  return { url, seen };
}

const post = (client: HttpClient, url: URL) =>
  client
    .request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 5000,
    })
    .then((r) => r.text(1024));

describe('HttpClient (node engine)', () => {
  it('sends a request again, once, on a new connection when a kept-alive one is reset as it goes out', async () => {
    const { url, seen } = await resetting(2);
    const client = new HttpClient(false);
    try {
      expect(await post(client, url)).toBe('ok');
      // The second request goes out on the kept-alive connection, which the server resets.
      expect(await post(client, url)).toBe('ok');
      expect(seen.connections).toBe(2);
    } finally {
      client.destroy();
    }
  });

  it('does not send again when a new connection is reset (the server may have read the request)', async () => {
    const { url, seen } = await resetting(1);
    const client = new HttpClient(false);
    try {
      await expect(post(client, url)).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(seen.connections).toBe(1);
    } finally {
      client.destroy();
    }
  });
});
