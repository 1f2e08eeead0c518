// Issue 30: a session holds its listeners, timers and children in one place and lets all of them go
// when disposed — whatever it was doing: running, starting, waiting to restart, or idle.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, lastPid, processAlive } from '../../../e2e/fixtures/servers';
import { MemoryAuthStore } from '../../mcp';
import { parseConfig } from '../config/serverConfig';
import { LogStore } from '../logs/logStore';
import { Redactor } from '../logs/redactor';
import { FileSecretStore } from '../secrets/fileSecretStore';
import { ServerSession } from './serverSession';

const INSTANT = path.resolve(import.meta.dirname, '../../../e2e/fixtures/stdio/instant-server.sh');

/**
 * Every timer our code (electron/) sets while it watches, and whether it is still pending: one that
 * has neither fired nor been cleared is left behind.
 */
function watchTimers() {
  const real = { setTimeout, clearTimeout };
  const pending = new Map<unknown, string>();
  globalThis.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = real.setTimeout(
      (...a: unknown[]) => {
        pending.delete(timer);
        run(...a);
      },
      ms,
      ...args,
    );
    // Where it was set, from the caller on: kept only when that is our code.
    const from = (new Error().stack ?? '')
      .split('\n')
      .slice(2, 6)
      .map((line) => line.trim());
    if (from.some((line) => line.includes('/electron/') && !line.includes('node_modules')))
      pending.set(timer, from.join(' ← '));
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(timer);
    real.clearTimeout(timer);
  }) as typeof clearTimeout;
  return {
    pending: () => [...pending.values()],
    stop: () => Object.assign(globalThis, real),
  };
}

async function until(what: string, probe: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let home: string;
let timers: ReturnType<typeof watchTimers> | undefined;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-dispose-'));
});
afterEach(async () => {
  timers?.stop();
  await rm(home, { recursive: true, force: true });
});

describe('ServerSession.dispose', () => {
  it('1,000 sessions — running, starting, waiting to restart, idle — disposed leave no listener, timer or child', async () => {
    const redactor = new Redactor();
    const logs = new LogStore(redactor);
    const deps = {
      secrets: FileSecretStore.inHome(home),
      logs,
      redactor,
      handlers: {},
      authStore: new MemoryAuthStore(),
      // Long enough that no restart comes while the test runs: each waiting session holds its timer.
      restart: { baseDelayMs: 600_000, maxTries: 3, stableAfterMs: 600_000 },
    };
    // A port on loopback that nothing listens on.
    const closed = `http://127.0.0.1:${await freePort()}/mcp`;
    const kinds: [kind: string, count: number, raw: Record<string, unknown>][] = [
      ['running', 100, { command: 'sh', args: [INSTANT], protocol: 'legacy' }],
      // Reads what it is sent and never answers: starting until its initialize times out.
      [
        'starting',
        100,
        { command: 'sh', args: ['-c', 'while read -r line; do :; done'], protocol: 'legacy' },
      ],
      ['crashed', 100, { command: 'sh', args: ['-c', 'exit 3'], protocol: 'legacy' }],
      ['unreachable', 200, { url: closed }],
      ['stopped', 250, { command: 'sh', args: [INSTANT] }],
      ['disabled', 250, { command: 'sh', args: [INSTANT], disabled: true }],
    ];
    timers = watchTimers();
    const sessions: { kind: string; session: ServerSession }[] = [];
    for (const [kind, count, raw] of kinds)
      for (let i = 0; i < count; i++) {
        const { servers } = parseConfig({ mcpServers: { [`${kind}-${i}`]: raw } });
        sessions.push({ kind, session: new ServerSession(servers[0]!, deps) });
      }
    expect(sessions).toHaveLength(1000);
    const heard: string[] = [];
    for (const { session } of sessions) {
      session.onStateChange((s) => heard.push(`${session.id}: ${s.status}`));
      session.onEvent((e) => heard.push(`${session.id}: ${e.kind}`));
    }

    // Brought to where each kind is, 25 at a time (a start that never ends is not waited for).
    const bring = sessions.filter((s) => !['stopped', 'disabled'].includes(s.kind));
    for (let i = 0; i < bring.length; i += 25)
      await Promise.all(
        bring.slice(i, i + 25).map(async ({ kind, session }) => {
          const started = session.start();
          if (kind === 'starting') await until('its process', () => hasPid(logs, session.id));
          else await started;
        }),
      );
    const expected: Record<string, string> = {
      running: 'running',
      starting: 'starting',
      crashed: 'restarting',
      unreachable: 'restarting',
      stopped: 'stopped',
      disabled: 'disabled',
    };
    for (const { kind, session } of sessions)
      expect(`${session.id}: ${session.state.status}`).toBe(`${session.id}: ${expected[kind]}`);
    const children = sessions
      .filter(({ kind }) => kind === 'running' || kind === 'starting')
      .map(({ session }) => lastPid(logs, session.id));
    expect(children).toHaveLength(200);
    expect(await Promise.all(children.map(processAlive))).not.toContain(false);
    expect(timers.pending().length).toBeGreaterThanOrEqual(400); // restart waits, stable-run timers…

    for (const { session } of sessions) session.dispose();

    // Nothing hears a session once it is disposed, whatever it is made to say.
    heard.length = 0;
    for (const { session } of sessions) {
      session.setWireTrace(true);
      session.noteProblem('protocol', 'said after dispose');
    }
    expect(heard).toEqual([]);
    // Every child ends, and with it everything that waited on it; no timer of ours is left.
    await until(
      'every child gone',
      async () => !(await Promise.all(children.map(processAlive))).includes(true),
    );
    await until('no timer left', () => timers!.pending().length === 0, 10_000).catch(() => {});
    expect(timers.pending()).toEqual([]);
  }, 180_000);
});

function hasPid(logs: LogStore, server: string): boolean {
  try {
    lastPid(logs, server);
    return true;
  } catch {
    return false;
  }
}
