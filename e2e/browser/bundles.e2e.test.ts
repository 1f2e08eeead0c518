// biome-ignore-all lint/suspicious/noTemplateCurlyInString: a manifest's ${user_config.KEY} placeholders, as the page shows them
// MCP bundles (.mcpb) in Chromium through the browser shell: a bundle packed and self-signed in the
// test with the official mcpb CLI, installed from Install bundle… (its bytes uploaded to the host),
// its settings filled (a secret, a folder), trusted on its card, running with its tool; the secret in
// no WebSocket frame and not in config.json; removed with its folder. A bundle changed after signing,
// dropped on the page, refused with the reason and nothing on disk. A registry entry's bundle, served
// over https by the test (its certificate given to the shell as NODE_EXTRA_CA_CERTS, as a company CA
// would be), downloaded, checked against fileSha256 and installed; a wrong fileSha256 refused.
// Screenshots go to test-results/e2e/bundles-*.png.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type BundleHost, startBundleHost } from '../fixtures/mcpb/bundleHost';
import { packFixture, selfSignedCert, signBundle } from '../fixtures/mcpb/bundles';
import { type RegistryFixture, startRegistryFixture } from '../fixtures/registry/registryFixture';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  shots,
  startShell,
  trustAndSeeRunning,
} from './shellFixture';

const SECRET = 'bundle-secret-canary-91d3';
const entryOf = (name: string, url: string, sha: string) => ({
  name,
  title: 'Bundled report',
  description: 'A bundle served by the test',
  version: '1.2.3',
  packages: [{ registryType: 'mcpb', identifier: url, fileSha256: sha, transport: { type: 'stdio' } }],
});

