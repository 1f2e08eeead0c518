// Servers → Add from link… in Chromium: a Cursor link (server-everything over stdio) previewed with its
// exact command, added, then Trust and start; a VS Code link to a remote server; refused links shown
// with the library's error and nothing written; /install?link=… opening only the preview. Screenshots
// go to test-results/e2e/links-*.png.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type RegistryFixture, startRegistryFixture } from '../fixtures/registry/registryFixture';
import { EVERYTHING_ENTRY, type RunningHttpServer, startEverythingHttp } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  shots,
  startShell,
  trustAndSeeRunning,
} from './shellFixture';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const cursorLink = (name: string, entry: unknown) =>
  `cursor://anysphere.cursor-deeplink/mcp/install?name=${name}&config=${encodeURIComponent(b64(entry))}`;

describeInChromium('Servers → Add from link in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let everything: RunningHttpServer;
  let registry: RegistryFixture;
  const configText = () => readFile(path.join(shell.home, 'config.json'), 'utf8');

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
    registry = await startRegistryFixture();
    shell = await startShell({ servers: {}, env: { SWITCHBOARD_REGISTRY_URL: registry.url } });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await everything?.stop();
    await registry?.close().catch(() => {});
  });
  afterEach(async () => {
    while (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  });

  const paste = async (link: string): Promise<Locator> => {
    await page.getByRole('button', { name: 'Add from link…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add from link' });
    await dialog.getByRole('textbox', { name: 'Link' }).fill(link);
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    return dialog;
  };

  it('a Cursor link: the exact command and "Cursor", then the trust prompt, then it runs with tools', async () => {
    const before = await configText();
    const dialog = await paste(
      cursorLink('everything', { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] }),
    );
    await expect
      .poll(() => dialog.getByTestId('link-origin').textContent())
      .toContain('A Cursor install link');
    expect(await dialog.getByTestId('link-command').textContent()).toBe(
      `${process.execPath} ${EVERYTHING_ENTRY} stdio`,
    );
    await page.screenshot({ path: path.join(shots, 'links-cursor-preview.png') });
    expect(await configText()).toBe(before);
    await dialog.getByRole('button', { name: 'Add everything' }).click();

    await trustAndSeeRunning(page, 'everything', {
      launch: EVERYTHING_ENTRY,
      shot: 'links-cursor-trust.png',
      tool: 'echo',
    });
    await page.screenshot({ path: path.join(shots, 'links-cursor-running.png') });
  });

  it('a VS Code link to a remote server: the URL shown, then it connects', async () => {
    const link = `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'everything-http', type: 'http', url: everything.url }))}`;
    const dialog = await paste(link);
    await expect
      .poll(() => dialog.getByTestId('link-origin').textContent())
      .toContain('A VS Code install link');
    expect(await dialog.getByTestId('link-url').textContent()).toBe(everything.url);
    await page.screenshot({ path: path.join(shots, 'links-vscode-preview.png') });
    await dialog.getByRole('button', { name: 'Add everything-http' }).click();
    const card = page.locator('[data-server="everything-http"]');
    await expect
      .poll(() => card.locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('running');
  });

  it("the https links READMEs carry (VS Code's and Cursor's web forms) preview as their app links do", async () => {
    const entry = { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };
    for (const [link, app] of [
      [
        `https://insiders.vscode.dev/redirect/mcp/install?name=web-vscode&config=${encodeURIComponent(JSON.stringify(entry))}`,
        'A VS Code install link',
      ],
      [
        `https://cursor.com/en/install-mcp?name=web-cursor&config=${encodeURIComponent(b64(entry))}`,
        'A Cursor install link',
      ],
    ] as const) {
      const dialog = await paste(link);
      await expect
        .poll(() => dialog.getByTestId('link-origin').textContent(), { message: link })
        .toContain(app);
      expect(await dialog.getByTestId('link-command').textContent()).toBe(
        `${process.execPath} ${EVERYTHING_ENTRY} stdio`,
      );
      await page.screenshot({
        path: path.join(shots, `links-web-${app.split(' ')[1]!.toLowerCase()}-preview.png`),
      });
      await page.keyboard.press('Escape');
    }
  });

  it('a value the link leaves to fill is asked; a secret-looking one goes to the secret store', async () => {
    const key = 'sk-live-e2e-link-canary-41c9';
    const dialog = await paste(
      cursorLink('filled', {
        command: process.execPath,
        args: [EVERYTHING_ENTRY, 'stdio'],
        env: { API_KEY: key, CITY: '<YOUR_CITY>' },
      }),
    );
    await expect.poll(() => dialog.getByText('a secret-looking value').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Add filled' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('CITY needs a value');
    await dialog.locator('input[id="link-filled-CITY"]').fill('Oslo');
    await page.screenshot({ path: path.join(shots, 'links-fill-preview.png') });
    await dialog.getByRole('button', { name: 'Add filled' }).click();
    await expect.poll(() => page.locator('[data-server="filled"]').count()).toBe(1);
    const text = await configText();
    expect(text).not.toContain(key);
    expect(JSON.parse(text).mcpServers.filled.env.CITY).toBe('Oslo');
  });

  it('a Switchboard registry link opens the entry in Browse', async () => {
    const before = await configText();
    const dialog = await paste('switchboard://install?registry=io.github.domdomegg%2Fairtable-mcp-server');
    await expect
      .poll(() => dialog.getByTestId('link-origin').textContent())
      .toContain('A Switchboard install link');
    await page.screenshot({ path: path.join(shots, 'links-registry-preview.png') });
    await dialog.getByRole('button', { name: 'Open in Browse' }).click();
    const detail = page.getByRole('dialog', {
      name: 'Registry entry io.github.domdomegg/airtable-mcp-server',
    });
    await expect.poll(() => detail.locator('li[data-choice]').count()).toBeGreaterThan(1);
    await page.screenshot({ path: path.join(shots, 'links-registry-browse.png') });
    expect(await configText()).toBe(before);
  });

  it('a javascript: link and bad base64: the library error shown, config.json unchanged', async () => {
    const before = await configText();
    let dialog = await paste('javascript:alert(1)');
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain('Cannot add from this link: a javascript: URL is never followed');
    await page.screenshot({ path: path.join(shots, 'links-javascript-refused.png') });
    await page.keyboard.press('Escape');
    dialog = await paste('cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=%%%not-base64');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Cannot add from this link:');
    await page.screenshot({ path: path.join(shots, 'links-base64-refused.png') });
    expect(await configText()).toBe(before);
  });

  it('/install?link=… opens the preview only; nothing is written until confirmed', async () => {
    const before = await configText();
    const link = cursorLink('opened', { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] });
    await page.goto(`${new URL(shell.url).origin}/install?link=${encodeURIComponent(link)}`);
    const dialog = page.getByRole('dialog', { name: 'Add from link' });
    await expect
      .poll(() => dialog.getByTestId('link-origin').textContent())
      .toContain('A Cursor install link');
    expect(await dialog.getByRole('textbox', { name: 'Link' }).inputValue()).toBe(link);
    // The link is not kept in the address: the page it opened on is.
    expect(new URL(page.url()).pathname).toBe('/servers');
    await page.screenshot({ path: path.join(shots, 'links-opened-preview.png') });
    expect(await configText()).toBe(before);
    await dialog.getByRole('button', { name: 'Add opened' }).click();
    await expect.poll(() => page.locator('[data-server="opened"]').count()).toBe(1);
    expect(JSON.parse(await configText()).mcpServers.opened.command).toBe(process.execPath);
  });
});
