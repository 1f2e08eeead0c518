// Updates of registry servers through the public host API (HostService), against the fixture registry
// over HTTP: a newer version published after the install is seen (asked at most once per interval),
// previewed as the launch before and after, and written with what was chosen and the stored secret
// kept. Nothing runs here: the changed command waits for the trust prompt.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFixture, startRegistryFixture } from '../../../e2e/fixtures/registry/registryFixture';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';
import { readOrigin } from '../install/registry';

const TOKEN = 'update-token-canary-81fa';
const NAME = 'io.github.fixture/memory';
const memoryAt = (
  version: string,
  pkg: string,
  more: Record<string, unknown>[] = [],
  registryType = 'npm',
) => ({
  name: NAME,
  description: 'A knowledge graph kept in a file',
  version,
  packages: [
    {
      registryType,
      identifier: registryType === 'npm' ? '@modelcontextprotocol/server-memory' : 'mcp-server-memory',
      version: pkg,
      transport: { type: 'stdio' },
      environmentVariables: [
        { name: 'MEMORY_TOKEN', isSecret: true, isRequired: true },
        { name: 'MEMORY_FILE_PATH', format: 'filepath', default: '/tmp/memory.json' },
        ...more,
      ],
    },
  ],
});

let home: string;
let host: Host | undefined;
let service: HostService | undefined;
let registry: RegistryFixture;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-update-'));
  registry = await startRegistryFixture({ extra: [memoryAt('1.0.0', '2026.7.4')] });
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({ mcpServers: { byHand: { command: 'node', args: ['server.js'] } } }),
  );
  await writeFile(path.join(home, 'settings.json'), JSON.stringify({ registryUrl: registry.url }));
  host = await Host.create({ home, restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 } });
  service = hostService(host, {});
  const prepared = await service.prepareInstall({
    entry: NAME,
    choice: 'packages/0',
    values: {
      'packages/0/environmentVariables/0': TOKEN,
      'packages/0/environmentVariables/1': '/data/graph.jsonl',
    },
    name: 'memory',
  });
  if (!prepared.ok) throw new Error(JSON.stringify(prepared));
  await service.confirmInstall(prepared.planId);
});
afterEach(async () => {
  service?.dispose();
  await host?.shutdown();
  host = service = undefined;
  await registry.close();
  await rm(home, { recursive: true, force: true });
});

const latestAsked = () => registry.requests.filter((r) => r.endsWith('/versions/latest')).length;
const config = async () => JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8')).mcpServers;

