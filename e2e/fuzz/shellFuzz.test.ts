// The four crash paths of issue 35 through the browser shell's own process (`electron/web/main.ts`,
// spawned as `npm run web` runs it): deeply nested notifications/message data, a tool's inputSchema,
// an elicitation's requestedSchema, a tool's outputSchema and then a call. Each case starts a shell
// with server-everything and one fuzzed server, talks to it over its WebSocket as the page does (a
// session from the one-time link, calls, consents answered), and asserts the shell process lives on
// and still answers, server-everything included.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/config/serverIdentity';
// @ts-expect-error: a plain .mjs script without types
import { buildIfStale } from '../../scripts/ensureBuilt.mjs';
import type { ConsentRequest } from '../../shared/host/consent';
import type { ServerView } from '../../shared/host/serverView';
import type { CatalogView, ToolRunOutcome } from '../../shared/ipc/catalogContract';
import { root } from '../browser/shellFixture';
import type { FuzzEra } from '../fixtures/fuzz/mutations.mjs';
import { EVERYTHING_ENTRY, processAlive } from '../fixtures/servers';
import { fuzzArgs } from './libraryCase';

const SEED = 35;

interface Shell {
  child: ChildProcess;
  home: string;
  ws: WebSocket;
  call<T>(method: string, ...args: unknown[]): Promise<T>;
  /** Every event frame received, as text. */
  frames: string[];
  alive(): boolean;
  /** Why it is gone, when it is: its exit and the end of its stderr. */
  death(): string;
  /** Every process the shell started (seen while it ran), and the timer that looks for them. */
  servers: Set<number>;
  watching: NodeJS.Timeout;
}
let shell: Shell | undefined;

afterEach(async () => {
  if (!shell) return;
  shell.ws.close();
  if (shell.alive()) {
    shell.child.kill('SIGTERM');
    await new Promise((r) => shell!.child.once('exit', r));
  }
  clearInterval(shell.watching);
  // A shell that crashed leaves its servers behind (server-everything does not end with its stdin):
  // what this test started, it ends.
  await new Promise((r) => setTimeout(r, 1000));
  for (const pid of shell.servers) if (await processAlive(pid)) process.kill(pid, 'SIGKILL');
  await rm(shell.home, { recursive: true, force: true });
  shell = undefined;
});

/** The pids whose parent is `parent`, from /proc. */
async function childrenOf(parent: number): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) found.push(Number(name));
  }
  return found;
}

