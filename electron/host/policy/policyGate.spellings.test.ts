// The second attack run on issue 47 (finding 3): a deny rule for a registry entry was escaped by other
// spellings of its package — an npm alias, the registry's tarball URL, a shell string — and, while the
// registry could not be read, by any launch whose command was not itself a package runner (`env npx`,
// `node …/npx-cli.js`). Here as the attacker ran it: a real host, a real `npx` fetching from an npm
// registry on loopback whose @acme/weather leaves a marker named after its first argument.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type NpmRegistryFixture,
  startNpmRegistryFixture,
} from '../../../e2e/fixtures/registry/npmRegistryFixture';
import { type RegistryFixture, startRegistryFixture } from '../../../e2e/fixtures/registry/registryFixture';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { findProgram } from '../../mcp';
import { Host } from '../host';

const ENTRY = {
  name: 'io.github.acme/weather',
  description: 'Denied by the organization',
  version: '1.0.0',
  repository: { url: 'https://github.com/acme/weather', source: 'github' },
  packages: [
    { registryType: 'npm', identifier: '@acme/weather', version: '1.0.0', transport: { type: 'stdio' } },
  ],
};
const DENY = 'deniedServers[0] {"registry":"io.github.acme/*"}';

let home: string;
let host: Host | undefined;
let npm: NpmRegistryFixture;
let registry: RegistryFixture;
let npxCli: string;
const marks = () => path.join(home, 'marks');

beforeAll(async () => {
  npm = await startNpmRegistryFixture([
    {
      name: '@acme/weather',
      version: '1.0.0',
      bin: `require('node:fs').writeFileSync(require('node:path').join(process.env.MARKS, process.argv[2] || 'x'), 'the denied package ran');`,
    },
  ]);
  const npx = await findProgram('npx', { searchPath: process.env.PATH });
  if (!npx) throw new Error('npx is not on the PATH: these tests run the real npx');
  // npx is a link to npm's own script, which `node` can run by hand.
  npxCli = await realpath(npx);
});
afterAll(() => npm?.close());
tempDirPerTest(
  'sb-spellings-',
  (dir) => {
    home = dir;
  },
  async () => {
    await host?.shutdown();
    host = undefined;
  },
);
beforeEach(async () => {
  registry = await startRegistryFixture({ catalog: [], extra: [ENTRY] });
  await mkdir(marks());
});
afterEach(() => registry.close());

/** npx's settings for every launch: the loopback registry, and a cache of this test's own. */
const npmEnv = () => ({
  npm_config_registry: npm.url,
  npm_config_cache: path.join(home, 'npm-cache'),
  npm_config_update_notifier: 'false',
  MARKS: marks(),
});

async function start(registryUrl: string, servers: Record<string, Record<string, unknown>>): Promise<void> {
  const policy = path.join(home, 'policy.json');
  await writeFile(policy, JSON.stringify({ registryUrl, deniedServers: [{ registry: 'io.github.acme/*' }] }));
  const withEnv = Object.fromEntries(
    Object.entries(servers).map(([id, server]) => [id, { ...server, env: npmEnv() }]),
  );
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: withEnv }));
  host = await Host.create({
    home,
    policyFile: policy,
    restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
  });
  for (const id of Object.keys(servers)) {
    await trustAsShown(host.registry, id).catch(() => {});
    void host.registry.start(id).catch(() => {});
  }
}
const view = (id: string) => host!.registry.views().find((v) => v.id === id)!;

/** Runs a launch as the host would, outside any policy; resolves on exit. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH, HOME: home, ...npmEnv() },
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const SPELLINGS = (): Record<string, { command: string; args: string[] }> => ({
  alias: { command: 'npx', args: ['-y', 'weather@npm:@acme/weather@1.0.0', 'alias'] },
  tarball: { command: 'npx', args: ['-y', `${npm.url}@acme/weather/-/weather-1.0.0.tgz`, 'tarball'] },
  shell: { command: 'sh', args: ['-c', 'npx -y @acme/weather@1.0.0 shell'] },
});

describe('a registry deny rule is not escaped by another spelling of the package (real npx)', () => {
  it('the fixture is real: each spelling runs the denied package when nothing judges it', async () => {
    for (const { command, args } of Object.values(SPELLINGS())) await run(command, args);
    expect(readdirSync(marks()).sort()).toEqual(['alias', 'shell', 'tarball']);
  }, 120_000);

  it('an npm alias, the tarball URL and a shell string are refused, naming the package; nothing runs', async () => {
    const asked = npm.requests.length;
    await start(registry.url, SPELLINGS());
    await vi.waitFor(() => {
      for (const id of Object.keys(SPELLINGS())) expect(view(id).refused?.rule, id).toBe(DENY);
    });
    expect(view('alias').refused?.reason).toBe(
      `your organization's policy denies registry servers under io.github.acme, and this server runs its npm package @acme/weather (written "weather@npm:@acme/weather@1.0.0")`,
    );
    expect(view('tarball').refused?.reason).toContain('its npm package @acme/weather (written "http://');
    await new Promise((r) => setTimeout(r, 3000));
    expect(readdirSync(marks())).toEqual([]);
    expect(npm.requests.slice(asked)).toEqual([]);
  }, 60_000);

  it('while the registry cannot be read, a launch that runs a package runner anywhere is refused; nothing runs', async () => {
    const gone = registry.url;
    await registry.close();
    registry = await startRegistryFixture({ catalog: [] });
    const servers = {
      viaEnv: { command: 'env', args: ['npx', '-y', '@acme/weather@1.0.0', 'viaEnv'] },
      byHand: { command: process.execPath, args: [npxCli, '-y', '@acme/weather@1.0.0', 'byHand'] },
      shell: { command: 'sh', args: ['-c', 'exec npx -y @acme/weather@1.0.0 shell'] },
    };
    await start(gone, servers);
    await vi.waitFor(() => {
      for (const id of Object.keys(servers)) expect(view(id).refused?.rule, id).toBe(DENY);
    });
    expect(view('byHand').refused?.reason).toMatch(
      /could not be read from .*: until it can, servers that run a package runner \(npx\) are refused/,
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect(readdirSync(marks())).toEqual([]);
  }, 60_000);
});
