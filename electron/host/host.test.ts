import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EVERYTHING_ENTRY,
  FILESYSTEM_ENTRY,
  hostileStdio,
  lastPid,
  processAlive,
  type RunningHttpServer,
  startEverythingHttp,
} from '../../e2e/fixtures/servers';
import { trustAsShown } from '../../e2e/fixtures/trust';
import type { ServerState } from '../../shared/host/serverView';
import { ConfigFile } from './config/configFile';
import { Host } from './host';

const CANARY = 'canary-secret-9d2e61';
let home: string;
let project: string;
let http: RunningHttpServer;
let host: Host | undefined;

beforeAll(async () => {
  http = await startEverythingHttp('streamableHttp');
});
afterAll(async () => {
  await http.stop();
});
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-host-'));
  project = await mkdtemp(path.join(tmpdir(), 'sb-project-'));
  await writeFile(path.join(project, 'notes.txt'), 'hello from the project');
});
afterEach(async () => {
  await host?.shutdown();
  host = undefined;
  await rm(home, { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

async function writeConfig(servers: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ ...extra, mcpServers: servers }, null, 2));
}

const node = process.execPath;
const crash = hostileStdio('crash-on-start');
const FOUR = () => ({
  everything: {
    command: node,
    args: [EVERYTHING_ENTRY, 'stdio'],
    env: { SB_CANARY: { $secret: `everything/env/SB_CANARY@${process.execPath}` } },
  },
  remote: { url: http.url, type: 'http' },
  files: { command: node, args: [FILESYSTEM_ENTRY] },
  crashy: { command: crash.command, args: crash.args },
});

async function startHost() {
  host = await Host.create({ home, restart: { baseDelayMs: 20, maxTries: 2, stableAfterMs: 60_000 } });
  return host;
}
const stateOf = (h: Host, id: string): ServerState | undefined =>
  h.registry.views().find((v) => v.id === id)?.state;
const statuses = (h: Host) => Object.fromEntries(h.registry.views().map((v) => [v.id, v.state.status]));

describe('Host with several real servers', () => {
  it('asks to trust local servers before launching them, then runs all at once; the crash loop ends in error', async () => {
    await writeConfig(FOUR());
    let h = await startHost();
    await h.secrets.set(`everything/env/SB_CANARY@${process.execPath}`, CANARY);
    await h.registry.startAll();
    // Nothing local runs before the person confirms it; the remote server needs no trust prompt.
    const views = h.registry.views();
    expect(views.find((v) => v.id === 'everything')?.trustRequired).toEqual({
      command: node,
      args: [EVERYTHING_ENTRY, 'stdio'],
      env: [{ name: 'SB_CANARY', secret: true }],
      identity: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(views.find((v) => v.id === 'remote')?.trustRequired).toBeUndefined();
    expect(statuses(h)).toMatchObject({
      everything: 'stopped',
      files: 'stopped',
      crashy: 'stopped',
      remote: 'running',
    });

    await h.roots.add(project);
    await Promise.all(['everything', 'files', 'crashy'].map((id) => trustAsShown(h.registry, id)));
    await expect
      .poll(() => statuses(h), { timeout: 15_000 })
      .toEqual({
        everything: 'running',
        remote: 'running',
        files: 'running',
        crashy: 'error',
      });
    const crashy = stateOf(h, 'crashy') as Extract<ServerState, { status: 'error' }>;
    expect(crashy.error.stderrTail).toContain('fatal: cannot open ~/.hostile/config.toml');

    // The filesystem server works inside the picked root, and only there.
    const files = h.registry.session('files');
    // The server asks for roots after initialization, so they arrive a moment later.
    await expect
      .poll(async () => JSON.stringify((await files.callTool('list_allowed_directories')).content))
      .toContain(path.basename(project));
    const read = await files.callTool('read_text_file', { path: path.join(project, 'notes.txt') });
    expect(JSON.stringify(read.content)).toContain('hello from the project');
    const outside = await files.callTool('read_text_file', { path: path.join(home, 'config.json') });
    expect(outside.isError).toBe(true);

    // Trust is remembered: a new host starts them without asking again.
    await h.shutdown();
    h = await startHost();
    expect(h.registry.views().filter((v) => v.trustRequired)).toEqual([]);
  }, 60_000);

  it('editing one server restarts only it; a changed command asks for trust again while the trusted one runs on', async () => {
    await writeConfig({
      a: { command: node, args: [EVERYTHING_ENTRY, 'stdio'] },
      b: { command: node, args: [EVERYTHING_ENTRY, 'stdio'] },
    });
    const h = await startHost();
    await Promise.all([trustAsShown(h.registry, 'a'), trustAsShown(h.registry, 'b')]);
    const pidOf = (id: string) => lastPid(h.logs, id);
    const [pidA, pidB] = [pidOf('a'), pidOf('b')];

    await h.registry.upsert('a', {
      command: node,
      args: [EVERYTHING_ENTRY, 'stdio'],
      requestTimeoutMs: 5000,
    });
    await expect.poll(() => statuses(h)).toEqual({ a: 'running', b: 'running' });
    expect(pidOf('b')).toBe(pidB);
    expect(pidOf('a')).not.toBe(pidA);
    expect(await processAlive(pidA)).toBe(false);

    await h.registry.upsert('b', { command: node, args: [EVERYTHING_ENTRY, 'stdio', '--changed'] });
    expect(h.registry.views().find((v) => v.id === 'b')?.trustRequired?.args).toContain('--changed');
    // Issue 49 item 11: the launch trusted before runs on until the new one is trusted.
    expect(statuses(h).b).toBe('running');
    expect(h.registry.views().find((v) => v.id === 'b')?.update?.status).toBe('waits-for-trust');
    expect(pidOf('b')).toBe(pidB);
    expect(await processAlive(pidB)).toBe(true);
  }, 30_000);

  it('enable and disable are saved to the file and applied', async () => {
    await writeConfig({ a: { command: node, args: [EVERYTHING_ENTRY, 'stdio'], 'x-owner': 'ada' } });
    const h = await startHost();
    await trustAsShown(h.registry, 'a');
    await h.registry.setEnabled('a', false);
    expect(statuses(h).a).toBe('disabled');
    const saved = JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8'));
    expect(saved.mcpServers.a).toMatchObject({ disabled: true, 'x-owner': 'ada' });
    await h.registry.setEnabled('a', true);
    await expect.poll(() => statuses(h).a).toBe('running');
  }, 30_000);

  it('an invalid server shows its fault by field; the rest runs; the file is not rewritten', async () => {
    await writeConfig({ good: { url: http.url }, bad: { command: node, args: [1] } });
    const before = await readFile(path.join(home, 'config.json'), 'utf8');
    const h = await startHost();
    await h.registry.startAll();
    expect(stateOf(h, 'bad')).toMatchObject({
      status: 'error',
      error: { message: 'mcpServers.bad.args[0]: must be a string' },
    });
    await expect.poll(() => statuses(h).good).toBe('running');
    expect(await readFile(path.join(home, 'config.json'), 'utf8')).toBe(before);
  });

  it('a config file that is not JSON: the app still starts, with the reason, and the file is untouched', async () => {
    await writeFile(path.join(home, 'config.json'), '{ "mcpServers": ');
    const h = await startHost();
    expect(h.registry.views()).toEqual([]);
    const loaded = await ConfigFile.inHome(home).load();
    expect(loaded.state).toBe('unreadable');
    await expect(h.registry.upsert('x', { url: http.url })).rejects.toThrow(/will not overwrite/);
    expect(await readFile(path.join(home, 'config.json'), 'utf8')).toBe('{ "mcpServers": ');
  });

  it('isolation: one server never sees another server’s roots, logs or secrets', async () => {
    await writeConfig({
      secretive: {
        command: node,
        args: [EVERYTHING_ENTRY, 'stdio'],
        env: { SB_CANARY: { $secret: `secretive/env/SB_CANARY@${process.execPath}` } },
      },
      other: { command: node, args: [EVERYTHING_ENTRY, 'stdio'] },
    });
    const h = await startHost();
    await h.secrets.set(`secretive/env/SB_CANARY@${process.execPath}`, CANARY);
    const mine = path.join(project, 'mine');
    await mkdir(mine);
    await h.roots.add(mine, 'secretive');
    await Promise.all([trustAsShown(h.registry, 'secretive'), trustAsShown(h.registry, 'other')]);

    const text = (r: { content: { type: string; text?: string }[] }) =>
      r.content.map((c) => c.text ?? '').join('');
    const secretiveEnv = text(await h.registry.get('secretive')!.callTool('get-env'));
    expect(secretiveEnv).toContain(CANARY); // it was given to the server that owns it
    const otherEnv = text(await h.registry.get('other')!.callTool('get-env'));
    expect(otherEnv).not.toContain(CANARY);
    expect(otherEnv).not.toContain('SB_CANARY');

    expect(text(await h.registry.get('secretive')!.callTool('get-roots-list'))).toContain('mine');
    expect(text(await h.registry.get('other')!.callTool('get-roots-list'))).not.toContain('mine');
    // A new global root reaches the server that follows the global list, at once (roots/list_changed).
    const shared = path.join(project, 'shared');
    await mkdir(shared);
    await h.roots.add(shared);
    await expect
      .poll(async () => text(await h.registry.get('other')!.callTool('get-roots-list')))
      .toContain('shared');
    expect(text(await h.registry.get('secretive')!.callTool('get-roots-list'))).not.toContain('shared');

    expect(h.logs.entries('other').some((e) => e.server !== 'other')).toBe(false);
    // The canary went through the wire trace of "secretive" (get-env's answer): redacted there too.
    await h.logs.flush();
    const everything = JSON.stringify(h.logs.entries()) + JSON.stringify(h.registry.views());
    expect(everything).not.toContain(CANARY);
    for (const id of ['secretive', 'other']) {
      expect(await readFile(h.logs.fileOf(id)!, 'utf8')).not.toContain(CANARY);
    }
  }, 30_000);

  it('shutdown stops the servers before their logs are written out: the stop is in the file as it resolves', async () => {
    await writeConfig({ a: { command: node, args: [EVERYTHING_ENTRY, 'stdio'] } });
    const h = await startHost();
    await trustAsShown(h.registry, 'a');
    await expect.poll(() => statuses(h).a).toBe('running');
    const file = h.logs.fileOf('a')!;
    await h.shutdown();
    host = undefined;
    // The last line the server's stop logs: written only if the logs are let go after the servers.
    expect(await readFile(file, 'utf8')).toContain('stopped (shutting down)');
  }, 30_000);
});
