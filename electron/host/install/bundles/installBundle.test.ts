import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { packFixture, selfSignedCert, signBundle } from '../../../../e2e/fixtures/mcpb/bundles';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { McpClient } from '../../../mcp';
import { parseConfig, serverToRaw } from '../../config/serverConfig';
import { Redactor } from '../../logs/redactor';
import { FileSecretStore } from '../../secrets/fileSecretStore';
import { openTransport } from '../../servers/serverLaunch';
import type { BundleRuntime } from './bundleRuntime';
import { bundleOriginOf, bundleServerDraft } from './bundleServerDraft';
import { installBundle, removeBundle, sweepBundles } from './installBundle';

let dir = '';
tempDirPerTest('sb-mcpb-', (d) => {
  dir = d;
});
let built = '';
let unsigned = '';
let signed = '';
beforeAll(async () => {
  // Built once for the file: mcpb pack and sign are real processes.
  built = await mkdtemp(path.join(tmpdir(), 'sb-mcpb-built-'));
  unsigned = await packFixture(built, path.join(built, 'report.mcpb'));
  signed = path.join(built, 'report-signed.mcpb');
  await packFixture(built, signed);
  await signBundle(signed, await selfSignedCert(built));
  return () => rm(built, { recursive: true, force: true });
});

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

const runtime = (extra: Partial<BundleRuntime> = {}): BundleRuntime => ({
  execPath: process.execPath,
  electron: false,
  platform: process.platform,
  home: path.join(dir, 'home'),
  ...extra,
});

