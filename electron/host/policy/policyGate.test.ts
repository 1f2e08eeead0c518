// Issue 47, items 1 and 2, as an attacker tried them: a real host, a real policy file, the fixture
// registry over HTTP and real child processes. Each attack's code would leave a marker file behind;
// a test shows the marker absent (nothing of it ran) and the refusal on the card and in the record.
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RegistryFixture, startRegistryFixture } from '../../../e2e/fixtures/registry/registryFixture';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import type { ActivityEntry } from '../../../shared/host/activity';
import { readActivity } from '../activity/activityReader';
import { parseConfig } from '../config/serverConfig';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';
import { parsePolicy } from './managedPolicy';
import { PolicyGate } from './policyGate';

const MARKER_SERVER = path.join(__dirname, '../../../e2e/fixtures/stdio/marker-server.mjs');
const ENTRY = {
  name: 'io.github.acme/tool',
  description: 'The tool the organization allows',
  version: '1.0.0',
  packages: [
    { registryType: 'npm', identifier: '@acme/tool', version: '1.0.0', transport: { type: 'stdio' } },
  ],
};

let home: string;
let host: Host | undefined;
let service: HostService | undefined;
let registry: RegistryFixture;
tempDirPerTest(
  'sb-policy-gate-',
  (dir) => {
    home = dir;
  },
  async () => {
    service?.dispose();
    await host?.shutdown();
    host = service = undefined;
  },
);
beforeEach(async () => {
  registry = await startRegistryFixture({ catalog: [], extra: [ENTRY] });
});
afterEach(() => registry.close());

const file = (name: string) => path.join(home, name);
async function start(policy: unknown, servers: Record<string, unknown> = {}): Promise<Host> {
  await writeFile(file('policy.json'), JSON.stringify(policy));
  await writeFile(file('config.json'), JSON.stringify({ mcpServers: servers }));
  await writeFile(file('settings.json'), JSON.stringify({ registryUrl: registry.url }));
  host = await Host.create({
    home,
    policyFile: file('policy.json'),
    restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
  });
  service = hostService(host, {});
  return host;
}
const view = (id: string) => host!.registry.views().find((v) => v.id === id)!;
const settle = () => new Promise((r) => setTimeout(r, 800));
/** Trusts it as the person would, and asks it to start: a refused server throws, and nothing runs. */
async function trustAndStart(id: string): Promise<void> {
  await trustAsShown(host!.registry, id).catch(() => {});
  await host!.registry.start(id).catch(() => {});
  await settle();
}
async function refusals(): Promise<Extract<ActivityEntry, { kind: 'policy-refusal' }>[]> {
  await host!.activity.flush();
  const { entries } = await readActivity(file('activity'));
  return entries.filter(
    (e): e is Extract<ActivityEntry, { kind: 'policy-refusal' }> => e.kind === 'policy-refusal',
  );
}

/** A program named `node` in a folder of its own that leaves `marker`, then runs the real Node. */
async function lookAlikeNode(marker: string): Promise<string> {
  const dir = file('elsewhere');
  await mkdir(dir, { recursive: true });
  const node = path.join(dir, 'node');
  await writeFile(node, `#!/bin/sh\necho ran > '${marker}'\nexec '${process.execPath}' "$@"\n`);
  await chmod(node, 0o755);
  return node;
}

/** registryOnly with a namespace allow rule, believing the names of the test's registry. */
const registryOnly = () => ({
  registryOnly: true,
  registryUrl: registry.url,
  allowedServers: [{ registry: 'io.github.acme/*' }],
});
/** What config.json claimed of a server it says the registry installed. */
const CLAIM = {
  url: 'https://registry.modelcontextprotocol.io',
  name: 'io.github.acme/tool',
  version: '1.0.0',
  choice: 'packages/0',
};