describeInChromium('MCP bundles (.mcpb) in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let work: string;
  let signed: string;
  let tampered: Buffer;
  let folder: string;
  let files: BundleHost;
  let registry: RegistryFixture;
  const config = async () => JSON.parse(await readFile(path.join(shell.home, 'config.json'), 'utf8'));
  const bundleDirs = async () => (await readdir(path.join(shell.home, 'bundles')).catch(() => [])).sort();

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sb-e2e-mcpb-'));
    signed = await packFixture(work, path.join(work, 'report.mcpb'));
    await signBundle(signed, await selfSignedCert(work));
    tampered = await readFile(signed);
    tampered[300] = tampered[300]! ^ 0xff;
    folder = path.join(work, 'shared folder');
    await mkdir(folder);
    const bytes = await readFile(signed);
    const sha = createHash('sha256').update(bytes).digest('hex');
    files = await startBundleHost(work);
    files.routes.set('/report.mcpb', { body: bytes });
    registry = await startRegistryFixture({
      extra: [
        entryOf('io.github.fixture/report-bundle', `${files.url}/report.mcpb`, sha),
        entryOf('io.github.fixture/report-bundle-wrong', `${files.url}/report.mcpb`, 'f'.repeat(64)),
      ],
    });
    shell = await startShell({
      servers: {},
      env: { SWITCHBOARD_REGISTRY_URL: registry.url, NODE_EXTRA_CA_CERTS: files.caFile, HOME: work },
    });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await registry?.close();
    await files?.close();
    await rm(work, { recursive: true, force: true });
  });
  afterEach(async () => {
    while (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  });

  /** Fills the fixture's form (the secret, one folder) and adds it under `name`. */
  async function fillAndAdd(dialog: ReturnType<Page['getByRole']>, name: string) {
    await dialog.getByLabel('Name on this computer').fill(name);
    await dialog.getByLabel(/API key \(required\)/).fill(SECRET);
    await dialog.getByLabel('Folders').fill(folder);
    await dialog.getByRole('button', { name: 'Review…' }).click();
    const review = dialog.getByRole('region', { name: 'Bundle review' });
    await expect.poll(() => review.locator('pre').textContent()).toContain(folder);
    expect(await review.textContent()).toMatch(/API_KEY a stored secret/);
    await review.getByRole('button', { name: 'Add server' }).click();
  }

  it('installs a signed bundle from Install bundle…: preview, settings, trust, running, removed with its folder', async () => {
    await page.locator('input[type="file"][aria-label="Bundle file"]').setInputFiles(signed);
    const dialog = page.getByRole('dialog', { name: 'Install an MCP bundle' });
    const preview = dialog.getByRole('form', { name: 'Bundle preview' });
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.textContent()).toContain('Bundled report');
    expect(await preview.locator('[data-signature="self-signed"]').textContent()).toMatch(
      /Self-signed by "MCPB Self-Signed Certificate".*proves nothing about who made it/,
    );
    const template = (await preview.getByTestId('bundle-template').textContent()) ?? '';
    expect(template).toContain('${user_config.folders}');
    // Nothing entered yet: the key is the setting it will come from, not "a stored secret".
    expect(template).toContain('API_KEY = Bearer ${user_config.api_key}');
    expect(template).not.toContain('a stored secret');
    expect(await preview.getByLabel(/API key/).getAttribute('type')).toBe('password');
    await page.screenshot({ path: path.join(shots, 'bundles-preview.png'), fullPage: true });
    expect((await config()).mcpServers).toEqual({});

    await fillAndAdd(dialog, 'report');
    const card = await trustAndSeeRunning(page, 'report', {
      launch: 'server/index.mjs',
      shot: 'bundles-trust.png',
      tool: 'report',
    });
    const entry = (await config()).mcpServers.report;
    expect(entry.bundle).toMatchObject({
      name: 'bundled-report',
      file: 'report.mcpb',
      signature: { status: 'self-signed' },
    });
    expect(JSON.stringify(await config())).not.toContain(SECRET);
    expect(shell.frames.some((f) => f.includes(SECRET))).toBe(false);
    expect(existsSync(entry.bundle.dir)).toBe(true);

    await card.getByRole('button', { name: 'Remove…' }).click();
    await card.getByRole('button', { name: 'Remove report' }).click();
    await expect.poll(() => existsSync(entry.bundle.dir), { timeout: 15_000 }).toBe(false);
    expect(await bundleDirs()).toEqual([]);
  });

  it('refuses a bundle changed after signing, dropped on the page, with the reason; nothing is written', async () => {
    const before = await readFile(path.join(shell.home, 'config.json'), 'utf8');
    const drop = await page.evaluateHandle((b64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'tampered.mcpb'));
      return data;
    }, tampered.toString('base64'));
    await page.dispatchEvent('section[aria-labelledby="servers-title"]', 'drop', { dataTransfer: drop });
    const refusal = page
      .getByRole('dialog', { name: 'Install an MCP bundle' })
      .locator('[data-bundle-refused]');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getAttribute('data-bundle-refused')).toBe('bad-signature');
    expect(await refusal.textContent()).toMatch(/signature/i);
    await page.screenshot({ path: path.join(shots, 'bundles-tampered.png') });
    expect(await readFile(path.join(shell.home, 'config.json'), 'utf8')).toBe(before);
    expect(await bundleDirs()).toEqual([]);
  });

  it("installs a registry entry's bundle, checked against its fileSha256; a wrong one is refused", async () => {
    const open = async (name: string) => {
      await page.getByRole('button', { name: 'Browse…' }).click();
      const browse = page.getByRole('dialog', { name: 'Browse the MCP Registry' });
      await browse.getByRole('searchbox', { name: 'Search the registry' }).fill(name);
      await browse.getByRole('button', { name: 'Search', exact: true }).click();
      await browse.locator(`li[data-entry="${name}"]`).getByRole('button', { name: 'Details…' }).click();
      const detail = page.getByRole('dialog', { name: `Registry entry ${name}` });
      await detail.getByRole('button', { name: 'Install this way…' }).click();
      return detail;
    };
    const wrong = await open('io.github.fixture/report-bundle-wrong');
    const refusal = wrong.locator('[data-bundle-refused]');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getAttribute('data-bundle-refused')).toBe('sha256-mismatch');
    expect(await refusal.textContent()).toContain('not the one the registry lists');
    expect(await bundleDirs()).toEqual([]);
    await page.keyboard.press('Escape');

    const detail = await open('io.github.fixture/report-bundle');
    const preview = detail.getByRole('form', { name: 'Bundle preview' });
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.textContent()).toContain('the one the registry lists');
    await fillAndAdd(detail, 'from-registry');
    await trustAndSeeRunning(page, 'from-registry', {
      launch: 'server/index.mjs',
      shot: 'bundles-registry-trust.png',
      tool: 'report',
    });
    const entry = (await config()).mcpServers['from-registry'];
    expect(entry.bundle).toMatchObject({ file: `${files.url}/report.mcpb`, sha256Checked: true });
    expect(entry.registry).toMatchObject({ name: 'io.github.fixture/report-bundle', version: '1.2.3' });
    expect(files.requests.filter((r) => r === '/report.mcpb')).toHaveLength(2);
    expect(shell.frames.some((f) => f.includes(SECRET))).toBe(false);
  });
});