describe('installBundle', () => {
  it('installs a bundle packed by mcpb, and its server starts and lists its tools with the resolved launch', async () => {
    const bundlesDir = path.join(dir, 'bundles');
    const bundle = await installBundle({ file: unsigned, bundlesDir, runtime: runtime() });
    expect(bundle.origin).toMatchObject({
      name: 'bundled-report',
      displayName: 'Bundled report',
      version: '1.2.3',
      author: 'Switchboard tests',
      file: unsigned,
      sha256Checked: false,
      signature: { status: 'unsigned' },
    });
    expect(bundle.origin.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(path.dirname(bundle.origin.dir)).toBe(bundlesDir);
    expect(await readdir(bundlesDir)).toEqual([path.basename(bundle.origin.dir)]);
    expect(await readFile(path.join(bundle.origin.dir, 'server/index.mjs'), 'utf8')).toMatch(/report/);

    const home = path.join(dir, 'home');
    expect(bundle.form).toEqual([
      {
        key: 'greeting',
        type: 'string',
        title: 'Greeting',
        description: 'What the server says',
        required: false,
        sensitive: false,
        multiple: false,
        default: 'hello',
      },
      {
        key: 'api_key',
        type: 'string',
        title: 'API key',
        description: 'A secret the server needs',
        required: true,
        sensitive: true,
        multiple: false,
      },
      {
        key: 'folders',
        type: 'directory',
        title: 'Folders',
        description: 'Folders the server may read',
        required: false,
        sensitive: false,
        multiple: true,
        picker: 'folder',
        default: [path.join(home, 'Documents')],
      },
      {
        key: 'limit',
        type: 'number',
        title: 'Limit',
        description: 'How many',
        required: false,
        sensitive: false,
        multiple: false,
        min: 1,
        max: 10,
        default: 5,
      },
      {
        key: 'verbose',
        type: 'boolean',
        title: 'Verbose',
        description: 'Say more',
        required: false,
        sensitive: false,
        multiple: false,
        default: false,
      },
    ]);

    const { server, secrets } = bundleServerDraft(bundle, {
      name: 'report',
      values: { api_key: 'sk-test-0123456789', folders: ['/srv/a', '/srv/b'] },
      runtime: runtime(),
    });
    const script = path.join(bundle.origin.dir, 'server/index.mjs');
    expect(server).toMatchObject({
      name: 'report',
      kind: 'stdio',
      command: process.execPath,
      args: [script, '--greeting', 'hello', '/srv/a', '/srv/b'],
      cwd: bundle.origin.dir,
      env: {
        GREETING: 'hello',
        SERVER_DIR: bundle.origin.dir,
        API_KEY: { $secret: `report/env/API_KEY@${process.execPath}` },
      },
    });
    expect(secrets).toEqual([
      { id: `report/env/API_KEY@${process.execPath}`, value: 'Bearer sk-test-0123456789' },
    ]);
    // What config.json would hold: the reference, never the secret; the draft reads back as itself.
    const raw = serverToRaw(server);
    expect(JSON.stringify(raw)).not.toContain('sk-test');
    const reread = parseConfig({ mcpServers: { report: raw } });
    expect(reread.invalid).toEqual([]);
    expect(bundleOriginOf(reread.servers[0]!.raw, bundlesDir)).toEqual(bundle.origin);

    const store = new FileSecretStore(path.join(dir, 'secrets.json'));
    for (const s of secrets) await store.set(s.id, s.value);
    const transport = await openTransport(reread.servers[0]!, { secrets: store, redactor: new Redactor() });
    const client = await McpClient.connect({ transport, serverName: 'report' });
    open.push(client);
    expect((await client.listTools()).map((t) => t.name)).toEqual(['report']);
    const result = await client.callTool('report', {});
    const report = JSON.parse((result.content[0] as { text: string }).text);
    expect(report).toEqual({
      argv: ['--greeting', 'hello', '/srv/a', '/srv/b'],
      env: {
        GREETING: 'hello',
        API_KEY: 'Bearer sk-test-0123456789',
        ELECTRON_RUN_AS_NODE: null,
        SERVER_DIR: bundle.origin.dir,
      },
      cwd: bundle.origin.dir,
      script,
    });
    await client.close();

    await removeBundle(bundlesDir, bundle.origin.dir);
    expect(await readdir(bundlesDir)).toEqual([]);
  });

  it('runs a Node bundle in Electron with the app binary as Node (ELECTRON_RUN_AS_NODE=1)', async () => {
    const electron = runtime({ electron: true });
    const bundle = await installBundle({
      file: unsigned,
      bundlesDir: path.join(dir, 'b'),
      runtime: electron,
    });
    const { server } = bundleServerDraft(bundle, { name: 'r', values: { api_key: 'k' }, runtime: electron });
    expect(server.command).toBe(process.execPath);
    expect(server.env.ELECTRON_RUN_AS_NODE).toBe('1');
  });

  it('says who signed a self-signed bundle, and checks the registry SHA-256', async () => {
    const sha = createHash('sha256')
      .update(await readFile(signed))
      .digest('hex');
    const bundle = await installBundle({
      file: signed,
      bundlesDir: path.join(dir, 'bundles'),
      expectedSha256: sha.toUpperCase(),
      runtime: runtime(),
    });
    expect(bundle.origin.sha256).toBe(sha);
    expect(bundle.origin.sha256Checked).toBe(true);
    expect(bundle.origin.signature).toMatchObject({
      status: 'self-signed',
      publisher: 'MCPB Self-Signed Certificate',
      issuer: 'MCPB Self-Signed Certificate',
    });
    if (bundle.origin.signature.status !== 'unsigned')
      expect(bundle.origin.signature.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('removes only bundle folders: never one a config file names elsewhere', async () => {
    const bundlesDir = path.join(dir, 'bundles');
    const bundle = await installBundle({ file: unsigned, bundlesDir, runtime: runtime() });
    const elsewhere = path.join(dir, 'precious');
    await mkdir(elsewhere);
    for (const target of [
      elsewhere,
      bundlesDir,
      path.join(bundlesDir, '..'),
      path.join(bundle.origin.dir, 'server'),
    ])
      await expect(removeBundle(bundlesDir, target)).rejects.toMatchObject({ problem: 'unreadable' });
    expect(existsSync(elsewhere)).toBe(true);
    expect(existsSync(path.join(bundle.origin.dir, 'server/index.mjs'))).toBe(true);
    // A record in config.json naming another folder is no bundle's.
    expect(bundleOriginOf({ bundle: { ...bundle.origin, dir: elsewhere } }, bundlesDir)).toBeUndefined();
    expect(bundleOriginOf({ bundle: { name: 'x' } }, bundlesDir)).toBeUndefined();
    expect(bundleOriginOf({}, bundlesDir)).toBeUndefined();
  });

  it('sweeps interrupted installs and bundles no server uses, keeping those in use', async () => {
    const bundlesDir = path.join(dir, 'bundles');
    const used = await installBundle({ file: unsigned, bundlesDir, runtime: runtime() });
    const unused = await installBundle({ file: unsigned, bundlesDir, runtime: runtime() });
    expect(used.origin.dir).not.toBe(unused.origin.dir);
    await mkdir(path.join(bundlesDir, '.installing-abc123'));
    const removed = await sweepBundles(bundlesDir, [used.origin.dir]);
    expect(removed.sort()).toEqual(['.installing-abc123', path.basename(unused.origin.dir)].sort());
    expect(await readdir(bundlesDir)).toEqual([path.basename(used.origin.dir)]);
  });
});
