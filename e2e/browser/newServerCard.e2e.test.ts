import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostileStdio } from '../fixtures/servers';
import { describeInChromium, goTo, type RunningShell, shots, startShell } from './shellFixture';

/**
 * A new server's card while its tools are being listed (here 20 pages, 300 ms each): it says they are
 * being listed, never "Tools (0 of 0 on)" as if the server offered none, until they arrive.
 */
describeInChromium('a new server’s card in Chromium', () => {
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    const { command, args } = hostileStdio('slow-pages');
    shell = await startShell({ servers: { slow: { command, args } } });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
  });

  it('says its tools are being listed until they are, then how many are on', async () => {
    const card = page.locator('[data-server="slow"]');
    await card.getByRole('button', { name: 'Trust and start' }).click();
    const summary = card.locator('details.server-tools summary');
    const seen: string[] = [];
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const text = await summary.textContent({ timeout: 50 }).catch(() => undefined);
      if (text && seen.at(-1) !== text) {
        seen.push(text);
        if (text.includes('listing'))
          await page.screenshot({ path: path.join(shots, 'new-server-listing.png') });
      }
      if (text === 'Tools (20 of 20 on)') break;
      await page.waitForTimeout(50);
    }
    expect(seen).toEqual(['Tools (listing…)', 'Tools (20 of 20 on)']);
  });
});
