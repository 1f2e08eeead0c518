import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  root,
  shots,
  startShell,
  startShellOpen,
} from './shellFixture';

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

/** More servers than the Servers page keeps whole (WHOLE_UP_TO): drawn a row at a time. */
const MANY = Array.from({ length: 40 }, (_, i) => `m${String(i + 1).padStart(2, '0')}`);
const cardOf = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-server]')?.getAttribute('data-server') ?? '');

/**
 * Issue 33 §2: forty servers (waiting for trust, so nothing runs) — only the rows near the screen are in
 * the page; scrolling brings the others; the palette's pick of a server far down scrolls its row in and
 * focuses its card, and the focused card stays in the page when the view scrolls away from it.
 */
describeInChromium('forty servers drawn a row at a time', () => {
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    shell = await startShell({
      servers: Object.fromEntries(
        MANY.map((n) => [n, { command: process.execPath, args: [CATALOG, '--domains', 'git'] }]),
      ),
    });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
  }, 90_000);
  afterAll(async () => {
    await shell?.stop();
  });

  it('draws the rows near the screen; the palette reaches the last card, which stays while focused', async () => {
    const cards = page.locator('[data-server]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThan(MANY.length);
    expect(await page.locator('[data-server="m40"]').count()).toBe(0);
    // Every card waits for trust: the page offers one review of them all.
    await expect.poll(() => page.getByRole('note').filter({ hasText: '40 servers wait' }).count()).toBe(1);

    // Scrolled to the end (the rows' heights measured on the way): the last card is there.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return page.locator('[data-server="m40"]').count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await page.locator('[data-server="m01"]').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.locator('[data-server="m40"]').count(), { timeout: 5000 }).toBe(0);

    // From the top, the command palette's pick of the last server scrolls its row in and focuses it.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').pressSequentially('m40');
    await expect.poll(() => palette.getByRole('option', { selected: true }).textContent()).toMatch(/m40/);
    await page.keyboard.press('Enter');
    await expect.poll(() => cardOf(page), { timeout: 5000 }).toBe('m40');
    await page.screenshot({ path: path.join(shots, 'many-servers-virtual.png') });

    // The view scrolled back to the top: the focused card is kept in the page (and keeps the focus).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.locator('[data-server="m01"]').count(), { timeout: 5000 }).toBe(1);
    expect(await page.locator('[data-server="m40"]').count()).toBe(1);
    expect(await cardOf(page)).toBe('m40');
  });
});
