import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EVERYTHING_ENTRY } from '../../e2e/fixtures/servers';
import { Host } from '../host/host';
import { HostService } from '../host/hostService';
import { type RunningWebShell, startWebShell } from './webShell';

const CANARY = 'ws-canary-51f0c2';
let home: string;
let host: Host;
let service: HostService;
let shell: RunningWebShell;
let allClosed = 0;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-web-'));
  const renderer = path.join(home, 'renderer');
  await mkdir(renderer);
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><script src="/app.js"></script>');
  await writeFile(path.join(renderer, 'app.js'), 'console.log(1)');
  await writeFile(path.join(home, 'outside.txt'), 'not for the browser');
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [EVERYTHING_ENTRY, 'stdio'],
          env: { SB_CANARY: { $secret: 'everything/env/SB_CANARY' } },
        },
      },
    }),
  );
  host = await Host.create({ home });
  await host.secrets.set('everything/env/SB_CANARY', CANARY);
  await host.registry.trust('everything');
  service = new HostService(host);
  allClosed = 0;
  shell = await startWebShell({ service, rendererDir: renderer, onAllClosed: () => allClosed++ });
});
afterEach(async () => {
  await shell.close();
  service.dispose();
  await host.shutdown();
  await rm(home, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: shell.port,
          path: pathname,
          headers: { host: `127.0.0.1:${shell.port}`, ...headers },
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

function open(query = `?token=${shell.token}`, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/ws${query}`, {
    headers: { origin: `http://127.0.0.1:${shell.port}`, ...headers },
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
  it('serves the app only with the token, sets a same-site cookie, and a strict CSP', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/?token=wrong')).status).toBe(403);
    const page = await get(`/?token=${shell.token}`);
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['set-cookie']?.[0]).toMatch(
      /^sb_token=[0-9a-f]+; HttpOnly; SameSite=Strict; Path=\/$/,
    );
    expect((await get('/app.js', { cookie: `sb_token=${shell.token}` })).status).toBe(200);
    expect((await get('/app.js')).status).toBe(403);
  });

  it('refuses a foreign Host (DNS rebinding), a foreign Origin, and paths outside the app', async () => {
    const t = `?token=${shell.token}`;
    expect((await get(`/${t}`, { host: `evil.example:${shell.port}` })).body).toMatch(/unknown Host/);
    expect((await get(`/${t}`, { origin: 'http://evil.example' })).body).toMatch(/foreign Origin/);
    const traversal = await get(`/%2e%2e/outside.txt${t}`);
    expect(traversal.body).not.toContain('not for the browser');
    await expect(open('').opened).rejects.toThrow(/403/);
    await expect(open(t, { origin: 'http://evil.example' }).opened).rejects.toThrow(/403/);
    await expect(open(t, { host: `rebind.example:${shell.port}` }).opened).rejects.toThrow(/403/);
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
    const client = open();
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
      result: { encrypted: false },
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

  it('a secret canary never appears in any WebSocket frame', async () => {
    const client = open();
    await client.opened;
    // The canary passes through the server: get-env prints the environment it was given.
    const env = await host.registry.get('everything')!.client!.callTool('get-env');
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
