import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { skillServer } from '../../../e2e/fixtures/http/skillServer';
import {
  everythingStdio,
  hostileStdio,
  lastPid,
  modernStdio,
  processAlive,
  startEverythingHttp,
} from '../../../e2e/fixtures/servers';
import type { ServerState } from '../../../shared/host/serverView';
import { MemoryAuthStore } from '../../mcp';
import { parseConfig, type ServerConfig } from '../config/serverConfig';
import { LogStore } from '../logs/logStore';
import { Redactor } from '../logs/redactor';
import { FileSecretStore } from '../secrets/fileSecretStore';
import { EraStore } from './eraStore';
import { ServerSession, type ServerSessionDeps } from './serverSession';

const fixtures = path.resolve(import.meta.dirname, '../../../e2e/fixtures');
let home: string;
const running: ServerSession[] = [];
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-conn-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop('test over')));
  await rm(home, { recursive: true, force: true });
});

function configOf(name: string, raw: Record<string, unknown>): ServerConfig {
  const parsed = parseConfig({ mcpServers: { [name]: raw } });
  if (!parsed.servers[0]) throw new Error(JSON.stringify(parsed.invalid));
  return parsed.servers[0];
}

function connection(config: ServerConfig, extra: Partial<ServerSessionDeps> = {}) {
  const redactor = new Redactor();
  const logs = new LogStore(redactor);
  const secrets = FileSecretStore.inHome(home);
  const conn = new ServerSession(config, {
    secrets,
    logs,
    redactor,
    handlers: {},
    authStore: new MemoryAuthStore(),
    restart: { baseDelayMs: 20, maxTries: 3, stableAfterMs: 60_000 },
    ...extra,
  });
  running.push(conn);
  // Each state the card went through; a try's own updates (what it waits for, its output) replace
  // that try's state rather than count as another.
  const states: ServerState[] = [];
  conn.onStateChange((s) => {
    const last = states.at(-1);
    const sameTry = last?.status === 'starting' && s.status === 'starting' && last.attempt === s.attempt;
    if (sameTry) states[states.length - 1] = s;
    else states.push(s);
  });
  return { conn, logs, secrets, states };
}

const stdio = (p: { command: string; args?: string[] }, extra: Record<string, unknown> = {}) => ({
  command: p.command,
  args: p.args,
  ...extra,
});

