import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  describeInChromium,
  type RunningShell,
  shots,
  startShellOpen,
  trustAndSeeRunning,
} from './shellFixture';

/**
 * Add server as a person types it (issue 32, item 9): a line typed with a leading NAME=value and
 * Save clicked at once saves on that one click; the name comes from what it runs; the live "Runs:"
 * line says which environment names it gets.
 */
describeInChromium('Add server as typed', () => {
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    shell = await startShellOpen({ servers: {} }, []);
    page = shell.page;
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
  });

  it('a typed line with NAME=value, saved with one click, is added under a name from what it runs', async () => {
    await page.getByRole('button', { name: 'Add server' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a server' });
    await editor.getByLabel(/^Command/).click();
    await page.keyboard.type(`DEBUG=1 ${process.execPath} ${EVERYTHING_ENTRY} stdio`);
    // Named from the script it runs while it is typed; the live line says what it gets in its environment.
    expect(await editor.getByLabel('Name', { exact: true }).inputValue()).toBe('everything');
    expect(await editor.locator('.command-preview').textContent()).toContain('with DEBUG in its environment');
    await page.screenshot({ path: path.join(shots, 'add-server-typed.png') });
    // Straight from the field to Save: one click.
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached', timeout: 10_000 });
    const card = await trustAndSeeRunning(page, 'everything', {
      launch: `${EVERYTHING_ENTRY} stdio`,
      shot: 'add-server-typed-trust.png',
      tool: 'echo',
    });
    expect(await card.getByRole('region', { name: 'Trust prompt' }).count()).toBe(0);
  });
});
