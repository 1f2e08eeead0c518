import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, goTo, type RunningShell, root, shots, startShellOpen } from './shellFixture';

const CATALOG = path.join(root, 'e2e/fixtures/stdio/catalog-server.mjs');
const DOMAINS = ['calendar', 'email', 'git', 'weather', 'files', 'crm', 'billing', 'tickets', 'docs', 'maps'];
/** More servers than the Servers page draws with itself (the rest join in a transition). */
const NAMES = Array.from({ length: 14 }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);

/**
 * Issue 33 §2 in Chromium: with many servers the page draws its first cards with itself and the rest
 * right after, and a server's tool list is made only once opened — every card is still there, and the
 * command palette still reaches a tool on the last card (its list opened, its switch focused).
 */
describeInChromium('many servers in Chromium', () => {
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    shell = await startShellOpen(
      {
        servers: Object.fromEntries(
          NAMES.map((n, i) => [
            n,
            {
              command: process.execPath,
              args: [CATALOG, '--domains', DOMAINS[i % DOMAINS.length]!, '--verbs', '5'],
            },
          ]),
        ),
        trusted: NAMES,
      },
      NAMES,
    );
    page = shell.page;
  }, 90_000);
  afterAll(async () => {
    await shell?.stop();
  });

  it('every card is on the page; a closed tool list has no rows; the palette opens the last card’s list at its tool', async () => {
    await goTo(page, 'Chats');
    await goTo(page, 'Servers');
    await expect.poll(() => page.locator('[data-server]').count(), { timeout: 10_000 }).toBe(NAMES.length);
    const last = page.locator('[data-server="s14"]');
    expect(await last.locator('details.server-tools summary').textContent()).toBe('Tools (5 of 5 on)');
    expect(await last.locator('li[data-tool]').count()).toBe(0);

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').pressSequentially('s14 weather_get');
    await expect
      .poll(() => palette.getByRole('option', { selected: true }).textContent())
      .toMatch(/^Tools14 · /);
    await page.keyboard.press('Enter');
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const row = document.activeElement?.closest('[data-tool]');
            return row
              ? `${row.closest('[data-server]')?.getAttribute('data-server')} ${row.getAttribute('data-tool')}`
              : '';
          }),
        { timeout: 5000 },
      )
      .toBe('s14 weather_get');
    expect(await last.locator('li[data-tool]').count()).toBe(5);
    await page.screenshot({ path: path.join(shots, 'many-servers-reveal.png') });
  });
});