describe('update available', () => {
  it('is seen once the registry publishes a newer version, asked at most once per interval; quietly unknown when the registry cannot be reached', async () => {
    expect(await service!.checkServerUpdate('byHand')).toEqual({ state: 'none' });
    registry.publish(memoryAt('1.1.0', '2026.8.31'));
    const before = latestAsked();
    expect(await service!.checkServerUpdate('memory')).toEqual({
      state: 'available',
      from: '1.0.0',
      to: '1.1.0',
      entry: NAME,
    });
    // Every card and page in the next seconds shares that answer.
    await Promise.all([service!.checkServerUpdate('memory'), service!.checkServerUpdate('memory')]);
    expect(latestAsked() - before).toBe(1);

    // A server whose registry is gone: "could not check", never an error.
    const gone = await startRegistryFixture({ extra: [memoryAt('1.0.0', '2026.7.4')] });
    const raw = (await config()).memory;
    await host!.installs.install(
      'elsewhere',
      { kind: 'registry', ...readOrigin(raw)!, registryUrl: gone.url },
      raw,
    );
    await gone.close();
    await host!.registry.upsert('elsewhere', raw);
    const unknown = await service!.checkServerUpdate('elsewhere');
    expect(unknown).toMatchObject({ state: 'unknown', version: '1.0.0' });
    expect(unknown.state === 'unknown' && unknown.reason).toContain(gone.url);
  });

  it('issue 47: a server whose config.json alone says it came from a registry takes no update from there', async () => {
    const raw = (await config()).memory;
    const hostile = await startRegistryFixture({ extra: [memoryAt('1.0.0', '2026.7.4')] });
    try {
      hostile.publish(memoryAt('9.0.0', '9.9.9'));
      await host!.registry.upsert('claimed', { ...raw, registry: { ...raw.registry, url: hostile.url } });
      const check = await service!.checkServerUpdate('claimed');
      expect(check).toMatchObject({
        state: 'unknown',
        reason: expect.stringContaining('no record of installing it'),
      });
      await expect(service!.prepareUpdate({ server: 'claimed', values: {} })).rejects.toThrow(
        'was not installed from a registry by Switchboard',
      );
      expect(hostile.requests).toEqual([]);
    } finally {
      await hostile.close();
    }
  });

  it('previews the launch before and after, keeps what was chosen and the stored secret, and writes the new pinned version', async () => {
    registry.publish(
      memoryAt('1.1.0', '2026.8.31', [{ name: 'MEMORY_LOG', default: 'info', description: 'Log level' }]),
    );
    const prepared = await service!.prepareUpdate({ server: 'memory', values: {} });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    expect(prepared).toMatchObject({ server: 'memory', entry: NAME, from: '1.0.0', to: '1.1.0' });
    expect(prepared.before).toEqual({
      kind: 'stdio',
      launch: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory@2026.7.4'],
        env: [
          { name: 'MEMORY_FILE_PATH', value: '/data/graph.jsonl' },
          { name: 'MEMORY_TOKEN', secret: true },
        ],
        sandbox: {},
      },
    });
    expect(prepared.after).toEqual({
      kind: 'stdio',
      launch: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
        env: [
          { name: 'MEMORY_FILE_PATH', value: '/data/graph.jsonl' },
          { name: 'MEMORY_LOG', value: 'info' },
          { name: 'MEMORY_TOKEN', secret: true },
        ],
        // The sandbox is the person's: an update keeps it.
        sandbox: {},
      },
    });
    expect(prepared.kept.sort()).toEqual(['MEMORY_FILE_PATH', 'MEMORY_TOKEN']);
    expect(prepared.secrets).toEqual([]);
    expect(JSON.stringify(prepared)).not.toContain(TOKEN);
    expect((await config()).memory.registry.version).toBe('1.0.0');

    expect(await service!.confirmUpdate(prepared.planId)).toEqual({ server: 'memory', version: '1.1.0' });
    const written = (await config()).memory;
    expect(written.args).toEqual(['-y', '@modelcontextprotocol/server-memory@2026.8.31']);
    expect(written.registry).toMatchObject({ url: registry.url, name: NAME, version: '1.1.0' });
    // The host's own record follows: the new version, and the launch it built now.
    expect(await host!.installs.registryOriginOf('memory')).toMatchObject({ name: NAME, version: '1.1.0' });
    expect(await host!.installs.originOf(host!.registry.configOf('memory')!)).toMatchObject({
      kind: 'registry',
      version: '1.1.0',
    });
    expect(written.env.MEMORY_FILE_PATH).toBe('/data/graph.jsonl');
    expect(written.sandboxEnabled).toBe(true);
    expect(JSON.stringify(written)).not.toContain(TOKEN);
    expect(await host!.secrets.get(written.env.MEMORY_TOKEN.$secret)).toBe(TOKEN);
    // A changed command runs only after the trust prompt, as any edit.
    const view = (await service!.listServers()).find((s) => s.id === 'memory')!;
    expect(view.trustRequired?.args).toContain('@modelcontextprotocol/server-memory@2026.8.31');
    expect(await service!.checkServerUpdate('memory')).toEqual({ state: 'current', version: '1.1.0' });
    await expect(service!.confirmUpdate(prepared.planId)).rejects.toThrow('expired');
    await expect(service!.prepareUpdate({ server: 'memory', values: {} })).rejects.toThrow(
      'there is no update to take',
    );
  });

  it("the preview says when the organization's policy would refuse the new version's launch", async () => {
    service?.dispose();
    await host?.shutdown();
    const policyFile = path.join(home, 'policy.json');
    const next = '@modelcontextprotocol/server-memory@2026.8.31';
    await writeFile(policyFile, JSON.stringify({ deniedServers: [{ command: 'npx', args: ['-y', next] }] }));
    host = await Host.create({
      home,
      policyFile,
      restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
    });
    service = hostService(host, {});
    registry.publish(memoryAt('1.1.0', '2026.8.31'));
    const prepared = await service.prepareUpdate({ server: 'memory', values: {} });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    expect(prepared.refused).toMatchObject({
      rule: expect.stringContaining('deniedServers[0]'),
      reason: expect.stringContaining(next),
    });
  });

  it('asks again for what the new version needs: a new required value, and a secret that would go to another program', async () => {
    registry.publish(
      memoryAt('2.0.0', '1.0.0', [{ name: 'MEMORY_REGION', isRequired: true, description: 'Where' }], 'pypi'),
    );
    const first = await service!.prepareUpdate({ server: 'memory', values: {} });
    if (first.ok) throw new Error('expected questions');
    expect(first.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'packages/0/environmentVariables/2' }),
        // The token was given to npx; the new version runs uvx: it does not follow.
      ]),
    );
    expect(first.kept).toContain('packages/0/environmentVariables/1');
    expect(first.fields.map((f) => f.label)).toEqual(['MEMORY_TOKEN', 'MEMORY_FILE_PATH', 'MEMORY_REGION']);
    const second = await service!.prepareUpdate({
      server: 'memory',
      values: { 'packages/0/environmentVariables/2': 'eu' },
    });
    if (second.ok) throw new Error('expected the secret asked again');
    expect(second.problems).toEqual([
      {
        field: 'packages/0/environmentVariables/0',
        message: expect.stringMatching(/was for npx.*runs uvx.*enter it again/),
      },
    ]);
    const third = await service!.prepareUpdate({
      server: 'memory',
      values: { 'packages/0/environmentVariables/2': 'eu', 'packages/0/environmentVariables/0': 'new-token' },
    });
    if (!third.ok) throw new Error(JSON.stringify(third));
    expect(third.after).toMatchObject({
      kind: 'stdio',
      launch: { command: 'uvx', args: ['mcp-server-memory==1.0.0'] },
    });
    expect(third.secrets).toEqual(['memory/env/MEMORY_TOKEN@uvx']);
    await service!.confirmUpdate(third.planId);
    expect(await host!.secrets.get('memory/env/MEMORY_TOKEN@uvx')).toBe('new-token');
    // The secret stored for npx is gone with the launch that used it.
    expect(await host!.secrets.values()).not.toContain(TOKEN);
  });
});
