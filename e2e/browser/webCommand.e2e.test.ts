import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/servers/serverIdentity';

const root = path.resolve(__dirname, '../..');
const ECHO = path.join(root, 'e2e/fixtures/stdio/echo-server.mjs');
const linux = process.platform === 'linux';
if (!linux) console.log('skipped: the process-tree checks of `npm run web` read /proc (Linux only)');

/** Every process whose parent chain leads to `pid` (read from /proc). */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {} // gone meanwhile
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

function web(home: string): { child: ChildProcess; out: () => string; exit: Promise<number | null> } {
  let out = '';
  const child = spawn('npm', ['run', '-s', 'web', '--', '--port', '0'], {
    cwd: root,
    env: { ...process.env, SWITCHBOARD_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  return { child, out: () => out, exit: new Promise((r) => child.once('exit', (code) => r(code))) };
}

describe.skipIf(!linux)('`npm run web` as a person runs it', () => {
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

  it('one app per data folder, and SIGTERM to npm stops the host and its servers, leaving nothing behind', async () => {
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

    first.child.kill('SIGTERM');
    await first.exit;
    await expect.poll(() => tree.filter(alive), { timeout: 15_000 }).toEqual([]);
    expect(existsSync(path.join(home, 'instance.lock'))).toBe(false);
  }, 150_000);
});
