// Process-tree cleanup under the real sandbox: a confined server's grandchild (reach-server's `spawn`
// starts a child that never ends) is gone once the server is stopped, once it crashed, and once the
// host shut down; and servers that resist (ignoring stdin closing and SIGTERM, or leaving a grandchild
// that ignores SIGTERM and holds the output pipe) are gone once stopped. The host signals the process group it spawned — bubblewrap's, not the server's
// (bwrap puts the server in a session of its own): what ends the rest is bwrap's --die-with-parent
// and its PID namespace (--unshare-pid), whose processes all die with its first. Checked, not assumed.
// As seen here (runtime 0.0.83): bwrap → bwrap (pid 1 of its namespace) → the proxies' socat bridges
// and apply-seccomp → apply-seccomp (pid 1 of a second namespace) → the server → its grandchild.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithoutSandbox } from '../../../e2e/fixtures/sandboxSkip';
import { lastPid, processAlive } from '../../../e2e/fixtures/servers';
import { skipWhen } from '../../../e2e/fixtures/skipWhen';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';

const REACH = path.join(__dirname, '../../../e2e/fixtures/stdio/reach-server.mjs');
const HOSTILE = path.join(__dirname, '../../../e2e/fixtures/stdio/hostile-server.mjs');
const noSandbox = await skipWithoutSandbox('the process-tree tests');
const notLinux = skipWhen(process.platform !== 'linux', 'the process-tree tests read /proc (Linux only)');

/** Each process's parent, from /proc (Linux: where the sandbox runs). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while listed.
    }
  }
  return map;
}

/** Every process below `pid`, as this machine numbers them. */
function descendants(pid: number): number[] {
  const map = parents();
  const found: number[] = [];
  const below = (p: number) => {
    for (const [child, parent] of map)
      if (parent === p) {
        found.push(child);
        below(child);
      }
  };
  below(pid);
  return found;
}

/** A process's number inside its innermost PID namespace (NSpid's last), and its command line. */
function inside(pid: number): { nsPid: number; cmdline: string } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const nspid = /^NSpid:\s+(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/).map(Number);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { nsPid: nspid?.at(-1) ?? pid, cmdline };
  } catch {
    return undefined;
  }
}

let root: string;
let host: Host;

const view = () => host.registry.views().find((v) => v.id === 'confined')!;
const running = async () => {
  await expect.poll(() => view().state.status, { timeout: 30_000 }).toBe('running');
};

/**
 * Starts the grandchild, and finds it (and the server) among the real processes under what the host
 * spawned: the server answers with the pid its namespace gave it.
 */
async function withGrandchild() {
  const spawner = lastPid(host.logs, 'confined');
  const result = await host.registry.session('confined').callTool('try', { action: 'spawn', target: '' });
  const answer = (result.content[0] as { text: string }).text;
  expect(answer).toMatch(/^ok \d+$/);
  const nsPid = Number(answer.slice(3));
  const tree = descendants(spawner);
  const grandchild = tree.find(
    (p) => inside(p)?.nsPid === nsPid && inside(p)?.cmdline.includes('setInterval'),
  );
  const server = tree.find((p) => inside(p)?.cmdline.includes('reach-server.mjs'));
  if (!grandchild || !server)
    throw new Error(
      `not found under ${spawner}: ${tree.map((p) => `${p} ${inside(p)?.cmdline}`).join('; ')}`,
    );
  // Confined for real: its own PID namespace numbers it apart from this machine.
  expect(nsPid).not.toBe(grandchild);
  return { spawner, server, grandchild, tree: [spawner, ...tree] };
}

const allGone = async (pids: number[]) => {
  await expect
    .poll(async () => (await Promise.all(pids.map(processAlive))).filter(Boolean).length, { timeout: 15_000 })
    .toBe(0);
};

describe.skipIf(noSandbox || notLinux)("a confined server's process tree", { timeout: 90_000 }, () => {
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sb-sandbox-tree-'));
    const data = path.join(root, 'data');
    await mkdir(data, { recursive: true });
    await writeFile(
      path.join(data, 'config.json'),
      JSON.stringify({
        mcpServers: { confined: { command: process.execPath, args: [REACH], sandboxEnabled: true } },
      }),
    );
    host = await Host.create({
      home: data,
      sampler: null,
      sandbox: { personHome: path.join(root, 'person'), folder: path.join(root, 'own') },
    });
    await trustAsShown(host.registry, 'confined');
    await running();
  }, 60_000);

  afterEach(async () => {
    await host?.shutdown();
    await rm(root, { recursive: true, force: true });
  });

  it('stopped: the server, its grandchild and bubblewrap are all gone', async () => {
    const { grandchild, tree } = await withGrandchild();
    expect(await processAlive(grandchild)).toBe(true);
    await host.registry.setEnabled('confined', false);
    expect(view().state.status).toBe('disabled');
    await allGone(tree);
  });

  it('crashed (the server killed from outside): its grandchild goes with it', async () => {
    const { server, grandchild, tree } = await withGrandchild();
    process.kill(server, 'SIGKILL');
    await allGone(tree);
    expect(await processAlive(grandchild)).toBe(false);
  });

  it('the host shut down: nothing of it is left', async () => {
    const { tree } = await withGrandchild();
    await host.shutdown();
    await allGone(tree);
  });
});

describe.skipIf(noSandbox || notLinux)(
  'confined servers that resist being stopped',
  { timeout: 90_000 },
  () => {
    let dir: string;
    let h: Host;
    afterEach(async () => {
      await h?.shutdown();
      await rm(dir, { recursive: true, force: true });
    });

    it('one ignores stdin closing and SIGTERM, one leaves a grandchild that ignores SIGTERM and holds its output: all gone once stopped', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'sb-sandbox-resist-'));
      const data = path.join(dir, 'data');
      await mkdir(data, { recursive: true });
      const hostile = (mode: string) => ({
        command: process.execPath,
        args: [HOSTILE, mode],
        sandboxEnabled: true,
      });
      await writeFile(
        path.join(data, 'config.json'),
        JSON.stringify({
          mcpServers: { stubborn: hostile('ignore-sigterm'), holder: hostile('grandchild') },
        }),
      );
      h = await Host.create({
        home: data,
        sampler: null,
        sandbox: { personHome: path.join(dir, 'person'), folder: path.join(dir, 'own') },
      });
      for (const id of ['stubborn', 'holder']) await trustAsShown(h.registry, id);
      const status = (id: string) => h.registry.views().find((v) => v.id === id)?.state.status;
      await expect
        .poll(() => [status('stubborn'), status('holder')], { timeout: 30_000 })
        .toEqual(['running', 'running']);
      const trees = ['stubborn', 'holder'].map((id) => {
        const spawner = lastPid(h.logs, id);
        return [spawner, ...descendants(spawner)];
      });
      // The holder's grandchild is among its processes, inside the sandbox.
      expect(trees[1]!.filter((p) => inside(p)?.cmdline.includes('setInterval'))).toHaveLength(1);
      await Promise.all(['stubborn', 'holder'].map((id) => h.registry.setEnabled(id, false)));
      await allGone(trees.flat());
    });
  },
);
