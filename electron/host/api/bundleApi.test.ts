// biome-ignore-all lint/suspicious/noTemplateCurlyInString: a manifest's ${user_config.KEY} placeholders, as the page shows them
// Bundles through the public host API (HostService), as the page reaches it: a .mcpb packed and signed
// in the test with the official mcpb CLI, uploaded in pieces, previewed, filled in, confirmed, trusted,
// run with its tool called, removed with its folder; a tampered one refused with nothing on disk.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packFixture, selfSignedCert, signBundle } from '../../../e2e/fixtures/mcpb/bundles';
import { BUNDLE_CHUNK_BYTES } from '../../../shared/ipc/bundleContract';
import { readActivity } from '../activity/activityReader';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';

const SECRET = 'sk-bundle-canary-7c41';
let built = '';
let signed = '';
let tampered = '';
beforeAll(async () => {
  built = await mkdtemp(path.join(tmpdir(), 'sb-bundle-api-built-'));
  signed = await packFixture(built, path.join(built, 'report.mcpb'));
  await signBundle(signed, await selfSignedCert(built));
  // One byte of the archive changed after signing: the signature no longer holds.
  const bytes = await readFile(signed);
  bytes[200] = bytes[200]! ^ 0xff;
  tampered = path.join(built, 'tampered.mcpb');
  await writeFile(tampered, bytes);
});
afterAll(() => rm(built, { recursive: true, force: true }));

let home: string;
let host: Host | undefined;
let service: HostService | undefined;
const bundlesDir = () => path.join(home, 'bundles');
const boot = async () => {
  host = await Host.create({ home, restart: { baseDelayMs: 10, maxTries: 0, stableAfterMs: 60_000 } });
  service = hostService(host, {});
};
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-bundle-api-'));
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
  await boot();
});
afterEach(async () => {
  service?.dispose();
  await host?.shutdown();
  host = service = undefined;
  await rm(home, { recursive: true, force: true });
});

/** Sends `file` as the page does: announced, then in pieces, then opened. */
async function upload(file: string, chunk = BUNDLE_CHUNK_BYTES) {
  const bytes = await readFile(file);
  const { uploadId } = await service!.startBundleUpload({
    fileName: path.basename(file),
    size: bytes.length,
  });
  for (let at = 0; at < bytes.length; at += chunk)
    await service!.sendBundleChunk(uploadId, at, bytes.subarray(at, at + chunk).toString('base64'));
  return service!.openUploadedBundle(uploadId);
}

