import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import { describeInChromium, goTo, type RunningShell, shots, startShell } from './shellFixture';

/**
 * Issue 33 (2) in Chromium: servers written into config.json by hand (or imported) wait for trust;
 * one review lists every launch with a box each, and trusts the ones kept together.
 */
describeInChromium('trusting many servers in one review, in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  const NAMES = ['alpha', 'beta', 'gamma'];

  beforeAll(async () => {
    shell = await startShell({
      servers: Object.fromEntries(
        NAMES.map((n) => [n, { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] }]),
      ),
    });
    page = shell.page;
    await page.goto(shell.url);
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `trust-review-${name}.png`) });
  const status = (name: string) =>
    page.locator(`[data-server="${name}"] [data-status]`).getAttribute('data-status');

  it('Review all lists each launch; a row left out keeps waiting, the others start', async () => {
    await goTo(page, 'Servers');
    const banner = page.getByRole('note').filter({ hasText: 'servers wait for your trust' });
    await expect.poll(() => banner.textContent()).toContain('3 servers wait for your trust before they run.');
    await banner.getByRole('button', { name: 'Review all…' }).click();
    const review = page.getByRole('dialog', { name: 'Review 3 servers' });
    for (const n of NAMES)
      expect(await review.locator(`[data-review-server="${n}"] pre`).textContent()).toContain(
        EVERYTHING_ENTRY,
      );
    await review.getByRole('checkbox', { name: 'gamma' }).uncheck();
    await shot('1-review');
    await review.getByRole('button', { name: 'Trust 2 of 3 and start' }).click();
    await expect.poll(() => status('alpha'), { timeout: 30_000 }).toBe('running');
    await expect.poll(() => status('beta'), { timeout: 30_000 }).toBe('running');
    // Left out: still asks, on its own card; one left is trusted there, no list needed.
    expect(
      await page.locator('[data-server="gamma"]').getByRole('region', { name: 'Trust prompt' }).count(),
    ).toBe(1);
    expect(await banner.count()).toBe(0);
    await shot('2-after');
  });
});