describe('item 1: where a server came from is the host’s own record, never config.json’s', () => {
  it('an installed server edited to run something else keeps its "registry" field and is refused', async () => {
    await start(registryOnly());
    const prepared = await service!.prepareInstall({
      entry: ENTRY.name,
      choice: 'packages/0',
      values: {},
      name: 'tool',
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    expect(prepared.refused).toBeUndefined();
    await service!.confirmInstall(prepared.planId);
    expect(view('tool').refused).toBeUndefined();

    const marker = file('edited-ran');
    const draft = await service!.getServerDraft('tool');
    const edited = { ...draft, command: process.execPath, args: [MARKER_SERVER, marker] };
    const said = await service!.draftRefusal('tool', edited, 'tool');
    expect(said).toMatchObject({
      rule: 'registryOnly true',
      reason: expect.stringContaining('changed since it was installed'),
    });
    await service!.saveServer('tool', edited, 'tool'); // "Save anyway"
    expect(host!.registry.configOf('tool')?.raw.registry).toMatchObject({ name: ENTRY.name });
    await trustAndStart('tool');
    expect(view('tool').refused?.rule).toBe('registryOnly true');
    expect(existsSync(marker)).toBe(false);
    expect((await refusals()).map((r) => [r.server, r.when, r.rule])).toEqual(
      expect.arrayContaining([
        ['tool', 'edit', 'registryOnly true'],
        ['tool', 'start', 'registryOnly true'],
      ]),
    );
  });

  it('a rename takes the record along, a removal drops it; an install link is recorded as a link', async () => {
    await start(registryOnly());
    const prepared = await service!.prepareInstall({
      entry: ENTRY.name,
      choice: 'packages/0',
      values: {},
      name: 'tool',
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    await service!.confirmInstall(prepared.planId);
    await service!.saveServer('renamed', await service!.getServerDraft('tool'), 'tool');
    expect(view('renamed').refused).toBeUndefined();
    expect(await host!.installs.recordOf('tool')).toBeUndefined();
    await service!.removeServer('renamed');
    expect(await host!.installs.recordOf('renamed')).toBeUndefined();

    const link = `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'linked', command: 'node', args: ['x.mjs'] }))}`;
    const preview = await service!.previewLink({ link, from: null });
    if (!preview.ok) throw new Error(JSON.stringify(preview));
    expect(preview.servers[0]?.refused).toMatchObject({
      rule: 'registryOnly true',
      reason: expect.stringContaining('this one was added from an install link'),
    });
    await service!.confirmLink(preview.planId, { values: {}, secret: {} });
    expect(await host!.installs.recordOf('linked')).toMatchObject({
      from: { kind: 'link', format: 'vscode' },
    });
    expect(view('linked').refused?.reason).toContain('added from an install link');
  });

  it('a config.json written by hand that claims a registry origin is refused', async () => {
    const marker = file('hand-written-ran');
    await start(registryOnly(), {
      claimed: { command: process.execPath, args: [MARKER_SERVER, marker], registry: CLAIM },
    });
    await trustAndStart('claimed');
    expect(view('claimed').refused).toMatchObject({ rule: 'registryOnly true' });
    expect(existsSync(marker)).toBe(false);
    expect(await refusals()).toEqual([
      expect.objectContaining({ server: 'claimed', when: 'start', rule: 'registryOnly true' }),
    ]);
  });

  it('an Import… of another host’s file that claims a registry origin is refused, in the preview and after', async () => {
    await start(registryOnly());
    const marker = file('imported-ran');
    const other = file('cursor-mcp.json');
    await writeFile(
      other,
      JSON.stringify({
        mcpServers: {
          imported: { command: process.execPath, args: [MARKER_SERVER, marker], registry: CLAIM },
        },
      }),
    );
    const preview = await service!.previewImport('cursor', other);
    expect(preview.servers[0]?.refused).toMatchObject({ rule: 'registryOnly true' });
    await service!.applyImport(preview.planId, { servers: ['imported'], inputs: {} });
    await trustAndStart('imported');
    expect(view('imported').refused).toMatchObject({ rule: 'registryOnly true' });
    expect(existsSync(marker)).toBe(false);
    expect((await refusals()).map((r) => r.when)).toEqual(expect.arrayContaining(['import', 'start']));
  });
});

describe('second attack run, finding 4: a policy without registryUrl believes only the official registry’s names', () => {
  // Anyone's registry (a hostile settings.json, SWITCHBOARD_REGISTRY_URL, a "company mirror") can
  // publish under the namespace the organization allows; the official registry would not let it.
  const HELPER = {
    name: 'io.github.acme/helper',
    description: 'Not acme at all',
    version: '6.6.6',
    packages: [
      {
        registryType: 'npm',
        identifier: 'totally-unrelated-package',
        version: '6.6.6',
        transport: { type: 'stdio' },
      },
    ],
  };
  const notBelieved = () =>
    `installed from ${registry.url}, which your organization's policy does not name: only the official registry's names are believed`;

  async function installHelper() {
    registry.publish(HELPER);
    const prepared = await service!.prepareInstall({
      entry: HELPER.name,
      choice: 'packages/0',
      values: {},
      name: 'helper',
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    await service!.confirmInstall(prepared.planId);
    return prepared.refused;
  }

  it('registryOnly with a namespace allow rule refuses what another registry names into the namespace', async () => {
    await start({ registryOnly: true, allowedServers: [{ registry: 'io.github.acme/*' }] });
    const expected = {
      rule: 'registryOnly true',
      reason: `your organization's policy allows only servers installed from the registry (https://registry.modelcontextprotocol.io), and this one was ${notBelieved()}`,
    };
    expect(await installHelper()).toEqual(expected);
    expect(view('helper').refused).toEqual(expected);
    await trustAndStart('helper');
    expect(view('helper').state.status).not.toBe('running');
    expect((await refusals()).map((r) => [r.server, r.when, r.rule])).toEqual(
      expect.arrayContaining([
        ['helper', 'install', 'registryOnly true'],
        ['helper', 'start', 'registryOnly true'],
      ]),
    );
  });

  it('a namespace allow rule alone does not match it either', async () => {
    await start({ allowedServers: [{ registry: 'io.github.acme/*' }] });
    expect(await installHelper()).toEqual({
      rule: 'allowedServers',
      reason: `your organization's policy allows only the servers it lists, and this one (registry server io.github.acme/helper, ${notBelieved()}) matches none of them`,
    });
  });

  it('the registry the policy names is believed', async () => {
    await start({
      registryOnly: true,
      registryUrl: registry.url,
      allowedServers: [{ registry: 'io.github.acme/*' }],
    });
    expect(await installHelper()).toBeUndefined();
    expect(view('helper').refused).toBeUndefined();
  });
});

describe('item 2: a command allow-list judges what will really run', () => {
  const ALLOW_NODE = { allowedServers: [{ command: 'node', args: [MARKER_SERVER] }] };

  it('NODE_OPTIONS=--require evil.cjs is refused, and evil.cjs never runs', async () => {
    const evil = file('evil-ran');
    await writeFile(file('evil.cjs'), `require('node:fs').writeFileSync(${JSON.stringify(evil)}, 'ran');\n`);
    await start(ALLOW_NODE, {
      hooked: {
        command: 'node',
        args: [MARKER_SERVER, file('allowed-ran')],
        env: { NODE_OPTIONS: `--require ${file('evil.cjs')}` },
      },
    });
    await trustAndStart('hooked');
    expect(view('hooked').refused).toMatchObject({
      rule: `allowedServers[0] ${JSON.stringify(ALLOW_NODE.allowedServers[0])}`,
      reason: expect.stringContaining('not with NODE_OPTIONS set in its environment'),
    });
    expect(existsSync(evil)).toBe(false);
    expect(existsSync(file('allowed-ran'))).toBe(false);
  });

  it('a PATH in the server’s env that puts another `node` first is refused; named by the rule, the app’s own node runs', async () => {
    const evil = file('look-alike-ran');
    const fake = path.dirname(await lookAlikeNode(evil));
    const env = { PATH: `${fake}${path.delimiter}${process.env.PATH}` };
    await start(ALLOW_NODE, { pathed: { command: 'node', args: [MARKER_SERVER, file('allowed-ran')], env } });
    await trustAndStart('pathed');
    expect(view('pathed').refused?.reason).toContain('not with PATH set in its environment');
    expect(existsSync(evil)).toBe(false);
    await service!.dispose();
    await host!.shutdown();

    const named = { allowedServers: [{ ...ALLOW_NODE.allowedServers[0], env: ['PATH'] }] };
    await start(named, { pathed: { command: 'node', args: [MARKER_SERVER, file('allowed-ran')], env } });
    await trustAndStart('pathed');
    await vi.waitFor(() => expect(view('pathed').state.status).toBe('running'), { timeout: 10_000 });
    expect(existsSync(file('allowed-ran'))).toBe(true);
    expect(existsSync(evil)).toBe(false);
  });

  it('a program merely named `node` elsewhere is not the allowed `node`', async () => {
    const evil = file('named-node-ran');
    const node = await lookAlikeNode(evil);
    await start(ALLOW_NODE, { named: { command: node, args: [MARKER_SERVER, file('allowed-ran')] } });
    await trustAndStart('named');
    expect(view('named').refused).toMatchObject({
      rule: 'allowedServers',
      reason: expect.stringContaining(`this one (command ${node}) matches none of them`),
    });
    expect(existsSync(evil)).toBe(false);
  });

  it('an allowed relative script run from a folder the server chose is refused', async () => {
    const evil = file('relative-ran');
    const folder = file('chosen');
    await mkdir(folder);
    await writeFile(
      path.join(folder, 'server.mjs'),
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(evil)}, 'ran');\n`,
    );
    await start(
      { allowedServers: [{ command: 'node', args: ['server.mjs'] }] },
      {
        moved: { command: 'node', args: ['server.mjs'], cwd: folder },
      },
    );
    await trustAndStart('moved');
    expect(view('moved').refused?.reason).toContain(`started in ${folder}`);
    expect(existsSync(evil)).toBe(false);
  });
});

describe('item 2: a deny rule for a registry entry catches its package however it was added', () => {
  /** A program named `npx` that leaves `marker` behind. */
  async function lookAlikeNpx(marker: string): Promise<string> {
    const dir = file('runner');
    await mkdir(dir, { recursive: true });
    const npx = path.join(dir, 'npx');
    await writeFile(npx, `#!/bin/sh\necho "$@" >> '${marker}'\n`);
    await chmod(npx, 0o755);
    return npx;
  }

  it('its npm package run by hand, by a link or by an import is refused; another package is not', async () => {
    const marker = file('npx-ran');
    const npx = await lookAlikeNpx(marker);
    await start(
      { registryUrl: registry.url, deniedServers: [{ registry: 'io.github.acme/tool' }] },
      {
        byHand: { command: npx, args: ['-y', '@acme/tool@2.0.0'] },
        other: { command: npx, args: ['-y', '@acme/other@1.0.0'] },
      },
    );
    await trustAndStart('byHand');
    expect(view('byHand').refused).toEqual({
      rule: 'deniedServers[0] {"registry":"io.github.acme/tool"}',
      reason:
        'your organization\'s policy denies the registry server io.github.acme/tool, and this server runs its npm package @acme/tool (written "@acme/tool@2.0.0")',
    });
    expect(view('other').refused).toBeUndefined();
    const link = `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'linked', command: 'npx', args: ['--package=@ACME/tool', 'acme'] }))}`;
    const preview = await service!.previewLink({ link, from: null });
    expect(preview.ok && preview.servers[0]?.refused?.rule).toBe(
      'deniedServers[0] {"registry":"io.github.acme/tool"}',
    );
    const other = file('claude.json');
    await writeFile(
      other,
      JSON.stringify({ mcpServers: { imported: { command: 'npx', args: ['-y', '@acme/tool'] } } }),
    );
    expect((await service!.previewImport('cursor', other)).servers[0]?.refused).toBeDefined();
    expect(existsSync(marker)).toBe(false);
    // The registry was asked once for the entry's packages, for every judgment since.
    expect(registry.requests.filter((r) => r.startsWith('/v0.1/servers?'))).toHaveLength(1);
  });

  it('a registry that cannot be read refuses launches through a package runner under the rule, and only them', async () => {
    const marker = file('npx-ran');
    const npx = await lookAlikeNpx(marker);
    const gone = registry.url;
    await registry.close();
    registry = await startRegistryFixture({ catalog: [] });
    await start(
      { registryUrl: gone, deniedServers: [{ registry: 'io.github.acme/*' }] },
      {
        runner: { command: npx, args: ['-y', 'anything@1.0.0'] },
        plain: { command: process.execPath, args: [MARKER_SERVER, file('plain-ran')] },
      },
    );
    await trustAndStart('runner');
    expect(view('runner').refused?.reason).toMatch(
      new RegExp(
        `which packages that is could not be read from ${gone.replace(/[.]/g, '\\.')} \\(.+\\): until it can, servers that run a package runner \\(npx\\) are refused`,
      ),
    );
    expect(existsSync(marker)).toBe(false);
    await trustAndStart('plain');
    await vi.waitFor(() => expect(view('plain').state.status).toBe('running'), { timeout: 10_000 });
  });
});

describe('a policy that cannot judge a server refuses it', () => {
  it('says why, names the policy file, and records nothing it was not told', async () => {
    const parsed = parsePolicy({ registryOnly: true });
    if (!parsed.ok) throw new Error(parsed.error);
    const recorded: unknown[] = [];
    const gate = new PolicyGate({
      policy: () => ({ kind: 'active', path: '/etc/switchboard/policy.json', policy: parsed.policy }),
      installs: {
        originOf: () => Promise.reject(new Error('the installed servers file cannot be read')),
      },
      record: (entry) => recorded.push(entry),
    });
    const config = parseConfig({ mcpServers: { s: { command: 'node' } } }).servers[0]!;
    expect(await gate.judge(config)).toEqual({
      refusal: {
        rule: '/etc/switchboard/policy.json',
        reason:
          "Switchboard could not judge this server under your organization's policy (the installed servers file cannot be read)",
      },
    });
    expect(await gate.atStart(config)).toMatchObject({ refusal: { rule: '/etc/switchboard/policy.json' } });
    expect(recorded).toEqual([
      expect.objectContaining({ kind: 'policy-refusal', server: 's', when: 'start' }),
    ]);
  });
});
