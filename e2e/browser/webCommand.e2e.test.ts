import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/config/serverIdentity';
import { skipWhen } from '../fixtures/skipWhen';

const root = path.resolve(__dirname, '../..');
const ECHO = path.join(root, 'e2e/fixtures/stdio/echo-server.mjs');
const linux = process.platform === 'linux';

/** The parent of `pid` (from /proc; undefined when it is gone). */
function ppid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Every process whose parent chain leads to `pid` (read from /proc). */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const up = /^\d+$/.test(name) ? ppid(Number(name)) : undefined;
    if (up !== undefined) parent.set(Number(name), up);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, ppid] of parent) {
      if (ppid !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}
const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

/** Whether nothing listens on 127.0.0.1:`port` any more (we can take it ourselves). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** `npm run web -- <args>`, leading its own process group (as a terminal or an IDE would start it). */
function web(
  home: string,
  args = ['--port', '0'],
): { child: ChildProcess; out: () => string; exit: Promise<number | null> } {
  let out = '';
  const child = spawn('npm', ['run', '-s', 'web', '--', ...args], {
    cwd: root,
    env: { ...process.env, SWITCHBOARD_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  return { child, out: () => out, exit: new Promise((r) => child.once('exit', (code) => r(code))) };
}

describe.skipIf(skipWhen(!linux, 'the process-tree checks of `npm run web` read /proc (Linux only)'))(
  '`npm run web` as a person runs it',
  () => {
    let home: string;
    beforeAll(async () => {
      home = await mkdtemp(path.join(tmpdir(), 'sb-webcmd-'));
      const servers = { echo: { command: process.execPath, args: [ECHO] } };
      await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
      const trusted = parseConfig({ mcpServers: servers }).servers.map(serverIdentity);
      await writeFile(path.join(home, 'trusted-servers.json'), JSON.stringify(trusted));
    });
    afterAll(async () => {
      await rm(home, { recursive: true, force: true });
    });

    it('one app per data folder; the command the refusal gives stops the first one, its servers and all, leaving nothing behind', async () => {
      const first = web(home);
      await expect.poll(first.out, { timeout: 90_000, interval: 200 }).toMatch(/\?token=[0-9a-f]+/);
      const npmPid = first.child.pid!;
      await expect
        .poll(() => descendants(npmPid).some((p) => cmdline(p).includes('echo-server.mjs')), {
          timeout: 20_000,
        })
        .toBe(true);
      const tree = descendants(npmPid);

      // A second start on the same folder says where the first one is, and runs nothing.
      const second = web(home);
      expect(await second.exit).toBe(3);
      expect(second.out()).toContain(`Switchboard is already running with the data folder ${home}`);
      expect(second.out()).toMatch(/Open it at http:\/\/127\.0\.0\.1:\d+/);
      expect(descendants(npmPid).filter((p) => cmdline(p).includes('echo-server.mjs'))).toHaveLength(1);

      // Its terminal may be gone: the command the refusal gives stops it, servers and all.
      const host = tree.find((p) => cmdline(p).startsWith('node scripts/web.mjs'))!;
      expect(ppid(host)).toBe(npmPid); // `exec`: the host is npm's own child, no shell between
      const stop = /To stop it from here: (kill \d+) /.exec(second.out())?.[1];
      expect(stop).toBe(`kill ${host}`);
      spawn('sh', ['-c', stop!], { stdio: 'ignore' });
      await first.exit;
      await expect.poll(() => tree.filter(alive), { timeout: 15_000 }).toEqual([]);
      expect(existsSync(path.join(home, 'instance.lock'))).toBe(false);
    }, 150_000);

    it('the arguments after `--` reach the host: the port asked for, and a bind beyond loopback refused without --allow-remote', async () => {
      const probe = createServer();
      await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
      const port = (probe.address() as { port: number }).port;
      await new Promise((r) => probe.close(r));
      const run = web(home, ['--port', String(port)]);
      try {
        await expect.poll(run.out, { timeout: 90_000, interval: 200 }).toMatch(/\?token=[0-9a-f]+/);
        expect(run.out()).toContain(`http://127.0.0.1:${port}/?token=`);
      } finally {
        run.child.kill('SIGTERM');
        await run.exit;
      }
      const remote = web(home, ['--bind', '0.0.0.0']);
      expect(await remote.exit).not.toBe(0);
      expect(remote.out()).toContain(
        'Refusing to listen on 0.0.0.0: only loopback addresses unless --allow-remote is given',
      );
    }, 150_000);

    // What an IDE's stop button, a process manager or a closed terminal does: each signal to npm alone
    // (npm forwards SIGINT and SIGTERM to its child only; SIGHUP ends npm itself) and to the whole group.
    // After each, nothing of the tree is left, the port is free, and the next start (the next case's) runs.
    const cases = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).flatMap((signal) => [
      { signal, to: 'npm alone' as const },
      { signal, to: 'its process group' as const },
    ]);
    it('every way of stopping npm stops the host and its servers, frees the port, and a new start runs', async () => {
      const seen: number[] = [];
      try {
        for (const { signal, to } of cases) await stopsWith(signal, to, seen);
        // The last stop, too, left the folder free for a new start.
        const last = web(home);
        seen.push(last.child.pid!);
        await expect.poll(last.out, { timeout: 90_000, interval: 200 }).toMatch(/\?token=[0-9a-f]+/);
        last.child.kill('SIGTERM');
        await last.exit;
      } finally {
        // A failed case leaves its tree: end it, so no later test meets it.
        for (const pid of new Set(seen.flatMap((p) => [p, ...descendants(p)])))
          if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    }, 400_000);

    /** Starts `npm run web`, signals it, and checks that nothing is left; every pid seen goes into `seen`. */
    async function stopsWith(signal: NodeJS.Signals, to: 'npm alone' | 'its process group', seen: number[]) {
      const when = `${signal} to ${to}`;
      const run = web(home);
      const npmPid = run.child.pid!;
      seen.push(npmPid);
      await expect
        .poll(run.out, { timeout: 90_000, interval: 200, message: `start before ${when}` })
        .toMatch(/\?token=[0-9a-f]+/);
      await expect
        .poll(() => descendants(npmPid).some((p) => cmdline(p).includes('echo-server.mjs')), {
          timeout: 20_000,
          message: `echo server before ${when}`,
        })
        .toBe(true);
      const port = Number(/127\.0\.0\.1:(\d+)\//.exec(run.out())![1]);
      const tree = [npmPid, ...descendants(npmPid)];
      seen.push(...tree);
      process.kill(to === 'npm alone' ? npmPid : -npmPid, signal);
      await expect
        .poll(() => tree.filter(alive).map((p) => `${p} ${cmdline(p)}`), {
          timeout: 15_000,
          message: `left running after ${when}`,
        })
        .toEqual([]);
      expect(await portFree(port), `port ${port} after ${when}`).toBe(true);
      expect(existsSync(path.join(home, 'instance.lock')), `lock after ${when}`).toBe(false);
    }
  },
);