/** The shell on a fresh data directory with server-everything and one fuzzed server, both trusted. */
async function startShell(era: FuzzEra, mutation: string): Promise<Shell> {
  buildIfStale('renderer'); // the shell serves the built UI (unused here, but it must exist)
  const home = await mkdtemp(path.join(tmpdir(), 'sb-fuzz-shell-'));
  const config = {
    everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
    fuzz: { command: process.execPath, args: fuzzArgs(era, mutation, SEED), requestTimeoutMs: 3000 },
  };
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: config }));
  const trusted = parseConfig({ mcpServers: config }).servers.map(serverIdentity);
  await writeFile(path.join(home, 'trusted-servers.json'), JSON.stringify(trusted));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'electron/web/main.ts'), '--port', '0'],
    { cwd: root, env: { ...process.env, SWITCHBOARD_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const link = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/);
      if (m) resolve(new URL(m[0]));
    });
    child.once('exit', (code) => reject(new Error(`the shell exited (${code}): ${out}\n${stderr}`)));
  });
  // The one-time link becomes a session cookie, as in a browser.
  const cookie = await new Promise<string>((resolve, reject) => {
    request(link, (res) => {
      res.resume();
      const set = res.headers['set-cookie']?.[0];
      if (set) resolve(set.split(';')[0]!);
      else reject(new Error(`no session from the link: ${res.statusCode}`));
    })
      .on('error', reject)
      .end();
  });
  const ws = new WebSocket(`ws://${link.host}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const frames: string[] = [];
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  const answered = new Set<string>();
  const answerConsent = (id: string, answer: unknown) => {
    if (ws.readyState === WebSocket.OPEN)
      ws.send(JSON.stringify({ id: nextId++, method: 'answerConsent', args: [id, answer] }));
  };
  ws.on('message', (data) => {
    const text = String(data);
    const message = JSON.parse(text) as {
      id?: number;
      result?: unknown;
      error?: string;
      event?: string;
      payload?: unknown;
    };
    if (message.event === undefined) {
      const w = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (message.error !== undefined) w?.reject(new Error(message.error));
      else w?.resolve(message.result);
      return;
    }
    frames.push(text);
    if (message.event !== 'consentsChanged') return;
    // As a person: every tool call allowed once; an elicitation answered; nothing else asked here.
    for (const consent of message.payload as ConsentRequest[]) {
      if (answered.has(consent.id)) continue;
      answered.add(consent.id);
      if (consent.kind === 'tool') answerConsent(consent.id, { kind: 'tool', decision: 'allow-once' });
      else if (consent.kind === 'elicitation')
        answerConsent(consent.id, {
          kind: 'elicitation',
          result: { action: 'accept', content: { name: 'x' } },
        });
    }
  });
  const call = <T>(method: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      if (ws.readyState !== WebSocket.OPEN)
        return reject(new Error(`${method}: the shell's socket is closed`));
      const id = nextId++;
      const timer = setTimeout(
        () => reject(new Error(`${method}: no answer from the shell in 15 s`)),
        15_000,
      );
      waiting.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify({ id, method, args }));
    });
  ws.on('close', () => {
    for (const w of waiting.values()) w.reject(new Error('the shell closed its socket'));
    waiting.clear();
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const death = () => {
    const lines = stderr.split('\n');
    const error = lines.findLastIndex((l) => /Error\b/.test(l) && !/^\s+at /.test(l));
    const said = error === -1 ? lines.slice(-8) : lines.slice(error, error + 6);
    return `exit ${child.exitCode ?? child.signalCode}; its stderr says:\n${said.join('\n')}`;
  };
  const servers = new Set<number>();
  const watching = setInterval(() => {
    void childrenOf(child.pid!).then((pids) => {
      for (const pid of pids) servers.add(pid);
    });
  }, 200);
  return { child, home, ws, call, frames, alive, death, servers, watching };
}

async function until(s: Shell, what: string, probe: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (!s.alive()) throw new Error(`the shell process died waiting until ${what}: ${s.death()}`);
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Both servers past starting (the fuzzed one may be running or failed: it says which). */
async function started(s: Shell): Promise<ServerView[]> {
  let views: ServerView[] = [];
  await until(s, 'both servers have started', async () => {
    views = await s.call<ServerView[]>('listServers');
    return views.every((v) => v.state.status !== 'starting' && v.state.status !== 'stopped');
  });
  return views;
}

async function runTool(s: Shell, server: string, tool: string, args: Record<string, unknown>) {
  const catalog = await s.call<CatalogView>('getCatalog');
  const entry = catalog.tools.find((t) => t.server === server && t.tool === tool);
  if (!entry) return undefined;
  return s.call<ToolRunOutcome>('runTool', randomUUID(), entry.name, args);
}

/** The shell lives, answers its page, and server-everything still runs a tool through it. */
async function stillServes(s: Shell): Promise<void> {
  await new Promise((r) => setTimeout(r, 500)); // whatever the server sent has reached the host
  expect(s.alive(), `the shell process is alive (${s.death()})`).toBe(true);
  const views = await s.call<ServerView[]>('listServers');
  expect(views.find((v) => v.id === 'everything')?.state.status).toBe('running');
  const outcome = await runTool(s, 'everything', 'echo', { message: 'still there?' });
  expect(outcome?.status, JSON.stringify(outcome)).toBe('done');
  expect(s.alive(), 'the shell process is alive').toBe(true);
}

describe('the browser shell process under the crash paths of issue 35', () => {
  test('deeply nested notifications/message data (legacy)', async () => {
    shell = await startShell('legacy', 'notify.log-deep');
    await started(shell);
    await shell.call('refreshServerLists', 'fuzz').catch(() => {}); // the log comes before the tool list
    await stillServes(shell);
  }, 90_000);

  test("a tool's inputSchema nested 100,000 deep (modern)", async () => {
    shell = await startShell('modern', 'tools-list.deep-input-schema');
    await started(shell);
    await stillServes(shell);
  }, 90_000);

  test("an elicitation's requestedSchema nested 100,000 deep (legacy)", async () => {
    shell = await startShell('legacy', 'elicit.deep-schema');
    await started(shell);
    const outcome = await runTool(shell, 'fuzz', 'ask', {}).catch((e: Error) => e);
    expect(shell.alive(), `the shell is alive after ${String(outcome)} (${shell.death()})`).toBe(true);
    await stillServes(shell);
  }, 90_000);

  test("a tool's outputSchema nested 100,000 deep, then the tool called (modern)", async () => {
    shell = await startShell('modern', 'tools-list.deep-output-schema');
    await started(shell);
    const outcome = await runTool(shell, 'fuzz', 'weather', {}).catch((e: Error) => e);
    expect(shell.alive(), `the shell is alive after ${String(outcome)} (${shell.death()})`).toBe(true);
    await stillServes(shell);
    // And its servers end with it: nothing left running after it stops.
    const pids = (await shell.call<{ text: string }[]>('getLogs', null))
      .map((e) => /^started .* \(pid (\d+)\)$/.exec(e.text)?.[1])
      .filter((p) => p !== undefined)
      .map(Number);
    shell.child.kill('SIGTERM');
    await new Promise((r) => shell!.child.once('exit', r));
    for (const pid of pids) expect(await processAlive(pid), `server process ${pid}`).toBe(false);
  }, 90_000);
});