describe('bundles through the host API', () => {
  it('uploads, previews, fills, confirms, runs after trust, and removes a signed bundle with its folder', async () => {
    const opened = await upload(signed, 4096);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened).toMatchObject({
      name: 'bundled-report',
      displayName: 'Bundled report',
      version: '1.2.3',
      author: 'Switchboard tests',
      source: { kind: 'file', file: 'report.mcpb' },
      sha256Checked: false,
      signature: { status: 'self-signed', publisher: 'MCPB Self-Signed Certificate' },
      suggestedName: 'bundled-report',
    });
    expect(opened.form.map((f) => [f.key, f.type, f.sensitive])).toEqual([
      ['greeting', 'string', false],
      ['api_key', 'string', true],
      ['folders', 'directory', false],
      ['limit', 'number', false],
      ['verbose', 'boolean', false],
    ]);
    // What it runs, before the form is filled: the settings as the manifest names them, the sensitive
    // one too (nothing is stored yet, so nothing is "a stored secret").
    expect(opened.template).toMatchObject({
      command: process.execPath,
      args: [
        expect.stringMatching(/server\/index\.mjs$/),
        '--greeting',
        '${user_config.greeting}',
        '${user_config.folders}',
      ],
    });
    expect(opened.template?.env).toContainEqual({ name: 'API_KEY', value: 'Bearer ${user_config.api_key}' });
    expect(opened.template?.env.some((e) => 'secret' in e)).toBe(false);
    // Unpacked, not yet a server: nothing in config.json, nothing pending trust.
    expect(await readdir(bundlesDir())).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8')).mcpServers).toEqual({});

    const missing = await service!.prepareBundleServer({ planId: opened.planId, name: 'report', values: {} });
    expect(missing).toEqual({ ok: false, problems: [{ field: 'api_key', message: 'is required' }] });
    const folder = path.join(home, 'shared');
    await mkdir(folder);
    const review = await service!.prepareBundleServer({
      planId: opened.planId,
      name: 'report',
      values: { api_key: SECRET, folders: [folder], limit: '3', verbose: true },
    });
    if (!review.ok) throw new Error(JSON.stringify(review.problems));
    expect(review.launch.args.slice(1)).toEqual(['--greeting', 'hello', folder]);
    expect(review.launch.env).toContainEqual({ name: 'API_KEY', secret: true });
    expect(JSON.stringify(review)).not.toContain(SECRET);

    expect(await service!.confirmBundleServer(opened.planId)).toEqual({ server: 'report' });
    // A bundle starts sandboxed (issue 48).
    expect(host!.registry.configOf('report')).toMatchObject({ sandboxEnabled: true });
    // The activity record: installed from a bundle, which one, and how it was signed.
    await host!.activity.flush();
    expect(
      (await readActivity(path.join(home, 'activity'))).entries.filter((e) => e.kind === 'server'),
    ).toEqual([
      expect.objectContaining({
        server: 'report',
        change: 'added',
        via: 'bundle',
        detail: 'bundled-report@1.2.3, self-signed',
      }),
    ]);
    const configText = await readFile(path.join(home, 'config.json'), 'utf8');
    expect(configText).not.toContain(SECRET);
    const entry = JSON.parse(configText).mcpServers.report;
    expect(entry.bundle).toMatchObject({
      name: 'bundled-report',
      file: 'report.mcpb',
      signature: { status: 'self-signed' },
    });
    expect(path.dirname(entry.bundle.dir)).toBe(bundlesDir());
    expect(await host!.secrets.get(entry.env.API_KEY.$secret)).toBe(`Bearer ${SECRET}`);
    await expect(service!.confirmBundleServer(opened.planId)).rejects.toThrow('expired or was added already');

    // It does not run until trusted: then it starts and its tool reports what it was given.
    const request = host!.registry.pendingTrust('report');
    expect(request?.command).toBe(process.execPath);
    await host!.registry.trust('report', request!.identity);
    await expect.poll(() => host!.registry.get('report')?.state.status, { timeout: 15_000 }).toBe('running');
    const result = await host!.registry.session('report').callTool('report', {});
    const report = JSON.parse((result.content[0] as { text: string }).text);
    expect(report.env.API_KEY).toBe(`Bearer ${SECRET}`);
    expect(report.argv).toEqual(['--greeting', 'hello', folder]);

    await service!.removeServer('report');
    expect(existsSync(entry.bundle.dir)).toBe(false);
    expect(await readdir(bundlesDir())).toEqual([]);
  });

  it("the review says the organization's policy would refuse what the bundle runs, as the written server will be judged", async () => {
    service?.dispose();
    await host?.shutdown();
    const policyFile = path.join(home, 'policy.json');
    await writeFile(policyFile, JSON.stringify({ deniedServers: [{ command: process.execPath }] }));
    host = await Host.create({ home, policyFile });
    service = hostService(host, {});
    const opened = await upload(signed);
    if (!opened.ok) throw new Error(opened.message);
    const review = await service.prepareBundleServer({
      planId: opened.planId,
      name: 'report',
      values: { api_key: SECRET, folders: [home] },
    });
    if (!review.ok) throw new Error(JSON.stringify(review.problems));
    expect(review.refused).toMatchObject({
      rule: expect.stringContaining('deniedServers[0]'),
      reason: expect.stringContaining("your organization's policy denies the command"),
    });
    // Recorded as a refusal in a bundle's preview.
    await host.activity.flush();
    const { entries } = await readActivity(path.join(home, 'activity'));
    expect(entries.filter((e) => e.kind === 'policy-refusal').map((e) => e.server)).toEqual(['report']);
  });

  it('refuses a bundle changed after signing, with the reason, and keeps nothing', async () => {
    const opened = await upload(tampered);
    expect(opened).toMatchObject({ ok: false, problem: 'bad-signature' });
    expect(!opened.ok && opened.message).toMatch(/signature/i);
    expect(await readdir(bundlesDir())).toEqual([]);
    const notZip = path.join(built, 'not-a-zip.mcpb');
    await writeFile(notZip, 'just text, no archive');
    expect(await upload(notZip)).toMatchObject({ ok: false, problem: 'not-a-zip' });
    expect(await readdir(bundlesDir())).toEqual([]);
    expect(JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8')).mcpServers).toEqual({});
  });

  it('bounds uploads: a file over the cap, pieces out of order or past the size announced', async () => {
    const { maxUploadBytes } = await service!.getBundleAbilities();
    await expect(
      service!.startBundleUpload({ fileName: 'big.mcpb', size: maxUploadBytes + 1 }),
    ).rejects.toThrow(/more than the 128 MiB/);
    const { uploadId } = await service!.startBundleUpload({ fileName: 'x.mcpb', size: 4 });
    await expect(service!.sendBundleChunk(uploadId, 2, Buffer.from('ab').toString('base64'))).rejects.toThrow(
      'not 2',
    );
    await expect(
      service!.sendBundleChunk(uploadId, 0, Buffer.from('abcdef').toString('base64')),
    ).rejects.toThrow('larger than the size announced');
    await expect(service!.openUploadedBundle(uploadId)).rejects.toThrow('ended or expired');
    expect(await readdir(bundlesDir())).toEqual([]);
  });

  it('cancelling an opened bundle removes its files; a start sweeps what no server names', async () => {
    const opened = await upload(signed);
    if (!opened.ok) throw new Error(opened.message);
    await service!.cancelBundle(opened.planId);
    expect(await readdir(bundlesDir())).toEqual([]);

    const kept = await upload(signed);
    const left = await upload(signed);
    if (!kept.ok || !left.ok) throw new Error('not opened');
    await service!.prepareBundleServer({ planId: kept.planId, name: 'kept', values: { api_key: 'k' } });
    await service!.confirmBundleServer(kept.planId);
    const keptDir = JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8')).mcpServers.kept.bundle
      .dir;
    // A crash: the host ends without clearing its open bundles, and an install was cut short.
    service!.dispose();
    await host!.registry.shutdown();
    await mkdir(path.join(bundlesDir(), '.installing-upload-crashed'));
    await boot();
    expect(await readdir(bundlesDir())).toEqual([path.basename(keptDir)]);
  });
});
