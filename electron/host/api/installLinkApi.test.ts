// Install links through the public host API (HostService): the preview says whose link it is and what
// each server runs; nothing is written until confirmed, and then as a hand-added server would be.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { b64, vscode } from '../../../e2e/fixtures/installLinkTestkit';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';

const KEY = 'sk-live-link-canary-77a1';
let home: string;
let host: Host | undefined;
let service: HostService | undefined;
const configFile = () => readFile(path.join(home, 'config.json'), 'utf8');

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-links-'));
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
  host = await Host.create({ home, restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 } });
  service = hostService(host, {});
});
afterEach(async () => {
  service?.dispose();
  await host?.shutdown();
  host = service = undefined;
  await rm(home, { recursive: true, force: true });
});

const cursor = (name: string, entry: unknown) =>
  `cursor://anysphere.cursor-deeplink/mcp/install?name=${name}&config=${encodeURIComponent(b64(entry))}`;

it('a Cursor link: previewed exactly, written only on confirm, its key to the secret store, then trusted', async () => {
  const before = await configFile();
  const link = cursor('weather', {
    command: 'npx',
    args: ['-y', 'weather-mcp'],
    env: { API_KEY: KEY, CITY: '<YOUR_CITY>' },
  });
  const preview = await service!.previewLink({ link, from: 'pasted' });
  if (!preview.ok) throw new Error(preview.error);
  expect(preview).toMatchObject({ app: 'Cursor', from: 'pasted' });
  expect(preview.registry).toBeUndefined();
  expect(preview.servers[0]).toMatchObject({
    name: 'weather',
    kind: 'stdio',
    command: 'npx',
    args: ['-y', 'weather-mcp'],
    exists: false,
    values: [
      { name: 'API_KEY', value: KEY, secretLooking: true, needsValue: false },
      { name: 'CITY', value: '<YOUR_CITY>', needsValue: true },
    ],
  });
  expect(await configFile()).toBe(before);

  await expect(service!.confirmLink(preview.planId, { values: {}, secret: {} })).rejects.toThrow(
    'CITY needs a value',
  );
  expect(await configFile()).toBe(before);
  expect(
    await service!.confirmLink(preview.planId, {
      values: { weather: { CITY: 'Oslo' } },
      secret: { weather: ['API_KEY'] },
    }),
  ).toEqual({ servers: ['weather'] });
  const file = await configFile();
  expect(file).not.toContain(KEY);
  // What a link adds starts sandboxed (issue 48): shown so in the trust prompt.
  expect(JSON.parse(file).mcpServers.weather).toMatchObject({
    command: 'npx',
    env: { CITY: 'Oslo' },
    sandboxEnabled: true,
  });
  expect(await host!.secrets.values()).toContain(KEY);
  const view = (await service!.listServers()).find((s) => s.id === 'weather')!;
  expect(view.trustRequired).toMatchObject({ command: 'npx', sandbox: {} });
  await expect(service!.confirmLink(preview.planId, { values: {}, secret: {} })).rejects.toThrow('expired');
});

it("a link's sandbox: widened in the review step, or run with the person's rights; the link itself cannot turn it off", async () => {
  const link = (name: string) =>
    cursor(name, {
      command: 'npx',
      args: ['-y', 'weather-mcp'],
      sandboxEnabled: false,
      sandbox: { network: { allowedDomains: ['*'] } },
    });
  const widened = await service!.previewLink({ link: link('wide'), from: null });
  const unconfined = await service!.previewLink({ link: link('open'), from: null });
  if (!widened.ok || !unconfined.ok) throw new Error('not read');
  await service!.confirmLink(widened.planId, {
    values: {},
    secret: {},
    sandbox: { wide: { enabled: true, allowedDomains: ['api.weather.example'], allowWrite: ['~/weather'] } },
  });
  await service!.confirmLink(unconfined.planId, {
    values: {},
    secret: {},
    sandbox: { open: { enabled: false } },
  });
  const servers = JSON.parse(await configFile()).mcpServers;
  expect(servers.wide).toMatchObject({
    sandboxEnabled: true,
    sandbox: {
      network: { allowedDomains: ['api.weather.example'] },
      filesystem: { allowWrite: ['~/weather'] },
    },
  });
  expect(servers.open.sandboxEnabled).toBe(false);
  expect(servers.open.sandbox).toBeUndefined();
});

it('a VS Code link to a remote server is added without a trust prompt, like a hand-added remote', async () => {
  const preview = await service!.previewLink({
    link: vscode({ name: 'echo', type: 'http', url: 'http://127.0.0.1:9/mcp' }),
    from: null,
  });
  if (!preview.ok) throw new Error(preview.error);
  expect(preview.app).toBe('VS Code');
  expect(preview.servers[0]).toMatchObject({ kind: 'remote', url: 'http://127.0.0.1:9/mcp' });
  await service!.confirmLink(preview.planId, { values: {}, secret: {} });
  const view = (await service!.listServers()).find((s) => s.id === 'echo')!;
  expect(view.trustRequired).toBeUndefined();
});

it('a refused link returns the library error as is; a registry link names the entry to open', async () => {
  expect(await service!.previewLink({ link: 'javascript:alert(1)', from: null })).toEqual({
    ok: false,
    error: expect.stringMatching(/^Cannot add from this link: a javascript: URL is never followed/),
  });
  const registry = await service!.previewLink({
    link: 'switchboard://install?registry=io.github.fixture%2Fmemory',
    from: null,
  });
  expect(registry).toMatchObject({
    ok: true,
    app: 'Switchboard',
    servers: [],
    registry: { name: 'io.github.fixture/memory' },
  });
});
