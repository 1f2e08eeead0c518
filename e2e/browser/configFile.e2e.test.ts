import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readActivity } from '../../electron/host/activity/activityReader';
import { describeInChromium, goTo, type RunningShell, root, shots, startShellOpen } from './shellFixture';

const ECHO = path.join(root, 'e2e/fixtures/stdio/echo-server.mjs');

/**
 * config.json edited in an editor while the app runs: a save that breaks it is said on the Servers
 * page (what is wrong; the servers run on; nothing saved over it), and the fixed file is taken at once —
 * its new server shown, the edit recorded as made outside Switchboard.
 */
describeInChromium('config.json edited while the app runs', () => {
  let shell: RunningShell;
  let page: Page;
  const card = (id: string) => page.locator(`[data-server="${id}"]`);
  const configPath = () => path.join(shell.home, 'config.json');
  const echo = { command: process.execPath, args: [ECHO] };

  beforeAll(async () => {
    shell = await startShellOpen({ servers: { echo }, trusted: ['echo'] }, ['echo']);
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
  }, 60_000);

  it('a broken save is said, with what is wrong, while the servers run on; the fix is taken at once', async () => {
    await writeFile(configPath(), '{\n  "mcpServers": {\n    "echo": \n');
    const banner = page.getByRole('alert', { name: 'config.json' });
    await banner.waitFor({ timeout: 10_000 });
    const said = await banner.textContent();
    expect(said).toContain('Switchboard cannot read its config file:');
    expect(said).toContain(`${configPath()} is not valid JSON`);
    expect(said).toContain('The servers below are as the file was last read, and run on.');
    expect(await card('echo').locator('[data-status="running"]').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'config-file-broken.png') });

    // A save from the app meanwhile is refused, and the file is left as it is.
    await page.getByRole('button', { name: 'Add server' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a server' });
    await editor.getByLabel('Name', { exact: true }).fill('typed');
    await editor.getByLabel(/^Command/).fill(process.execPath);
    await editor.getByLabel('Arguments, one per line').fill('-v');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText(/will not overwrite it/).waitFor({ timeout: 10_000 });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    expect(await readFile(configPath(), 'utf8')).toBe('{\n  "mcpServers": {\n    "echo": \n');
    // A page opened (or reloaded) meanwhile is told as well.
    await page.reload();
    await goTo(page, 'Servers');
    await banner.waitFor({ timeout: 10_000 });
    await card('echo').locator('[data-status="running"]').waitFor({ timeout: 10_000 });

    // Fixed as an editor saves (a new file renamed over it), with a server added.
    const temp = path.join(shell.home, '.config.json.swp');
    const later = { command: process.execPath, args: ['-v'], disabled: true };
    await writeFile(temp, JSON.stringify({ mcpServers: { echo, later } }, null, 2));
    await rename(temp, configPath());
    await card('later').waitFor({ timeout: 10_000 });
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await card('echo').locator('[data-status="running"]').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'config-file-fixed.png') });
    // Recorded by the app's process (written a moment later).
    const servers = async () =>
      (await readActivity(path.join(shell.home, 'activity'))).entries.flatMap((e) =>
        e.kind === 'server' ? [[e.server, e.change, e.via]] : [],
      );
    await expect.poll(servers, { timeout: 10_000 }).toEqual([['later', 'added', 'file']]);
  });
});
