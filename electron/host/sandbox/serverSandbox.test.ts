// Real servers under the real sandbox (@anthropic-ai/sandbox-runtime: bubblewrap, socat, ripgrep):
// a server that tries to read a planted ~/.ssh key and Switchboard's data folder, write outside its
// folder, reach a loopback listener and fetch an allowed and a denied domain — confined, and the same
// server unconfined as the control. The host is the app's own (Host.create), the calls are tool calls.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutSandbox } from '../../../e2e/fixtures/sandboxSkip';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';
import { hostService } from '../hostService';

const REACH = path.join(__dirname, '../../../e2e/fixtures/stdio/reach-server.mjs');
const noSandbox = await skipWithoutSandbox('the confined-server tests');

let root: string;
let person: string;
let data: string;
let work: string;
let host: Host;
let listener: Server;
let hits = 0;
let port: number;

const text = async (server: string, action: string, target: string) => {
  const result = await host.registry.session(server).callTool('try', { action, target });
  return (result.content[0] as { text: string }).text;
};
const view = (id: string) => host.registry.views().find((v) => v.id === id)!;

describe.skipIf(noSandbox)('a confined server under the real sandbox', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sb-sandbox-'));
    person = path.join(root, 'person');
    data = path.join(root, 'data');
    work = path.join(root, 'work');
    for (const dir of [
      path.join(person, '.ssh'),
      path.join(person, '.aws'),
      data,
      path.join(work, '.git', 'hooks'),
    ])
      await mkdir(dir, { recursive: true });
    await writeFile(path.join(person, '.ssh', 'id_ed25519'), 'PLANTED-SSH-KEY\n');
    await writeFile(path.join(person, '.aws', 'credentials'), 'PLANTED-AWS\n');
    await writeFile(path.join(person, 'notes.txt'), 'ordinary notes\n');
    listener = createServer((_req, res) => {
      hits++;
      res.end('reached');
    });
    listener.on('connection', () => hits++);
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    port = (listener.address() as AddressInfo).port;
    const server = (extra: object) => ({ command: process.execPath, args: [REACH], cwd: work, ...extra });
    await writeFile(
      path.join(data, 'config.json'),
      JSON.stringify({
        mcpServers: {
          confined: server({
            sandboxEnabled: true,
            sandbox: {
              filesystem: { allowWrite: [work] },
              network: { allowedDomains: ['registry.npmjs.org'] },
            },
          }),
          open: server({}),
        },
      }),
    );
    host = await Host.create({
      home: data,
      sampler: null,
      sandbox: { personHome: person, folder: path.join(root, 'own') },
    });
    await trustAsShown(host.registry, 'confined');
    await trustAsShown(host.registry, 'open');
    const deadline = Date.now() + 20_000;
    while ([view('confined').state.status, view('open').state.status].some((s) => s !== 'running')) {
      if (Date.now() > deadline) throw new Error(`not running: ${JSON.stringify(host.registry.views())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);

  afterAll(async () => {
    await host?.shutdown();
    listener?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('hides the secret places and the data folder; the same server unconfined reads them', async () => {
    const key = path.join(person, '.ssh', 'id_ed25519');
    expect(await text('open', 'read', key)).toBe('ok PLANTED-SSH-KEY');
    expect(await text('confined', 'read', key)).toMatch(/^failed (ENOENT|EACCES|EPERM)/);
    expect(await text('confined', 'read', path.join(person, '.aws', 'credentials'))).toMatch(/^failed/);
    expect(await text('open', 'read', path.join(data, 'config.json'))).toMatch(/^ok /);
    expect(await text('confined', 'read', path.join(data, 'config.json'))).toMatch(/^failed/);
    // What is not hidden stays readable: the server otherwise works as before.
    expect(await text('confined', 'read', path.join(person, 'notes.txt'))).toBe('ok ordinary notes');
  });

  it('writes only where it may: its allowWrite folder, its own temp folder', async () => {
    expect(await text('confined', 'write', path.join(work, 'in.txt'))).toBe('ok written');
    expect(await readFile(path.join(work, 'in.txt'), 'utf8')).toContain('reach-server');
    expect(await text('confined', 'write', path.join(person, 'out.txt'))).toMatch(
      /^failed (EROFS|EACCES|EPERM)/,
    );
    expect(await text('open', 'write', path.join(person, 'out.txt'))).toBe('ok written');
    const tmp = await text('confined', 'env', 'TMPDIR');
    expect(tmp).toMatch(/^ok .*own/);
    expect(await text('confined', 'write', path.join(tmp.slice(3), 'scratch'))).toBe('ok written');
  });

  it('reaches no loopback listener, directly or by HTTP; the control does', async () => {
    const before = hits;
    expect(await text('open', 'connect', `127.0.0.1:${port}`)).toBe('ok connected');
    expect(hits).toBeGreaterThan(before);
    const confinedFrom = hits;
    expect(await text('confined', 'connect', `127.0.0.1:${port}`)).toMatch(/^failed/);
    // Through the proxy a loopback address is refused (403), never forwarded.
    expect(await text('confined', 'fetch', `http://127.0.0.1:${port}/`)).not.toBe('ok 200');
    expect(hits).toBe(confinedFrom);
  });

  it('fetches an allowed domain through the proxy, and is refused any other', async () => {
    expect(await text('confined', 'fetch', 'https://registry.npmjs.org/')).toBe('ok 200');
    // The proxy refuses the tunnel: fetch fails (or, by plain HTTP, gets the 403).
    expect(await text('confined', 'fetch', 'https://example.com/')).toMatch(/^(ok 403|failed)/);
  }, 30_000);

  it('says on its card what was denied, grouped, and records the first of each', async () => {
    await text('confined', 'fetch', 'https://example.com/');
    await expect
      .poll(() => view('confined').sandbox?.state === 'confined' && view('confined').sandbox, {
        timeout: 15_000,
      })
      .toMatchObject({
        violations: expect.arrayContaining([
          expect.objectContaining({
            text: 'tried to read ~/.ssh/id_ed25519',
            allow: { rule: '~/.ssh/id_ed25519' },
          }),
          expect.objectContaining({ text: 'tried to reach example.com:443', allow: { rule: 'example.com' } }),
          expect.objectContaining({
            access: 'write',
            text: 'tried to write ~/out.txt',
            allow: { rule: '~' },
          }),
          expect.objectContaining({ access: 'network', target: `127.0.0.1:${port}` }),
        ]),
      });
    const sandbox = view('confined').sandbox;
    if (sandbox?.state !== 'confined') throw new Error('not confined');
    // Writes its rules allowed are no denials.
    expect(sandbox.violations.filter((v) => v.access === 'write').map((v) => v.text)).toEqual([
      'tried to write ~/out.txt',
    ]);
    await expect
      .poll(
        () => {
          const now = view('confined').sandbox;
          return now?.state === 'confined'
            ? now.violations.find((v) => v.target === 'example.com:443')?.count
            : 0;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    expect(sandbox.violations.find((v) => v.access === 'read' && v.target.includes('data'))?.allow).toEqual({
      refused: "Switchboard's own data folder is never opened to a server",
    });
    expect(view('open').sandbox).toEqual({ state: 'off' });
    await host.activity.flush();
    const recorded = (await host.activityReader.all()).entries
      .filter((e) => e.kind === 'sandbox-denied')
      .map((e) => ({ kind: e.kind, server: e.server, access: e.access, target: e.target }));
    expect(recorded).toEqual(
      expect.arrayContaining([
        { kind: 'sandbox-denied', server: 'confined', access: 'network', target: 'example.com:443' },
        { kind: 'sandbox-denied', server: 'confined', access: 'read', target: '~/.ssh/id_ed25519' },
      ]),
    );
    // Grouped: the denial repeated is one entry of the record.
    expect(recorded.filter((b) => b.target === 'example.com:443')).toHaveLength(1);
  });

  it('Allow for this server widens its rule in config.json; after the trust step it reads what was denied', async () => {
    const service = hostService(host);
    try {
      const key = path.join(person, '.ssh', 'id_ed25519');
      const sandbox = view('confined').sandbox;
      if (sandbox?.state !== 'confined') throw new Error('not confined');
      const denial = sandbox.violations.find((v) => v.target === key)!;
      // The data folder's denial has no rule: Allow is refused, nothing is written.
      const dataDenial = sandbox.violations.find((v) => v.target.startsWith(data))!;
      await expect(service.allowSandboxDenial('confined', dataDenial.id)).rejects.toThrow(/data folder/);
      await service.allowSandboxDenial('confined', denial.id);
      const saved = JSON.parse(await readFile(path.join(data, 'config.json'), 'utf8')).mcpServers.confined;
      expect(saved.sandbox.filesystem).toEqual({ allowWrite: [work], allowRead: ['~/.ssh/id_ed25519'] });
      expect(saved.sandbox.network).toEqual({ allowedDomains: ['registry.npmjs.org'] });
      // What it may reach changed: it is a change to trust, as any change of what it runs.
      // The other denials stay on its card through the change; the allowed one is no longer a question.
      const after = view('confined').sandbox;
      if (after?.state !== 'confined') throw new Error('not confined');
      expect(after.violations.map((v) => v.target)).toContain('example.com:443');
      expect(after.violations.map((v) => v.target)).not.toContain(key);
      const asked = view('confined').trustRequired;
      expect(asked?.sandbox?.filesystem?.allowRead).toEqual(['~/.ssh/id_ed25519']);
      await service.trustServer('confined', asked!.identity);
      const deadline = Date.now() + 20_000;
      while (view('confined').state.status !== 'running') {
        if (Date.now() > deadline) throw new Error(JSON.stringify(view('confined').state));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await text('confined', 'read', key)).toBe('ok PLANTED-SSH-KEY');
      // Only that file: the rest of ~/.ssh and ~/.aws stay hidden.
      expect(await text('confined', 'read', path.join(person, '.aws', 'credentials'))).toMatch(/^failed/);
    } finally {
      service.dispose();
    }
  }, 40_000);
  it('never writes what makes git or a shell run code later, in a folder it may write; the control does', async () => {
    const hook = path.join(work, '.git', 'hooks', 'pre-commit');
    expect(await text('confined', 'write', hook)).toMatch(/^failed (EROFS|EACCES|EPERM)/);
    expect(await text('confined', 'write', path.join(work, '.git', 'config'))).toMatch(/^failed/);
    expect(await text('confined', 'write', path.join(work, 'beside-the-repo.txt'))).toBe('ok written');
    expect(await text('open', 'write', hook)).toBe('ok written');
    // On its card, a question that has no yes.
    await expect
      .poll(() => {
        const now = view('confined').sandbox;
        return now?.state === 'confined' ? now.violations.find((v) => v.target === hook)?.allow : undefined;
      })
      .toEqual({ refused: expect.stringMatching(/run code: a server may never write it$/) });
  });
});
