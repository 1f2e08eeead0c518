import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { parseCall } from '../../shared/ipc/contract';
import { callEnvelope, type ServerMessage } from '../../shared/ipc/socketMessages';
import { isAppPage, isMissingPage } from '../../shared/ui/appAddress';
import type { HostService } from '../host/hostService';
import { mimeTypeOf, rendererCsp, servedFile } from '../host/rendererAssets';
import { fetchSite, UNSAID } from './fetchSite';
import { LogFlow } from './logFlow';
import { socketText } from './socketText';
import { type RunningViewSandbox, startViewSandbox } from './viewSandbox';

export interface WebShellOptions {
  service: HostService;
  /** The built renderer (index.html and its assets). */
  rendererDir: string;
  port?: number;
  /** Loopback unless `allowRemote`. */
  bind?: string;
  allowRemote?: boolean;
  /** The first one-time link token: fixed for tests; a fresh random one otherwise. */
  token?: string;
  /**
   * Signs session cookies. Kept across restarts (main.ts keeps it in the secret store), an open tab
   * goes on after the app restarts on the same port; a fresh one per process otherwise.
   */
  sessionKey?: Buffer;
  /**
   * Called when the last page has disconnected and none came back within `allClosedAfterMs` (the
   * Electron equivalent: the window closed). A reload — the same page gone and back at once, as a
   * window reload is in Electron — is not a close: what waits on the person waits on.
   */
  onAllClosed?: () => void;
  /** How long no page may be connected before it counts as all closed (default 10 s). */
  allClosedAfterMs?: number;
  warn?: (message: string) => void;
}

export interface RunningWebShell {
  /** The first link to open: it works once. */
  url: string;
  port: number;
  /** The token in `url`. */
  token: string;
  /** Another one-time link (another browser, or after the browser forgot its session). */
  newLink(): string;
  close(): Promise<void>;
}

/**
 * The session cookie's name, one per instance: cookies know no ports, so two instances in one browser
 * (another data folder, another port) under one name would each overwrite the other's session. Named
 * after the key that signs it (a data folder's own, kept over restarts), never revealing it.
 */
export const sessionCookieName = (key: Buffer): string =>
  `sb_session_${createHash('sha256').update('switchboard session cookie').update(key).digest('hex').slice(0, 16)}`;
/** No page for this long (not a reload, which is back within a second or two): every page is closed. */
const ALL_CLOSED_AFTER_MS = 10_000;
/** Room for a browser's whole cookie jar for this host (see startWebShell). */
const MAX_HEADER_BYTES = 1024 * 1024;
/** A session lasts this long from the link that opened it; then the person opens a new link. */
const SESSION_DAYS = 30;

