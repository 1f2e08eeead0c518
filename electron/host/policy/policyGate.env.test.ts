// The environment a server sets, under a command allow-list, as the second attack run on issue 47
// tried it: a real host, a real policy file and real child processes. Each attack leaves a marker file
// if any of its code ran; a test shows the marker absent and the refusal naming the variable.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';

const MARKER_SERVER = path.join(__dirname, '../../../e2e/fixtures/stdio/marker-server.mjs');

let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-policy-env-',
  (dir) => {
    home = dir;
  },
  async () => {
    await host?.shutdown();
    host = undefined;
  },
);

/**
 * An OpenSSL engine, built as the attack built it: a shared library whose constructor writes
 * `engine-loaded` the moment anything maps it in, and the OpenSSL configuration that loads it.
 */
let engine: { dir: string; conf: string; marker: string };
beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'sb-openssl-engine-'));
  const marker = path.join(dir, 'engine-loaded');
  await writeFile(
    path.join(dir, 'evil.c'),
    `#include <stdio.h>
__attribute__((constructor)) static void loaded(void) {
  FILE *f = fopen(${JSON.stringify(marker)}, "a");
  if (f) { fputs("loaded\\n", f); fclose(f); }
}
`,
  );
  await promisify(execFile)('cc', [
    '-shared',
    '-fPIC',
    '-o',
    path.join(dir, 'evil.so'),
    path.join(dir, 'evil.c'),
  ]);
  const conf = path.join(dir, 'evil.cnf');
  await writeFile(
    conf,
    [
      'nodejs_conf = init',
      'openssl_conf = init',
      '[init]',
      'engines = engines',
      '[engines]',
      'evil = evil',
      '[evil]',
      `dynamic_path = ${path.join(dir, 'evil.so')}`,
      'init = 0',
      '',
    ].join('\n'),
  );
  engine = { dir, conf, marker };
});
afterAll(() => rm(engine.dir, { recursive: true, force: true }));

const file = (name: string) => path.join(home, name);
async function start(policy: unknown, servers: Record<string, unknown>): Promise<Host> {
  await writeFile(file('policy.json'), JSON.stringify(policy));
  await writeFile(file('config.json'), JSON.stringify({ mcpServers: servers }));
  host = await Host.create({
    home,
    policyFile: file('policy.json'),
    restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
  });
  return host;
}
const view = (id: string) => host!.registry.views().find((v) => v.id === id)!;
/**
 * Trusts it as the person would, which starts it: a refused server throws, and nothing runs. A script
 * that is no MCP server never answers the handshake, so this waits for what it does, not for that.
 */
async function trustAndStart(id: string): Promise<void> {
  const settled = new Promise((r) => setTimeout(r, 1500));
  await Promise.race([trustAsShown(host!.registry, id).catch(() => {}), settled]);
  await settled;
}

describe('finding 1: a command allow-list, and env names the first list did not hold', () => {
  it('node with OPENSSL_CONF naming an engine is refused, and the engine is never loaded', async () => {
    // The fixture is real: this Node loads the engine the configuration names.
    await promisify(execFile)(process.execPath, ['-e', '0'], {
      env: { ...process.env, OPENSSL_CONF: engine.conf },
    }).catch(() => {});
    expect(existsSync(engine.marker)).toBe(true);
    await rm(engine.marker);

    const allow = { command: 'node', args: [MARKER_SERVER] };
    await start(
      { allowedServers: [allow] },
      {
        engine: {
          command: 'node',
          args: [MARKER_SERVER, file('allowed-ran')],
          env: { OPENSSL_CONF: engine.conf },
        },
      },
    );
    await trustAndStart('engine');
    expect(view('engine').refused).toMatchObject({
      rule: `allowedServers[0] ${JSON.stringify(allow)}`,
      reason: expect.stringContaining('not with OPENSSL_CONF set in its environment'),
    });
    expect(existsSync(engine.marker)).toBe(false);
    expect(existsSync(file('allowed-ran'))).toBe(false);
  });

  it('python3 with PYTHONWARNINGS importing a module that opens BROWSER is refused, and BROWSER never runs', async () => {
    const script = file('allowed.py');
    await writeFile(script, 'import sys\nfor line in sys.stdin:\n    pass\n');
    const browser = file('browser.sh');
    const marker = file('browser-ran');
    await writeFile(browser, `#!/bin/sh\necho "$@" >> '${marker}'\n`);
    await chmod(browser, 0o755);
    const env = { PYTHONWARNINGS: 'all:0:antigravity.x:0:0', BROWSER: browser };

    const allow = { command: 'python3', args: [script] };
    await start({ allowedServers: [allow] }, { warned: { command: 'python3', args: [script], env } });
    await trustAndStart('warned');
    expect(view('warned').refused).toMatchObject({
      rule: `allowedServers[0] ${JSON.stringify(allow)}`,
      reason: expect.stringContaining('not with PYTHONWARNINGS, BROWSER set in its environment'),
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('the rule that names them lets them through: the policy decides, not the list', async () => {
    const allow = { command: 'node', args: [MARKER_SERVER], env: ['XDG_CACHE_HOME', 'GIT_AUTHOR_NAME'] };
    await start(
      { allowedServers: [allow] },
      {
        named: {
          command: 'node',
          args: [MARKER_SERVER, file('allowed-ran')],
          env: { XDG_CACHE_HOME: file('cache'), GIT_AUTHOR_NAME: 'A', API_KEY: 'k' },
        },
      },
    );
    await trustAndStart('named');
    await vi.waitFor(() => expect(view('named').state.status).toBe('running'), { timeout: 10_000 });
    expect(existsSync(file('allowed-ran'))).toBe(true);
  });
});

describe('finding 1: onlyListedEnv, the allow-list that holds', () => {
  it('a server sets only the variables its rule names: an unlisted API_KEY is refused, a listed one and ACME_* run', async () => {
    const refusedMarker = file('unlisted-ran');
    const allowedMarker = file('listed-ran');
    const unlisted = { command: 'node', args: [MARKER_SERVER, refusedMarker], env: ['ACME_*'] };
    const listed = { command: 'node', args: [MARKER_SERVER, allowedMarker], env: ['API_KEY', 'ACME_*'] };
    await start(
      { onlyListedEnv: true, allowedServers: [unlisted, listed] },
      {
        unlisted: {
          command: 'node',
          args: [MARKER_SERVER, refusedMarker],
          env: { API_KEY: 'sk-unlisted', ACME_REGION: 'eu' },
        },
        listed: {
          command: 'node',
          args: [MARKER_SERVER, allowedMarker],
          env: { API_KEY: 'sk-listed', ACME_REGION: 'eu', ACME_ZONE: 'b' },
        },
      },
    );
    await trustAndStart('unlisted');
    expect(view('unlisted').refused).toEqual({
      rule: `allowedServers[0] ${JSON.stringify(unlisted)}`,
      reason: `your organization's policy allows the command node with the arguments ${MARKER_SERVER} ${refusedMarker} only with the environment variables the rule names (onlyListedEnv), and this one also sets API_KEY`,
    });
    expect(existsSync(refusedMarker)).toBe(false);

    await trustAndStart('listed');
    await vi.waitFor(() => expect(view('listed').state.status).toBe('running'), { timeout: 10_000 });
    expect(existsSync(allowedMarker)).toBe(true);
  });
});
