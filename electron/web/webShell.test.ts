import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EVERYTHING_ENTRY } from '../../e2e/fixtures/servers';
import { trustAsShown } from '../../e2e/fixtures/trust';
import type { CallMessage, ServerMessage } from '../../shared/ipc/socketMessages';
import { Host } from '../host/host';
import { type HostService, hostService } from '../host/hostService';
import { type RunningWebShell, sessionCookieName, startWebShell } from './webShell';

const CANARY = 'ws-canary-51f0c2';
let home: string;
let host: Host;
let service: HostService;
let shell: RunningWebShell;
let allClosed = 0;
/** How long no page may be connected before the shell counts every page closed (short for the tests). */
const CLOSED_AFTER_MS = 600;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-web-'));
  const renderer = path.join(home, 'renderer');
  await mkdir(renderer);
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><script src="/app.js"></script>');
  await writeFile(path.join(renderer, 'app.js'), 'console.log(1)');
  await writeFile(path.join(renderer, 'app.js.map'), '{"sources":["/home/builder/src/app.ts"]}');
  await writeFile(path.join(home, 'outside.txt'), 'not for the browser');
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [EVERYTHING_ENTRY, 'stdio'],
          env: { SB_CANARY: { $secret: `everything/env/SB_CANARY@${process.execPath}` } },
        },
      },
    }),
  );
  host = await Host.create({ home });
  await host.secrets.set(`everything/env/SB_CANARY@${process.execPath}`, CANARY);
  await trustAsShown(host.registry, 'everything');
  service = hostService(host);
  allClosed = 0;
  shell = await startWebShell({
    service,
    rendererDir: renderer,
    onAllClosed: () => allClosed++,
    allClosedAfterMs: CLOSED_AFTER_MS,
  });
});
afterEach(async () => {
  await shell.close();
  service.dispose();
  await host.shutdown();
  await rm(home, { recursive: true, force: true });
});

/** A request as a browser sends one the person opened (`Sec-Fetch-Site: none`) unless `headers` say otherwise. */
function get(pathname: string, headers: Record<string, string | undefined> = {}) {
  return getFrom(shell.port, pathname, { 'sec-fetch-site': 'none', ...headers });
}

function getFrom(port: number, pathname: string, headers: Record<string, string | undefined> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          // A connection of its own each time: a kept-alive one from a shell this test closed (and
          // started again on its port) would be reused half-closed — "socket hang up".
          agent: false,
          path: pathname,
          headers: Object.fromEntries(
            Object.entries({ host: `127.0.0.1:${port}`, ...headers }).filter(([, v]) => v !== undefined),
          ) as Record<string, string>,
        },
        (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/** Opens a one-time link as a browser would; returns the session cookie it was traded for. */
async function signIn(link = `/?token=${shell.token}`): Promise<string> {
  const res = await get(link);
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/');
  return String(res.headers['set-cookie']?.[0]).split(';')[0]!;
}

function open(cookie: string | undefined, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/ws`, {
    headers: { origin: `http://127.0.0.1:${shell.port}`, ...(cookie ? { cookie } : {}), ...headers },
  });
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(String(d)));
  let next = 1;
  const call = (method: string, ...args: unknown[]) =>
    new Promise<{ result?: unknown; error?: string }>((resolve) => {
      const id = next++;
      const onMessage = (d: WebSocket.RawData) => {
        const m = JSON.parse(String(d));
        if (m.id === id) {
          ws.off('message', onMessage);
          resolve(m);
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, args }));
    });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, frames, call, opened };
}