describe('ServerSession', () => {
  it('starts a real server to running with what a person needs, and stops it', async () => {
    const { conn, logs, states } = connection(configOf('everything', stdio(everythingStdio())));
    expect(conn.state.status).toBe('stopped');
    await conn.start();
    expect(conn.state).toMatchObject({
      status: 'running',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'mcp-servers/everything' },
      capabilities: { tools: {} },
      instructions: expect.stringContaining('Everything'),
    });
    expect(states.map((s) => s.status)).toEqual(['starting', 'running']);
    expect((await conn.callTool('echo', { message: 'x' })).content).toHaveLength(1);
    // No wire trace unless the person asks for one.
    const sources = new Set(logs.entries('everything').map((e) => e.source));
    expect(sources).toEqual(new Set(['lifecycle', 'stderr']));
    await conn.stop();
    expect(conn.state).toEqual({ status: 'stopped', reason: 'stopped' });
    expect(conn.run).toBeUndefined();
    await expect(conn.callTool('echo', { message: 'x' })).rejects.toThrow(
      'Server "everything" is stopped (stopped)',
    );
  });

  it('a crash loop restarts with doubling backoff, then stays in error with the stderr tail', async () => {
    const { conn, states, logs } = connection(configOf('crashy', stdio(hostileStdio('crash-on-start'))));
    await conn.start();
    await expect.poll(() => conn.state.status, { timeout: 20_000 }).toBe('error');
    const restarts = states.filter((s) => s.status === 'restarting') as Extract<
      ServerState,
      { status: 'restarting' }
    >[];
    expect(restarts.map((r) => r.inMs)).toEqual([20, 40, 80]);
    expect(states.filter((s) => s.status === 'starting')).toHaveLength(4);
    const error = (conn.state as Extract<ServerState, { status: 'error' }>).error;
    expect(error.message).toMatch(/exited with code 1/);
    expect(error.stderrTail).toContain('fatal: cannot open ~/.hostile/config.toml');
    // Each crash logged once (the transport and the lifecycle say the same words).
    expect(logs.entries('crashy').filter((e) => /exited with code 1/.test(e.text))).toHaveLength(4);
  });

  it('a retry says why on the card: a starting state after a failure carries the last error', async () => {
    const { conn, states } = connection(configOf('crashy', stdio(hostileStdio('crash-on-start'))));
    await conn.start();
    await expect.poll(() => conn.state.status, { timeout: 20_000 }).toBe('error');
    const retries = states.filter((s) => s.status === 'starting').slice(1);
    expect(retries).toHaveLength(3);
    for (const s of retries)
      expect(s).toMatchObject({
        lastError: {
          message: expect.stringMatching(/exited with code 1/),
          stderrTail: expect.arrayContaining([expect.stringContaining('fatal')]),
        },
      });
  });

  it('a program that is not there fails once, with a reason that fits the card, and is not retried', async () => {
    const { conn, states, logs } = connection(
      configOf('pasted', { command: 'npx -y @modelcontextprotocol/server-everything stdio' }),
    );
    await conn.start();
    expect(conn.state.status).toBe('error');
    expect(states.map((s) => s.status)).toEqual(['starting', 'error']);
    const error = (conn.state as Extract<ServerState, { status: 'error' }>).error;
    expect(error).toMatchObject({ permanent: true });
    expect(error.message).toMatch(
      /the program "npx -y @modelcontextprotocol\/server-everything stdio" was not found/,
    );
    expect(error.message).toMatch(/looks like a whole command line/);
    // The PATH goes to the log, not across the card.
    expect(error.message).not.toContain(process.env.PATH!);
    expect(logs.entries('pasted').some((e) => e.text.startsWith('PATH searched:'))).toBe(true);
  });

  it('a server whose own words say a retry would fail the same way stops at once, with the reason', async () => {
    // Node: a module that is not there.
    const missing = connection(
      configOf('missing', { command: process.execPath, args: [path.join(home, 'nope.js')] }),
    );
    await missing.conn.start();
    await expect.poll(() => missing.conn.state.status, { timeout: 20_000 }).toBe('error');
    expect(missing.states.map((s) => s.status)).toEqual(['starting', 'error']);
    expect((missing.conn.state as Extract<ServerState, { status: 'error' }>).error).toMatchObject({
      permanent: true,
      message: expect.stringContaining(`Node cannot find the module ${path.join(home, 'nope.js')}`),
    });
    // npm offline with the package not in its cache (what a launch without network gives).
    const offline = connection(
      configOf('offline', {
        command: 'npx',
        args: ['-y', `@switchboard-test/never-published-${Date.now()}`],
        env: { npm_config_offline: 'true', npm_config_cache: path.join(home, 'npm-cache') },
      }),
    );
    await offline.conn.start();
    await expect.poll(() => offline.conn.state.status, { timeout: 60_000 }).toBe('error');
    expect(offline.states.filter((s) => s.status === 'restarting')).toEqual([]);
    const error = (offline.conn.state as Extract<ServerState, { status: 'error' }>).error;
    expect(error.permanent).toBe(true);
    expect(error.message).toMatch(/^npm could not download the package: it is offline \(ENOTCACHED\)/);
    expect(error.stderrTail.join('\n')).toContain('npm error code ENOTCACHED');
  }, 90_000);

  it('no answer to initialize: the card says so with what the program printed', async () => {
    // The program prints only once it has read initialize: the timeout gives a loaded machine time to
    // boot it (400 ms did not always); the state is taken from the changes, not polled (the restart
    // backoff is 20 ms, a poll could miss it).
    const { conn, states } = connection(
      configOf('silent', stdio(hostileStdio('hang-init'), { requestTimeoutMs: 3000 })),
    );
    const started = conn.start();
    const restarting = () =>
      states.find((s): s is Extract<ServerState, { status: 'restarting' }> => s.status === 'restarting');
    await expect.poll(restarting, { timeout: 20_000 }).toBeDefined();
    const state = restarting()!;
    expect(state.lastError.message).toMatch(/^No answer to initialize within 3 s: /);
    // While it tried, its card said what it waited for, with the limit, and what it wrote so far.
    const starting = states.filter((s) => s.status === 'starting');
    expect(starting[0]).toMatchObject({ since: expect.any(Number) });
    expect(starting.map((s) => s.waiting?.request)).toContain('initialize');
    expect(starting.find((s) => s.waiting?.request === 'initialize')?.waiting?.timeoutMs).toBe(3000);
    expect(
      starting.some((s) =>
        s.output?.includes('npm warn fetch retrying: connect ETIMEDOUT registry.npmjs.org'),
      ),
    ).toBe(true);
    expect(state.lastError.stderrTail).toContain(
      'npm warn fetch retrying: connect ETIMEDOUT registry.npmjs.org',
    );
    await conn.stop();
    await started;
  });

  it('Stop while starting ends the process at once, without waiting for the initialize timeout', async () => {
    const { conn, logs } = connection(
      configOf('slow', stdio(hostileStdio('hang-init'), { requestTimeoutMs: 60_000 })),
    );
    const started = conn.start();
    await expect
      .poll(() => logs.entries('slow').some((e) => /^started .* \(pid \d+\)$/.test(e.text)))
      .toBe(true);
    const pid = lastPid(logs, 'slow');
    await conn.stop();
    await started;
    expect(conn.state).toEqual({ status: 'stopped', reason: 'stopped' });
    // Gone now, not after the minute the initialize would have been given.
    await expect.poll(() => processAlive(pid)).toBe(false);
  });

  it('a remote server that stops answering shows why and is reconnected when it is back', async () => {
    let http = await startEverythingHttp('streamableHttp');
    const port = Number(new URL(http.url).port);
    try {
      const { conn, states } = connection(configOf('remote', { url: http.url, type: 'http' }), {
        remotePing: { intervalMs: 150, timeoutMs: 300, maxMissed: 2 },
      });
      await conn.start();
      expect(conn.state.status).toBe('running');
      await http.stop();
      await expect.poll(() => conn.state.status, { timeout: 10_000 }).toBe('restarting');
      const down = states.find((s) => s.status === 'restarting') as Extract<
        ServerState,
        { status: 'restarting' }
      >;
      expect(down.lastError.message).toMatch(/^Stopped answering \(2 pings without an answer\): /);
      // Tried again past the local restart limit (3 here), then it is back where it was.
      await expect
        .poll(() => states.filter((s) => s.status === 'restarting').length, { timeout: 15_000 })
        .toBeGreaterThan(4);
      expect(conn.state.status).not.toBe('error');
      http = await startEverythingHttp('streamableHttp', port);
      await expect.poll(() => conn.state.status, { timeout: 20_000 }).toBe('running');
    } finally {
      await http.stop();
    }
  });

  it('a remote server restarted where it was between pings: the next call goes through at once (a new session), the card never leaving running', async () => {
    let http = await startEverythingHttp('streamableHttp');
    const port = Number(new URL(http.url).port);
    try {
      const { conn, states } = connection(configOf('redeployed', { url: http.url, type: 'http' }));
      await conn.start();
      await http.stop();
      http = await startEverythingHttp('streamableHttp', port);
      // server-everything answers our old session id with HTTP 400: taken as the session lost.
      const result = await conn.callTool('echo', { message: 'back' });
      expect(JSON.stringify(result.content)).toContain('Echo: back');
      expect(states.map((s) => s.status)).toEqual(['starting', 'running']);
    } finally {
      await http.stop();
    }
  });

  it("a remote server's icon is fetched by the host from its own origin, never from elsewhere", async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [path.join(fixtures, 'http/echo-http-server.mjs')], {
      env: { PATH: process.env.PATH ?? '', ECHO_ICON: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve) =>
        child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
      );
      const { conn } = connection(configOf('iconic', { url, type: 'http' }));
      await conn.start();
      await expect
        .poll(() => (conn.state.status === 'running' ? conn.state.icon : undefined))
        .toBe(
          `data:image/png;base64,${Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64')}`,
        );
    } finally {
      child.kill();
    }
  });

  it('re-emits what the live server says once, from whichever run is live, and nothing after it stopped', async () => {
    const { conn } = connection(configOf('dyn', stdio(hostileStdio('dynamic-tools'))));
    const events: unknown[] = [];
    conn.onEvent((e) => events.push(e));
    await conn.start();
    const firstRun = conn.run;
    await conn.callTool('echo', { message: 'set:add' });
    await expect.poll(() => events).toEqual([{ kind: 'list-changed', list: 'tools' }]);
    await conn.restart();
    expect(conn.run).not.toBe(firstRun);
    await conn.callTool('echo', { message: 'set:add:second' });
    await expect.poll(() => events.length).toBe(2);
    await conn.stop();
    await expect(conn.listTools()).rejects.toThrow('Server "dyn" is stopped (stopped)');
    expect(events).toEqual([
      { kind: 'list-changed', list: 'tools' },
      { kind: 'list-changed', list: 'tools' },
    ]);
  });

  it('a server that crashes while running is restarted and runs again', async () => {
    const { conn, states, logs } = connection(configOf('flaky', stdio(hostileStdio('exit-mid-request'))));
    await conn.start();
    const firstPid = lastPid(logs, 'flaky');
    await conn.callTool('echo', { message: 'boom' }).catch(() => {});
    await expect.poll(() => states.filter((s) => s.status === 'running').length, { timeout: 20_000 }).toBe(2);
    expect(states.map((s) => s.status)).toEqual(['starting', 'running', 'restarting', 'starting', 'running']);
    expect(await processAlive(firstPid)).toBe(false);
  });

  it('fills secret env values from the store, and the canary never reaches the logs', async () => {
    const config = configOf(
      'careless',
      stdio(hostileStdio('print-env'), {
        env: { SECRET_TOKEN: { $secret: `careless/env/SECRET_TOKEN@${process.execPath}` }, PLAIN: 'visible' },
      }),
    );
    const { conn, logs, secrets } = connection(config);
    await secrets.set(`careless/env/SECRET_TOKEN@${process.execPath}`, 'canary-7f3a9c');
    await conn.start();
    expect(conn.state.status).toBe('running');
    await expect
      .poll(() => logs.entries('careless').some((e) => e.text.includes('PLAIN=visible')))
      .toBe(true);
    const all = JSON.stringify(logs.entries());
    expect(all).not.toContain('canary-7f3a9c');
    expect(all).toContain('SECRET_TOKEN=[redacted]');
    // No folder of its own: it runs in the person's home, not in the app's folder.
    await expect.poll(() => logs.entries('careless').some((e) => e.text.includes('cwd: '))).toBe(true);
    expect(logs.entries('careless').find((e) => e.text.includes('cwd: '))?.text).toContain(
      `cwd: ${homedir()}`,
    );
  });

  it('a stored secret of several lines (a password with a line break, a PEM key) is hidden line by line in what the server prints', async () => {
    const pem = `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-canary-1\nBKcwggSjAgEAAoIBAQC7-canary-2\n-----END PRIVATE KEY-----`;
    for (const secret of ['correct-horse\nbattery-staple-9371', pem]) {
      const config = configOf(
        'careless',
        stdio(hostileStdio('print-env'), {
          env: {
            SECRET_TOKEN: { $secret: `careless/env/SECRET_TOKEN@${process.execPath}` },
            PLAIN: 'visible',
          },
        }),
      );
      const { conn, logs, secrets } = connection(config);
      await secrets.set(`careless/env/SECRET_TOKEN@${process.execPath}`, secret);
      await conn.start();
      // The server prints the value over several stderr lines: each line is a log entry of its own.
      await expect
        .poll(() => logs.entries('careless').some((e) => e.text.includes('PLAIN=visible')))
        .toBe(true);
      const all = JSON.stringify(logs.entries());
      for (const line of secret
        .split('\n')
        .filter((l) => l.includes('canary') || l.includes('horse') || l.includes('staple')))
        expect(all, line).not.toContain(line);
      await conn.stop();
    }
  });

  it('a value under a secret-looking name is redacted even when not marked secret', async () => {
    const config = configOf(
      'careless',
      stdio(hostileStdio('print-env'), { env: { SECRET_TOKEN: 'plain-canary-42', PLAIN: 'visible' } }),
    );
    const { conn, logs } = connection(config);
    await conn.start();
    await expect
      .poll(() => logs.entries('careless').some((e) => e.text.includes('PLAIN=visible')))
      .toBe(true);
    expect(JSON.stringify(logs.entries())).not.toContain('plain-canary-42');
  });

  it('a missing secret is an error that says which one, and nothing is launched', async () => {
    const config = configOf(
      'nokey',
      stdio(everythingStdio(), { env: { API_KEY: { $secret: `nokey/env/API_KEY@${process.execPath}` } } }),
    );
    const { conn } = connection(config);
    await conn.start();
    await expect.poll(() => conn.state.status, { timeout: 5000 }).toBe('error');
    expect((conn.state as Extract<ServerState, { status: 'error' }>).error.message).toMatch(
      /secret for env API_KEY is not set/,
    );
  });

  it('sets the server’s logging level and records its notifications/message with level and logger', async () => {
    const { conn, logs } = connection(configOf('everything', stdio(everythingStdio())));
    await conn.start();
    await conn.setLoggingLevel('debug');
    await conn.callTool('toggle-simulated-logging');
    await expect
      .poll(() => logs.entries('everything').find((e) => e.source === 'server'))
      .toMatchObject({
        level: expect.stringMatching(/debug|info|notice|warning|error|critical|alert|emergency/),
        text: expect.stringMatching(/message/),
      });
    await conn.callTool('toggle-simulated-logging');
  });

  it('a 2026-07-28 server runs without a handshake; "protocol": "legacy" speaks initialize to a dual-era one', async () => {
    const modern = connection(configOf('modern', stdio(modernStdio('reject'))));
    await modern.conn.start();
    await expect.poll(() => modern.conn.state.status, { timeout: 15_000 }).toBe('running');
    expect(modern.conn.state).toMatchObject({
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'modern-test-server' },
    });
    expect((await modern.conn.callTool('echo', { text: 'hi' })).content).toEqual([
      { type: 'text', text: 'echo: hi' },
    ]);
    const forced = connection(configOf('forced', stdio(modernStdio('serve'), { protocol: 'legacy' })));
    await forced.conn.start();
    await expect.poll(() => forced.conn.state.status, { timeout: 15_000 }).toBe('running');
    expect((forced.conn.state as { protocolVersion: string }).protocolVersion).toBe('2025-11-25');
  });

  it('a legacy stdio server is probed once: its restarts go straight to initialize', async () => {
    const hostile = {
      command: process.execPath,
      args: [path.join(fixtures, 'stdio/hostile-server.mjs'), 'normal'],
    };
    const { conn, logs } = connection(configOf('old', stdio(hostile)));
    const probes = () =>
      logs.entries('old').filter((e) => e.text.includes('RECV') && e.text.includes('server/discover'));
    const inits = () =>
      logs.entries('old').filter((e) => e.text.includes('RECV') && e.text.includes('"initialize"'));
    await conn.start();
    await expect.poll(() => conn.state.status).toBe('running');
    expect(probes()).toHaveLength(1);
    await conn.restart();
    await expect.poll(() => inits().length).toBe(2);
    await expect.poll(() => conn.state.status).toBe('running');
    expect(probes()).toHaveLength(1);
  });

  it('the era is kept across app launches: a legacy server known from the last launch is not probed; one since upgraded is probed and remembered anew; a failed start forgets', async () => {
    const hostile = {
      command: process.execPath,
      args: [path.join(fixtures, 'stdio/hostile-server.mjs'), 'normal'],
    };
    const saved = async () => JSON.parse(await readFile(EraStore.inHome(home).filePath, 'utf8'));
    const probesOf = (logs: LogStore, id: string) =>
      logs.entries(id).filter((e) => e.text.includes('RECV') && e.text.includes('server/discover'));
    // Each launch reads the file afresh (a new store), as the app does when it starts.
    const launch = (config: ServerConfig, identity: string) =>
      connection(config, { era: EraStore.inHome(home).of(identity), restart: { maxTries: 1 } });

    const first = launch(configOf('old', stdio(hostile)), 'id-old');
    await first.conn.start();
    await expect.poll(() => first.conn.state.status).toBe('running');
    expect(probesOf(first.logs, 'old')).toHaveLength(1);
    await first.conn.stop('app closed');
    await expect.poll(saved).toEqual({ 'id-old': 'legacy' });

    const second = launch(configOf('old', stdio(hostile)), 'id-old');
    await second.conn.start();
    await expect.poll(() => second.conn.state.status).toBe('running');
    expect(probesOf(second.logs, 'old')).toHaveLength(0);
    expect(
      second.logs.entries('old').filter((e) => e.text.includes('RECV') && e.text.includes('"initialize"')),
    ).toHaveLength(1);

    // The same configuration now runs a modern-only server: initialize fails, the probe finds it.
    await writeFile(
      EraStore.inHome(home).filePath,
      JSON.stringify({ 'id-old': 'legacy', 'id-up': 'legacy', odd: 'future', n: 3 }),
    );
    const upgraded = launch(configOf('up', stdio(modernStdio('reject'))), 'id-up');
    await upgraded.conn.start();
    await expect.poll(() => upgraded.conn.state.status, { timeout: 15_000 }).toBe('running');
    expect(upgraded.conn.state).toMatchObject({ protocolVersion: '2026-07-28' });
    await expect.poll(saved).toEqual({ 'id-old': 'legacy', 'id-up': 'modern' });

    const gone = launch(
      configOf('gone', stdio({ command: process.execPath, args: [path.join(home, 'missing.mjs')] })),
      'id-old',
    );
    await gone.conn.start();
    await expect.poll(() => gone.conn.state.status).toBe('error');
    await expect.poll(saved).toEqual({ 'id-up': 'modern' });
  });

  it('a server that failed to start is probed again on its next start (what it was is not assumed)', async () => {
    const choice = path.join(home, 'which');
    const hostileScript = path.join(fixtures, 'stdio/hostile-server.mjs');
    await writeFile(choice, hostileScript);
    // The program the config starts reads which script to run from a file the test changes.
    const launcher = {
      command: 'sh',
      args: ['-c', `exec "${process.execPath}" "$(cat '${choice}')" normal`],
    };
    const { conn, logs } = connection(configOf('old', stdio(launcher)));
    const probes = () =>
      logs.entries('old').filter((e) => e.text.includes('RECV') && e.text.includes('server/discover'));
    await conn.start();
    await expect.poll(() => conn.state.status).toBe('running');
    expect(probes()).toHaveLength(1);
    await conn.stop('switch');
    await writeFile(choice, path.join(home, 'missing.mjs'));
    await conn.start();
    await expect.poll(() => conn.state.status).toBe('error');
    await conn.stop('switch back');
    await writeFile(choice, hostileScript);
    await conn.start();
    await expect.poll(() => conn.state.status).toBe('running');
    expect(probes()).toHaveLength(2);
  });

  it('the wire trace, once turned on, logs every message both ways from the opening exchange; off stops it', async () => {
    const { conn, logs, states } = connection(configOf('traced', stdio(everythingStdio())));
    const wire = () =>
      logs
        .entries('traced')
        .filter((e) => e.source === 'wire')
        .map((e) => e.text);
    expect(conn.wireTrace).toBe(false);
    conn.setWireTrace(true);
    expect(conn.wireTrace).toBe(true);
    expect(states.length).toBe(1); // the page hears of it
    await conn.start();
    expect(wire().some((t) => t.startsWith('→') && t.includes('"initialize"'))).toBe(true);
    expect(wire().some((t) => t.startsWith('←') && t.includes('"protocolVersion"'))).toBe(true);
    await conn.callTool('echo', { message: 'traced' });
    expect(wire().filter((t) => t.includes('traced')).length).toBeGreaterThanOrEqual(2);
    conn.setWireTrace(false);
    const before = wire().length;
    await conn.callTool('echo', { message: 'quiet' });
    expect(wire().length).toBe(before);
  });

  it('a disabled server does not start', async () => {
    const { conn, states } = connection(configOf('off', stdio(everythingStdio(), { disabled: true })));
    await conn.start();
    expect(conn.state.status).toBe('disabled');
    expect(states).toEqual([]);
  });

  it('a skill chosen from an older listing loads as the server serves it now; one no longer offered is an error naming it', async () => {
    const server = skillServer();
    const fixture = await startHttpFixture(server.handler);
    try {
      const { conn } = connection(configOf('skills', { url: fixture.url }));
      await conn.start();
      const [listed] = (await conn.listSkills()).skills;
      server.state.version = 2;
      const loaded = await conn.loadSkill(listed!);
      expect(loaded.files[0]!.text).toContain('Study references');
      server.state.version = 0;
      await expect(conn.loadSkill(listed!)).rejects.toThrow(
        'Skill "pdf" is no longer offered by skills (skill://pdf/SKILL.md)',
      );
    } finally {
      await fixture.close();
    }
  });
});