/** Sent with every response, errors and refusals included: nothing here is framed, sniffed or referred. */
const BASE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};
function isLoopback(address: string): boolean {
  if (address === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

/**
 * The browser shell: the renderer served on loopback, HostApi over a WebSocket. The printed link
 * carries a one-time token; opening it trades the token for a session cookie (HttpOnly,
 * SameSite=Strict) and redirects to `/`, so the link is spent and out of the address bar and history.
 * Every other HTTP and WebSocket request must carry that session, come with a Host header naming this
 * server (no DNS rebinding), when it has one, an Origin of this server, and never from another page
 * (fetchSite.ts: `Sec-Fetch-Site` same-origin, or none for what the person opened themselves).
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
  const fresh = () => randomBytes(24).toString('hex');
  const token = options.token ?? fresh();
  // Links not yet opened. A link opened becomes a session: `issued.nonce.signature`, checked by its
  // signature and age, so it needs no list and outlives a restart with the same key.
  const links = new Set([token]);
  const sessionKey = options.sessionKey ?? randomBytes(32);
  const cookieName = sessionCookieName(sessionKey);
  const sign = (body: string) => createHmac('sha256', sessionKey).update(body).digest('hex');
  const newSession = () => {
    const body = `${Date.now()}.${fresh()}`;
    return `${body}.${sign(body)}`;
  };
  const validSession = (value: string): boolean => {
    const [issued, nonce, signature] = value.split('.');
    if (!issued || !nonce || !signature || value.split('.').length !== 3) return false;
    if (!oneOf(signature, new Set([sign(`${issued}.${nonce}`)]))) return false;
    const age = Date.now() - Number(issued);
    return age >= 0 && age < SESSION_DAYS * 24 * 3600_000;
  };
  const root = await realpath(options.rendererDir);
  let port = 0;

  const allowedHosts = () =>
    new Set([`${bind}:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const checkOrigin = (req: IncomingMessage): string | undefined => {
    if (!allowedHosts().has(req.headers.host ?? '')) return 'unknown Host';
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().has(origin.replace(/^http:\/\//, '')))
      return 'foreign Origin';
    return undefined;
  };
  const check = (req: IncomingMessage): string | undefined => {
    const session = cookieOf(req, cookieName);
    return (
      checkOrigin(req) ??
      (session && validSession(session) ? undefined : 'no session: open the link the terminal printed')
    );
  };

  let sandbox: RunningViewSandbox | undefined;
  // Cookies know no ports: a page on another port of this computer can fill 127.0.0.1's jar (a browser
  // keeps some 180 cookies of 4 KB a site), and with Node's 16 KB header limit every request — a fresh
  // link included — would be refused (431) until the person cleared them. The jar's whole fits in 1 MB.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const link = url.searchParams.get('token');
    // Another page on this computer (another port is the same site, and its navigations carry the
    // cookie) or another site: refused before the session is even looked at.
    const site = fetchSite(req);
    if (site.kind === 'refused') return deny(res, site.why);
    if (link !== null) {
      // A link is spent on first use: a copy in history, a log or a screenshot opens nothing.
      const refused = checkOrigin(req);
      if (refused) return deny(res, refused);
      // This browser has a session already (the link opened again from the terminal): go on in it.
      if (site.kind === 'allowed' && !check(req)) {
        res.writeHead(303, { ...BASE_HEADERS, location: '/' });
        return res.end();
      }
      const known = oneOf(link, links);
      if (!known) return deny(res, 'this link was already used or is wrong: ask the terminal for a new one');
      links.delete(known);
      const cookie = `${cookieName}=${newSession()}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_DAYS * 24 * 3600}`;
      // A browser that says nothing of where a request comes from gets the page only for the link
      // itself: the redirect's request could not be told from another page's.
      if (site.kind === 'unsaid') return serve(res, '/', { 'set-cookie': cookie });
      res.writeHead(303, { ...BASE_HEADERS, location: '/', 'set-cookie': cookie });
      return res.end();
    }
    const refused = check(req);
    if (refused) return deny(res, refused);
    // The app's own addresses (a page, a conversation, an install link's preview) are the app itself.
    const pathname = isAppPage(url.pathname) ? '/' : url.pathname;
    serve(res, pathname, {}, site.kind === 'unsaid' ? UNSAID : undefined);
  });
  /** `pagesRefused`: why a page (what shows anything) is not served; its scripts and styles are. */
  const serve = (
    res: ServerResponse,
    pathname: string,
    headers: Record<string, string>,
    pagesRefused?: string,
  ) =>
    void serveStatic(res, root, pathname, {
      port,
      frames: sandbox ? [sandbox.frameSource] : [],
      headers,
      pagesRefused,
    }).catch(() => {
      if (!res.headersSent) res.writeHead(500, { ...BASE_HEADERS, 'content-type': 'text/plain' });
      res.end();
    });

  const sockets = new Set<WebSocket>();
  let allClosed: NodeJS.Timeout | undefined;
  /** Closed: the pages it drops on the way out start no grace timer (it would fire on a closed shell). */
  let closing = false;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    // A browser that sends no Fetch Metadata still sends Origin with every WebSocket: checked below.
    const site = fetchSite(req);
    const refused =
      (site.kind === 'refused' ? site.why : undefined) ??
      check(req) ??
      (new URL(req.url ?? '/', 'http://x').pathname === '/ws' ? undefined : 'not found');
    if (refused) {
      const headers = Object.entries({ ...BASE_HEADERS, 'content-type': 'text/plain' })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.end(`HTTP/1.1 403 Forbidden\r\n${headers}\r\n${refused}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const attach = (ws: WebSocket) => {
    sockets.add(ws);
    // An event that cannot be sent throws to HostService's guard, which logs it and names the server.
    const send = (message: ServerMessage, method?: string) => ws.send(socketText(message, method));
    // Log entries wait while this page is behind; everything else goes at once.
    const flow = new LogFlow({
      get bufferedAmount() {
        return ws.bufferedAmount;
      },
      send,
    });
    const unsubscribe = options.service.subscribe((event) => flow.send(event));
    ws.on('message', (data) => void answer(send, String(data)));
    ws.on('close', () => {
      flow.dispose();
      unsubscribe();
      sockets.delete(ws);
      if (sockets.size > 0 || !options.onAllClosed || closing) return;
      clearTimeout(allClosed);
      allClosed = setTimeout(() => {
        if (sockets.size === 0) options.onAllClosed?.();
      }, options.allClosedAfterMs ?? ALL_CLOSED_AFTER_MS);
      allClosed.unref();
    });
  };

  const answer = async (send: (message: ServerMessage, method?: string) => void, text: string) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return send({ id: null, error: 'not JSON' });
    }
    const envelope = callEnvelope.safeParse(json);
    if (!envelope.success) {
      // Answer under the message's own id where it has a usable one, so that call does not hang.
      const id = callEnvelope.shape.id.safeParse((json as { id?: unknown } | null)?.id);
      const issue = envelope.error.issues[0];
      return send({
        id: id.success ? id.data : null,
        error: `not a call${issue ? `: ${issue.path.join('.') || '(all)'}: ${issue.message}` : ''}`,
      });
    }
    const { id, method, args } = envelope.data;
    const call = parseCall(method, args);
    if (!call.ok) return send({ id, error: call.error });
    try {
      const result = await options.service.invoke(call.method, call.args);
      // An answer that cannot be sent fails with why, like any other failure of the call.
      send({ id, result: result ?? null }, call.method);
    } catch (error) {
      send({ id, error: error instanceof Error ? error.message : String(error) });
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bind, () => resolve());
  });
  port = (server.address() as { port: number }).port;
  const shownHost = isIP(bind) === 6 ? `[${bind}]` : bind;
  // Views (MCP Apps) need a browser on this machine: `*.localhost` is the browser's own loopback.
  // Server Views (MCP Apps) are served in a sandbox of their own beside the app.
  const views = options.service.views;
  if (isLoopback(bind)) {
    sandbox = await startViewSandbox(views, '127.0.0.1');
    views.setSandbox({
      urlOf: sandbox.urlOf,
      frameAncestors: [
        ...new Set([`http://${shownHost}:${port}`, `http://127.0.0.1:${port}`, `http://localhost:${port}`]),
      ],
    });
  }
  const linkOf = (t: string) => `http://${shownHost}:${port}/?token=${t}`;
  return {
    url: linkOf(token),
    port,
    token,
    newLink: () => {
      const t = fresh();
      links.add(t);
      return linkOf(t);
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        clearTimeout(allClosed);
        for (const ws of sockets) ws.terminate();
        wss.close();
        views.setSandbox(undefined);
        void sandbox?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serveStatic(
  res: ServerResponse,
  root: string,
  pathname: string,
  how: {
    port: number;
    frames: string[];
    headers: Record<string, string>;
    pagesRefused?: string;
    status?: number;
  },
): Promise<void> {
  const file = servedFile(root, pathname);
  if (!file) return deny(res, 'not part of the app');
  const page = file.endsWith('.html');
  if (page && how.pagesRefused) return deny(res, how.pagesRefused);
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    // An address of nothing (a mistyped page): the app, which says so, with the 404 kept.
    if (isMissingPage(pathname)) return serveStatic(res, root, '/', { ...how, status: 404 });
    res.writeHead(404, { ...BASE_HEADERS, 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  res.writeHead(how.status ?? 200, {
    ...BASE_HEADERS,
    ...how.headers,
    'content-type': mimeTypeOf(file),
    // The page's own policy; every other response keeps the deny-all one.
    ...(page
      ? {
          'content-security-policy': rendererCsp(
            [`ws://127.0.0.1:${how.port}`, `ws://localhost:${how.port}`],
            how.frames,
          ),
        }
      : {}),
  });
  res.end(body);
}

function deny(res: ServerResponse, why: string): void {
  res.writeHead(403, { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  res.end(`Forbidden: ${why}`);
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** The member of `secrets` equal to `given`, compared in constant time. */
function oneOf(given: string, secrets: ReadonlySet<string>): string | undefined {
  const x = Buffer.from(given);
  for (const secret of secrets) {
    const y = Buffer.from(secret);
    if (x.length === y.length && timingSafeEqual(x, y)) return secret;
  }
  return undefined;
}