describe('browser shell', () => {
  it('a link works once: it becomes a session cookie and a redirect; the app needs that session', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/?token=wrong')).body).toMatch(/already used or is wrong/);
    const first = await get(`/?token=${shell.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    expect(first.headers['set-cookie']?.[0]).toMatch(
      /^sb_session_[0-9a-f]{16}=\d+\.[0-9a-f]{48}\.[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/,
    );
    const cookie = String(first.headers['set-cookie']?.[0]).split(';')[0]!;
    expect(cookie).not.toContain(shell.token);
    // The same link again (history, a log, a screenshot): refused, and no session comes of it.
    const again = await get(`/?token=${shell.token}`);
    expect(again.status).toBe(403);
    expect(again.body).toMatch(/already used/);
    expect(again.headers['set-cookie']).toBeUndefined();
    // The link's token is not a session.
    expect((await get('/', { cookie: `${cookie.split('=')[0]}=${shell.token}` })).status).toBe(403);

    const page = await get('/', { cookie });
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect((await get('/app.js', { cookie })).status).toBe(200);
    expect((await get('/app.js')).status).toBe(403);

    // Another browser: the terminal hands out a new link, which also works once.
    const link = new URL(shell.newLink());
    const second = await signIn(`${link.pathname}${link.search}`);
    expect((await get('/app.js', { cookie: second })).status).toBe(200);
    expect((await get(`${link.pathname}${link.search}`)).status).toBe(403);
  });

  it('a session is signed: tampered, forged or too old is refused; the same key after a restart accepts it', async () => {
    const key = Buffer.alloc(32, 7);
    const renderer = path.join(home, 'renderer');
    const first = await startWebShell({ service, rendererDir: renderer, sessionKey: key });
    const cookieOf = async (s: RunningWebShell) => {
      const res = await getFrom(s.port, `/?token=${s.token}`);
      return String(res.headers['set-cookie']?.[0]).split(';')[0]!;
    };
    const cookie = await cookieOf(first);
    const port = first.port;
    await first.close();
    // Restarted on the same port with the same key: the open tab's cookie still works.
    const again = await startWebShell({ service, rendererDir: renderer, sessionKey: key, port });
    try {
      expect((await getFrom(port, '/app.js', { cookie })).status).toBe(200);
      const name = cookie.split('=')[0]!;
      const [issued, nonce, signature] = cookie.slice(name.length + 1).split('.');
      const forge = (value: string) => getFrom(port, '/app.js', { cookie: `${name}=${value}` });
      expect((await forge(`${issued}.${nonce}.${'0'.repeat(64)}`)).status).toBe(403);
      expect((await forge(`${Number(issued) + 1}.${nonce}.${signature}`)).status).toBe(403);
      expect((await forge(`${issued}.${nonce}`)).status).toBe(403);
      const old = `${Date.now() - 31 * 24 * 3600_000}.${nonce}`;
      const { createHmac } = await import('node:crypto');
      const signedOld = `${old}.${createHmac('sha256', key).update(old).digest('hex')}`;
      expect((await forge(signedOld)).status).toBe(403);
    } finally {
      await again.close();
    }
    // Another key (another install, or a key that was replaced): refused.
    const other = await startWebShell({
      service,
      rendererDir: renderer,
      sessionKey: Buffer.alloc(32, 9),
      port,
    });
    try {
      expect((await getFrom(port, '/app.js', { cookie })).status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('each instance names its session after its own key: two in one browser (cookies know no ports) keep both', async () => {
    const renderer = path.join(home, 'renderer');
    const a = await startWebShell({ service, rendererDir: renderer, sessionKey: Buffer.alloc(32, 1) });
    const b = await startWebShell({ service, rendererDir: renderer, sessionKey: Buffer.alloc(32, 2) });
    try {
      const cookieOf = async (s: RunningWebShell) =>
        String((await getFrom(s.port, `/?token=${s.token}`)).headers['set-cookie']?.[0]).split(';')[0]!;
      const [ca, cb] = [await cookieOf(a), await cookieOf(b)];
      expect(ca.split('=')[0]).not.toBe(cb.split('=')[0]);
      expect(ca.split('=')[0]).toBe(sessionCookieName(Buffer.alloc(32, 1)));
      // The browser sends both to either port: each instance reads its own.
      const both = `${ca}; ${cb}`;
      expect((await getFrom(a.port, '/app.js', { cookie: both })).status).toBe(200);
      expect((await getFrom(b.port, '/app.js', { cookie: both })).status).toBe(200);
      expect((await getFrom(a.port, '/app.js', { cookie: cb })).status).toBe(403);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('every response, refusals and errors included, is unframeable, unsniffable and under a CSP', async () => {
    const cookie = await signIn();
    const responses = {
      page: await get('/', { cookie }),
      script: await get('/app.js', { cookie }),
      missing: await get('/missing.js', { cookie }),
      noSession: await get('/app.js'),
      spentLink: await get(`/?token=${shell.token}`),
      foreignHost: await get('/', { cookie, host: `evil.example:${shell.port}` }),
    };
    expect(Object.values(responses).map((r) => r.status)).toEqual([200, 200, 404, 403, 403, 403]);
    for (const [name, r] of Object.entries(responses)) {
      expect({ name, nosniff: r.headers['x-content-type-options'] }).toEqual({ name, nosniff: 'nosniff' });
      expect({ name, frame: r.headers['x-frame-options'] }).toEqual({ name, frame: 'DENY' });
      expect({ name, referrer: r.headers['referrer-policy'] }).toEqual({ name, referrer: 'no-referrer' });
      expect({ name, csp: String(r.headers['content-security-policy']) }).toEqual({
        name,
        csp: expect.stringMatching(/default-src '(none|self)'.*frame-ancestors 'none'/),
      });
    }
    // Anything but the page itself gets the deny-all policy (a response opened as a page runs nothing).
    expect(responses.script.headers['content-security-policy']).toMatch(/^default-src 'none'/);
  });

  it('/install?link=… is the app page, under the same session; it writes nothing itself', async () => {
    const address = `/install?link=${encodeURIComponent('cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=e30=')}`;
    expect((await get(address)).status).toBe(403);
    const cookie = await signIn();
    const page = await get(address, { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toBe((await get('/', { cookie })).body);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('another page on this computer cannot open a route with the session: only the app itself or the person (Sec-Fetch-Site)', async () => {
    const cookie = await signIn();
    const address = `/install?link=${encodeURIComponent('cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=e30=')}`;
    // A page on another port of 127.0.0.1 is the same site: its top-level navigation carries the cookie.
    for (const path of [address, '/', '/servers', '/app.js']) {
      const sameSite = await get(path, { cookie, 'sec-fetch-site': 'same-site' });
      expect(sameSite.status, path).toBe(403);
      expect(sameSite.body, path).toMatch(/another page on this computer/);
      const crossSite = await get(path, { cookie, 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status, path).toBe(403);
      expect(crossSite.body, path).toMatch(/another site/);
    }
    // The person (an address opened, typed or bookmarked) and the app's own requests.
    expect((await get(address, { cookie, 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await get('/app.js', { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // The WebSocket too: from another page it is refused, whatever its Origin says.
    await expect(open(cookie, { 'sec-fetch-site': 'same-site' }).opened).rejects.toThrow(/403/);
    await expect(open(cookie, { 'sec-fetch-site': 'cross-site' }).opened).rejects.toThrow(/403/);
    const own = open(cookie, { 'sec-fetch-site': 'same-origin' });
    await own.opened;
    own.ws.close();
    // A one-time link opened from another page is refused, and not spent.
    const link = new URL(shell.newLink());
    expect((await get(`${link.pathname}${link.search}`, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await get(`${link.pathname}${link.search}`)).status).toBe(303);
  });

  it("another page filling this host's cookie jar (cookies know no ports) does not lock the person out", async () => {
    const cookie = await signIn();
    // What a page on another port can set: some 180 cookies of about 4 KB (Chromium's limits).
    const junk = Array.from({ length: 180 }, (_, i) => `junk${i}=${'x'.repeat(3900)}`).join('; ');
    expect((await get('/', { cookie: `${junk}; ${cookie}` })).status).toBe(200);
    const link = new URL(shell.newLink());
    expect((await get(`${link.pathname}${link.search}`, { cookie: junk })).status).toBe(303);
  });

  it('a browser that sends no Fetch Metadata gets a page only with a one-time link, never with the session alone', async () => {
    const cookie = await signIn();
    const unsaid = await get('/servers', { cookie, 'sec-fetch-site': undefined });
    expect(unsaid.status).toBe(403);
    expect(unsaid.body).toMatch(/did not say where this request comes from/);
    // What shows nothing by itself (the page's script) is served on the session.
    expect((await get('/app.js', { cookie, 'sec-fetch-site': undefined })).status).toBe(200);
    // A fresh link: the page itself, with its session, where it was opened (no redirect to a request
    // that could not be told from another page's).
    const link = new URL(shell.newLink());
    const opened = await get(`${link.pathname}${link.search}`, { 'sec-fetch-site': undefined });
    expect(opened.status).toBe(200);
    expect(opened.body).toBe((await get('/', { cookie })).body);
    expect(opened.headers['set-cookie']?.[0]).toMatch(
      /^sb_session_[0-9a-f]{16}=.*; HttpOnly; SameSite=Strict/,
    );
    expect(String(opened.headers['content-security-policy'])).toContain("script-src 'self'");
    // Spent like any link.
    expect((await get(`${link.pathname}${link.search}`, { 'sec-fetch-site': undefined })).status).toBe(403);
  });

  it("each page's and conversation's address is the app page, under the same session", async () => {
    const cookie = await signIn();
    const app = (await get('/', { cookie })).body;
    for (const address of [
      '/chats/0f6b1c3e-8a4d-4e55',
      '/chats',
      '/servers',
      '/folders',
      '/logs',
      '/settings',
    ]) {
      expect((await get(address)).status, address).toBe(403);
      const page = await get(address, { cookie });
      expect(page.status, address).toBe(200);
      expect(page.body, address).toBe(app);
    }
    // Not a place of the app: the app says there is nothing there (a 404 still), never a bare "not found".
    for (const address of ['/chats/a/b', '/nonsense']) {
      const missing = await get(address, { cookie });
      expect(missing.status, address).toBe(404);
      expect(missing.body, address).toBe(app);
      expect(String(missing.headers['content-security-policy'])).toContain("script-src 'self'");
      expect((await get(address)).status, address).toBe(403);
    }
  });

  it('serves no source map, even one left in the build', async () => {
    const cookie = await signIn();
    const map = await get('/app.js.map', { cookie });
    expect(map.status).toBe(403);
    expect(map.body).not.toContain('/home/builder');
    // Any spelling of the path: judged by the file it resolves to.
    for (const spelled of [
      '/APP.JS.MAP',
      '/app.js.ma%70',
      '/app.js%2emap',
      '/app.js.map/',
      '/x/../app.js.map',
    ])
      expect((await get(spelled, { cookie })).body, spelled).not.toContain('/home/builder');
  });

  it('refuses a foreign Host (DNS rebinding), a foreign Origin, and paths outside the app', async () => {
    const t = `?token=${shell.token}`;
    expect((await get(`/${t}`, { host: `evil.example:${shell.port}` })).body).toMatch(/unknown Host/);
    // A name that resolves here (what a View could reach through a wildcard-DNS service) is no Host of ours.
    expect((await get(`/${t}`, { host: `127.0.0.1.nip.io:${shell.port}` })).body).toMatch(/unknown Host/);
    expect((await get(`/${t}`, { origin: 'http://evil.example' })).body).toMatch(/foreign Origin/);
    // Neither refusal spent the link.
    const cookie = await signIn();
    const traversal = await get('/%2e%2e/outside.txt', { cookie });
    expect(traversal.body).not.toContain('not for the browser');
    await expect(open(undefined).opened).rejects.toThrow(/403/);
    await expect(open(`${cookie.split('=')[0]}=${shell.token}`).opened).rejects.toThrow(/403/);
    await expect(open(cookie, { origin: 'http://evil.example' }).opened).rejects.toThrow(/403/);
    await expect(open(cookie, { host: `rebind.example:${shell.port}` }).opened).rejects.toThrow(/403/);
  });

  it('refuses to listen beyond loopback unless told to, and then warns', async () => {
    await expect(
      startWebShell({ service, rendererDir: path.join(home, 'renderer'), bind: '0.0.0.0' }),
    ).rejects.toThrow(/only loopback addresses unless --allow-remote/);
    const warnings: string[] = [];
    const remote = await startWebShell({
      service,
      rendererDir: path.join(home, 'renderer'),
      bind: '0.0.0.0',
      allowRemote: true,
      warn: (w) => warnings.push(w),
    });
    await remote.close();
    expect(warnings[0]).toMatch(/anyone who can reach it/);
  });

  it('carries HostApi over the WebSocket, validating every call', async () => {
    const client = open(await signIn());
    await client.opened;
    const servers = (await client.call('listServers')).result as { id: string; state: { status: string } }[];
    expect(servers.map((s) => s.id)).toEqual(['everything']);
    expect(servers[0]!.state.status).toBe('running');
    expect(await client.call('restartServer', 42)).toMatchObject({
      error: expect.stringMatching(/restartServer: bad arguments/),
    });
    expect(await client.call('spawn', 'rm -rf /')).toMatchObject({ error: 'unknown method "spawn"' });
    expect(await client.call('restartServer', 'nope')).toMatchObject({ error: 'No server named "nope"' });
    expect(await client.call('secretStorage')).toEqual({
      id: expect.any(Number),
      result: { encrypted: false, holdsSecrets: true },
    });
    expect(await client.call('pickRootDirectory', null)).toMatchObject({
      error: expect.stringMatching(/no native folder dialog/),
    });
    const restarted = client.call('restartServer', 'everything');
    expect((await restarted).error).toBeUndefined();
    await expect
      .poll(() => client.frames.some((f) => f.includes('"serversChanged"') && f.includes('"running"')))
      .toBe(true);
    client.ws.close();
    await expect.poll(() => allClosed).toBe(1);
  });

  it('a reload is not a close: a page back within the grace keeps what waits on the person', async () => {
    const cookie = await signIn();
    const first = open(cookie);
    await first.opened;
    first.ws.close();
    // The reloaded page connects again at once.
    const reloaded = open(cookie);
    await reloaded.opened;
    await new Promise((r) => setTimeout(r, CLOSED_AFTER_MS * 3));
    expect(allClosed).toBe(0);
    reloaded.ws.close();
    await expect.poll(() => allClosed).toBe(1);
  });

  it('a shell closed with a page open leaves no grace timer behind: nothing is called once it is closed (found by a review)', async () => {
    const cookie = await signIn();
    const page = open(cookie);
    await page.opened;
    const gone = new Promise((r) => page.ws.once('close', r));
    await shell.close();
    await gone;
    await new Promise((r) => setTimeout(r, CLOSED_AFTER_MS * 2));
    expect(allClosed).toBe(0);
  });

  it('answers a message that is not a call with why, under its id when it has one, and runs nothing', async () => {
    const invoked: string[] = [];
    const invoke = service.invoke.bind(service);
    service.invoke = (method, args) => {
      invoked.push(method);
      return invoke(method, args);
    };
    const client = open(await signIn());
    await client.opened;
    const answers = () =>
      client.frames.map((f) => JSON.parse(f) as ServerMessage).filter((m) => !('event' in m));
    const send = (text: string) => client.ws.send(text);
    send('{not json');
    send(JSON.stringify({ method: 'restartServer', args: ['everything'] }));
    send(JSON.stringify({ id: 7, method: 42, args: [] }));
    send(JSON.stringify({ id: 'eight', method: 'listServers', args: [] }));
    const listed: CallMessage<'listServers'> = { id: 9, method: 'listServers', args: [] };
    send(JSON.stringify(listed));
    await expect.poll(() => answers().length).toBe(5);
    expect(answers().slice(0, 4)).toEqual([
      { id: null, error: 'not JSON' },
      { id: null, error: 'not a call: id: Invalid input: expected number, received undefined' },
      { id: 7, error: 'not a call: method: Invalid input: expected string, received number' },
      { id: null, error: 'not a call: id: Invalid input: expected number, received string' },
    ]);
    expect(answers()[4]).toMatchObject({ id: 9, result: [{ id: 'everything' }] });
    expect(invoked).toEqual(['listServers']);
  });

  it('a secret canary never appears in any WebSocket frame', async () => {
    const client = open(await signIn());
    await client.opened;
    // The canary passes through the server: get-env prints the environment it was given, and the
    // wire trace (turned on here) logs that result in full.
    host.registry.session('everything').setWireTrace(true);
    const env = await host.registry.get('everything')!.callTool('get-env');
    expect(JSON.stringify(env)).toContain(CANARY);
    for (const method of ['listServers', 'listTools', 'listConsents', 'getRoots', 'secretStorage'])
      await client.call(method);
    await client.call('getLogs', null);
    await client.call('restartServer', 'everything');
    await expect
      .poll(() => client.frames.filter((f) => f.includes('"logEntries"')).length)
      .toBeGreaterThan(5);
    expect(client.frames.join('\n')).not.toContain(CANARY);
    expect(client.frames.join('\n')).toContain('[redacted]');
  });
});
