import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { processAlive } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';

// The managed policy in a real host: a refused server is never spawned nor connected to, its card
// says why, and an edit to the file stops or starts servers while the host runs.
const MARKER_SERVER = path.join(__dirname, '../../../e2e/fixtures/stdio/marker-server.mjs');
let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-policy-',
  (dir) => {
    home = dir;
    host = undefined;
  },
  () => host?.shutdown() ?? Promise.resolve(),
);
const policyFile = () => path.join(home, 'policy', 'policy.json');
const writePolicy = async (policy: unknown) => {
  await mkdir(path.dirname(policyFile()), { recursive: true });
  await writeFile(policyFile(), typeof policy === 'string' ? policy : JSON.stringify(policy));
};
const view = (id: string) => host!.registry.views().find((v) => v.id === id)!;
const settle = () => new Promise((r) => setTimeout(r, 600));
const until = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

describe('managed policy', () => {
  it('never spawns a server denied by command; an edit allowing it starts it, one denying it stops it', async () => {
    const denyMarker = { deniedServers: [{ command: process.execPath, args: [MARKER_SERVER] }] };
    await writePolicy(denyMarker);
    host = await Host.create({ home, policyFile: policyFile() });
    const marker = path.join(home, 'spawned');
    await host.registry.upsert('marker', { command: process.execPath, args: [MARKER_SERVER, marker] });
    expect(view('marker').refused).toMatchObject({ rule: expect.stringContaining('deniedServers[0]') });
    expect(view('marker').refused!.reason).toContain("your organization's policy denies the command");
    // The person trusts it: remembered, but nothing runs.
    await trustAsShown(host.registry, 'marker');
    await expect(host.registry.restart('marker')).rejects.toThrow(
      /^marker does not start\. Refused: your organization's policy denies/,
    );
    await host.start();
    await settle();
    expect(existsSync(marker)).toBe(false);
    expect(view('marker').state.status).toBe('stopped');

    await writePolicy({ deniedServers: [] });
    await until(() => expect(view('marker').state.status).toBe('running'));
    expect(view('marker').refused).toBeUndefined();
    const pid = Number((await readFile(marker, 'utf8')).trim());
    expect(await processAlive(pid)).toBe(true);

    await writePolicy(denyMarker);
    await until(() => expect(view('marker').refused).toBeDefined());
    await until(async () => expect(await processAlive(pid)).toBe(false));
    expect(view('marker').state.status).toBe('stopped');
  });

  it('never connects to a denied address written as IPv6 (second attack run, finding 10)', async () => {
    const fixture = await startHttpFixture((_req, res) => {
      res.writeHead(500).end();
    });
    try {
      const at = new URL(fixture.url);
      await writePolicy({ deniedServers: [{ url: at.origin }] });
      host = await Host.create({ home, policyFile: policyFile() });
      // Node's fetch reaches the IPv4 listener through each of these.
      const urls = {
        mapped: `http://[::ffff:${at.hostname}]:${at.port}${at.pathname}`,
        hex: `http://[::ffff:7f00:1]:${at.port}${at.pathname}`,
      };
      for (const [id, url] of Object.entries(urls)) {
        await host.registry.upsert(id, { url });
        await expect(host.registry.start(id), url).rejects.toThrow(/rule: deniedServers\[0\]/);
      }
      await settle();
      expect(fixture.requests).toEqual([]);
    } finally {
      await host?.shutdown();
      host = undefined;
      await fixture.close();
    }
  });

  it('never connects to a remote server denied by URL', async () => {
    const fixture = await startHttpFixture((_req, res) => {
      res.writeHead(500).end();
    });
    try {
      await writePolicy({ deniedServers: [{ url: new URL(fixture.url).origin }] });
      host = await Host.create({ home, policyFile: policyFile() });
      await host.registry.upsert('remote', { url: fixture.url });
      await host.start();
      await expect(host.registry.start('remote')).rejects.toThrow(/rule: deniedServers\[0\]/);
      await settle();
      expect(fixture.requests).toEqual([]);
      expect(view('remote').refused!.reason).toContain(`servers at ${new URL(fixture.url).origin}`);
    } finally {
      await host?.shutdown();
      host = undefined;
      await fixture.close();
    }
  });

  it('registryOnly: a server the host installed from the registry is allowed; one whose config.json only says so is refused', async () => {
    await writePolicy({ registryOnly: true, registryUrl: 'https://registry.example.com' });
    host = await Host.create({ home, policyFile: policyFile() });
    const origin = (url: string) => ({
      kind: 'registry' as const,
      registryUrl: url,
      name: 'io.github.acme/tool',
      version: '1.0.0',
      choice: 'remotes/0',
    });
    const raw = { url: 'http://127.0.0.1:9/mcp' };
    // What the host's install paths record (installApi, bundleApi, updateApi).
    await host.installs.install('installed', origin('https://registry.example.com'), raw);
    await host.installs.install('elsewhere', origin('https://other.example.com'), raw);
    const claimed = {
      ...raw,
      registry: {
        url: 'https://registry.example.com',
        name: 'io.github.acme/tool',
        version: '1.0.0',
        choice: 'remotes/0',
      },
    };
    await host.registry.upsertMany({ installed: raw, elsewhere: raw, typed: raw, claimed });
    expect(view('installed').refused).toBeUndefined();
    expect(view('elsewhere').refused!.rule).toBe('registryUrl "https://registry.example.com"');
    for (const id of ['typed', 'claimed'])
      expect(view(id).refused).toMatchObject({
        rule: 'registryOnly true',
        reason: expect.stringContaining(
          'this one was added by hand, imported, or changed since it was installed',
        ),
      });
  });

  it('an invalid file refuses every server with the reason; deleting it is no policy', async () => {
    await writePolicy('{ "deniedServers": [ ');
    host = await Host.create({ home, policyFile: policyFile() });
    const marker = path.join(home, 'spawned');
    await host.registry.upsert('marker', { command: process.execPath, args: [MARKER_SERVER, marker] });
    await trustAsShown(host.registry, 'marker');
    const refused = view('marker').refused!;
    expect(refused.rule).toBe(policyFile());
    expect(refused.reason).toContain(`file ${policyFile()} cannot be used (it is not valid JSON`);
    expect(refused.reason).toContain('no server starts');
    await settle();
    expect(existsSync(marker)).toBe(false);

    await rm(policyFile());
    await until(() => expect(view('marker').state.status).toBe('running'));
    expect(view('marker').refused).toBeUndefined();
    expect(existsSync(marker)).toBe(true);
  });
});
