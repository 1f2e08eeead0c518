import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { parseCall } from '../../shared/ipc/contract';
import type { HostService } from '../host/hostService';
import { fileInside, mimeTypeOf, rendererCsp } from '../host/rendererAssets';

export interface WebShellOptions {
  service: HostService;
  /** The built renderer (index.html and its assets). */
  rendererDir: string;
  port?: number;
  /** Loopback unless `allowRemote`. */
  bind?: string;
  allowRemote?: boolean;
  /** Fixed for tests; a fresh random one otherwise. */
  token?: string;
  /** Called when the last page disconnects (the Electron equivalent: the window closed). */
  onAllClosed?: () => void;
  warn?: (message: string) => void;
}

export interface RunningWebShell {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const COOKIE = 'sb_token';
export function isLoopback(address: string): boolean {
  if (address === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

/**
 * The browser shell: the renderer served on loopback, HostApi over a WebSocket. Every HTTP and
 * WebSocket request must carry the token (first as ?token=, then as a same-site cookie), come with a
 * Host header naming this server (no DNS rebinding) and, when it has one, an Origin of this server.
 */
export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  const bind = options.bind ?? '127.0.0.1';
  if (!isLoopback(bind)) {
    if (!options.allowRemote) {
      throw new Error(
        `Refusing to listen on ${bind}: only loopback addresses unless --allow-remote is given`,
      );
    }
    options.warn?.(
      `Listening on ${bind}: anyone who can reach it and has the token controls your MCP servers.`,
    );
  }
  const token = options.token ?? randomBytes(24).toString('hex');
  const root = await realpath(options.rendererDir);
  let port = 0;

  const allowedHosts = () =>
    new Set([`${bind}:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const check = (req: IncomingMessage): string | undefined => {
    if (!allowedHosts().has(req.headers.host ?? '')) return 'unknown Host';
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().has(origin.replace(/^http:\/\//, '')))
      return 'foreign Origin';
    const url = new URL(req.url ?? '/', 'http://x');
    const given = url.searchParams.get('token') ?? cookieOf(req, COOKIE);
    if (!given || !sameSecret(given, token)) return 'missing or wrong token';
    return undefined;
  };

  const server = createServer((req, res) => {
    const refused = check(req);
    if (refused) return deny(res, refused);
    void serveStatic(req, res, root, token, port).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const refused =
      check(req) ?? (new URL(req.url ?? '/', 'http://x').pathname === '/ws' ? undefined : 'not found');
    if (refused) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\n\r\n${refused}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const attach = (ws: WebSocket) => {
    sockets.add(ws);
    const unsubscribe = options.service.subscribe((event) => ws.send(JSON.stringify(event)));
    ws.on('message', (data) => void answer(ws, String(data)));
    ws.on('close', () => {
      unsubscribe();
      sockets.delete(ws);
      if (sockets.size === 0) options.onAllClosed?.();
    });
  };

  const answer = async (ws: WebSocket, text: string) => {
    let message: { id?: unknown; method?: unknown; args?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return ws.send(JSON.stringify({ id: null, error: 'not JSON' }));
    }
    const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
    const call = parseCall(message.method, message.args);
    if (!call.ok) return ws.send(JSON.stringify({ id, error: call.error }));
    try {
      const result = await options.service.invoke(call.method, call.args);
      ws.send(JSON.stringify({ id, result: result ?? null }));
    } catch (error) {
      ws.send(JSON.stringify({ id, error: error instanceof Error ? error.message : String(error) }));
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bind, () => resolve());
  });
  port = (server.address() as { port: number }).port;
  const shownHost = isIP(bind) === 6 ? `[${bind}]` : bind;
  return {
    url: `http://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  token: string,
  port: number,
) {
  const file = fileInside(root, new URL(req.url ?? '/', 'http://x').pathname);
  if (!file) return deny(res, 'outside the app');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  const headers: Record<string, string> = {
    'content-type': mimeTypeOf(file),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': 'no-store',
  };
  if (file.endsWith('.html')) {
    headers['content-security-policy'] = rendererCsp([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]);
    headers['x-frame-options'] = 'DENY';
    // The token moves from the URL into a cookie only this origin sends, and only to this server.
    headers['set-cookie'] = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
  }
  res.writeHead(200, headers);
  res.end(body);
}

function deny(res: ServerResponse, why: string): void {
  res.writeHead(403, { 'content-type': 'text/plain' });
  res.end(`Forbidden: ${why}`);
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
