// The managed policy said before a server is added — in the edit form, an import, an install link's
// preview — in the words its card will use, and a refused server is neither offered to trust nor
// started by signing out. Through the public host API (HostService), a real host and policy file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';
import { switchboardInstallLink } from '../install/links/switchboardLink';

const DENIED_ORIGIN = 'http://127.0.0.1:9';
let home: string;
let host: Host | undefined;
let service: HostService | undefined;
const configFile = async () => JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8'));

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-policy-previews-'));
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
  const policyFile = path.join(home, 'policy.json');
  await writeFile(
    policyFile,
    JSON.stringify({ deniedServers: [{ command: 'npx' }, { url: DENIED_ORIGIN }] }),
  );
  host = await Host.create({
    home,
    policyFile,
    restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 },
  });
  service = hostService(host, {});
});
afterEach(async () => {
  service?.dispose();
  await host?.shutdown();
  host = service = undefined;
  await rm(home, { recursive: true, force: true });
});

it('the edit form: a denied command is said before saving, an allowed one is not', async () => {
  const npx = { kind: 'stdio' as const, command: 'npx', args: ['-y', 'some-server'], env: {} };
  expect(await service!.draftRefusal('memory', npx, null)).toEqual({
    rule: 'deniedServers[0] {"command":"npx"}',
    reason: expect.stringContaining("your organization's policy denies the command"),
  });
  const node = { ...npx, command: process.execPath };
  expect(await service!.draftRefusal('memory', node, null)).toBeNull();
  const remote = { kind: 'remote' as const, url: `${DENIED_ORIGIN}/mcp`, type: 'auto' as const, headers: {} };
  expect((await service!.draftRefusal('far', remote, null))?.rule).toBe(
    `deniedServers[1] {"url":"${DENIED_ORIGIN}"}`,
  );
});

it('an install link with several servers: each says whether the policy refuses it; confirmed, all are written at once', async () => {
  const link = switchboardInstallLink({
    servers: {
      viaNpx: { command: 'npx', args: ['-y', 'some-server'] },
      viaNode: { command: process.execPath, args: ['server.mjs'] },
    },
  });
  const preview = await service!.previewLink({ link, from: null });
  if (!preview.ok) throw new Error(preview.error);
  const byName = Object.fromEntries(preview.servers.map((s) => [s.name, s]));
  expect(byName.viaNpx!.refused?.rule).toBe('deniedServers[0] {"command":"npx"}');
  expect(byName.viaNode!.refused).toBeUndefined();

  // A server of one of the names appears meanwhile: nothing of the link is written.
  await host!.registry.upsert('viaNode', { command: process.execPath, args: ['other.mjs'] });
  await expect(service!.confirmLink(preview.planId, { values: {}, secret: {} })).rejects.toThrow(
    'A server named "viaNode" exists already',
  );
  expect(Object.keys((await configFile()).mcpServers)).toEqual(['viaNode']);

  await service!.removeServer('viaNode');
  const again = await service!.previewLink({ link, from: null });
  if (!again.ok) throw new Error(again.error);
  expect((await service!.confirmLink(again.planId, { values: {}, secret: {} })).servers).toEqual([
    'viaNpx',
    'viaNode',
  ]);
  expect(Object.keys((await configFile()).mcpServers).sort()).toEqual(['viaNode', 'viaNpx']);
  const views = await service!.listServers();
  const npxView = views.find((v) => v.id === 'viaNpx')!;
  // Refused: the card says so, and offers no trust for a launch that could not run.
  expect(npxView.refused?.rule).toBe('deniedServers[0] {"command":"npx"}');
  expect(npxView.trustRequired).toBeUndefined();
  expect(views.find((v) => v.id === 'viaNode')!.trustRequired).toBeDefined();
});

it('an import preview says which servers the policy refuses', async () => {
  const file = path.join(home, 'claude_desktop_config.json');
  await writeFile(
    file,
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
        local: { command: process.execPath, args: ['server.mjs'] },
      },
    }),
  );
  const preview = await service!.previewImport('claude-desktop', file);
  const byName = Object.fromEntries(preview.servers.map((s) => [s.name, s]));
  expect(byName.memory!.refused?.reason).toContain("your organization's policy denies the command");
  expect(byName.local!.refused).toBeUndefined();
});

it('signing out of a refused remote server forgets its sign-in without connecting to it', async () => {
  const fixture = await startHttpFixture((_req, res) => {
    res.writeHead(500).end();
  });
  try {
    const policyFile = path.join(home, 'policy.json');
    await writeFile(policyFile, JSON.stringify({ deniedServers: [{ url: new URL(fixture.url).origin }] }));
    service!.dispose();
    await host!.shutdown();
    host = await Host.create({ home, policyFile });
    service = hostService(host, {});
    await host.registry.upsert('far', { url: fixture.url });
    await host.start();
    expect((await service.listServers()).find((v) => v.id === 'far')!.refused).toBeDefined();
    await service.signOut('far');
    await new Promise((r) => setTimeout(r, 500));
    expect(fixture.requests).toEqual([]);
    expect((await service.listServers()).find((v) => v.id === 'far')!.state.status).toBe('stopped');
  } finally {
    await fixture.close();
  }
});
