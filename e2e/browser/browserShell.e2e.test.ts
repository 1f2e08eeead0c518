import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, hostileStdio } from '../fixtures/servers';
import { describeInChromium, goTo, type RunningShell, shots, startShell } from './shellFixture';

const CANARY = 'e2e-canary-3b7d19';

describeInChromium('browser shell in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let url: string;
  let frames: string[];

  beforeAll(async () => {
    const careless = hostileStdio('print-env');
    const crashy = hostileStdio('crash-on-start');
    shell = await startShell({
      servers: {
        everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
        careless: {
          command: careless.command,
          args: careless.args,
          env: {
            SECRET_TOKEN: { $secret: `careless/env/SECRET_TOKEN@${process.execPath}` },
            PLAIN: 'visible',
          },
        },
        crashy: { command: crashy.command, args: crashy.args },
      },
      secrets: { [`careless/env/SECRET_TOKEN@${process.execPath}`]: CANARY },
      // "careless" and "crashy" were trusted in an earlier session; "everything" asks in this one.
      trusted: ['careless', 'crashy'],
    });
    ({ page, url, frames } = shell);
  });

  afterAll(async () => {
    await shell?.stop();
  });

  const status = (id: string) => page.locator(`[data-server="${id}"] [data-status]`);

  it('shows the trust prompt with the exact command, then the server starting and running', async () => {
    await page.goto(url);
    await goTo(page, 'Servers');
    const card = page.locator('[data-server="everything"]');
    await expect
      .poll(() => card.getByRole('region', { name: 'Trust prompt' }).textContent())
      .toContain(EVERYTHING_ENTRY);
    await page.screenshot({ path: path.join(shots, '1-trust-prompt.png') });
    expect(page.url()).not.toContain('token='); // moved into a cookie, out of the address bar
    await card.getByRole('button', { name: 'Trust and start' }).click();
    await expect
      .poll(() => status('everything').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('running');
    expect(await card.locator('h2').textContent()).toBe('everything');
    await expect.poll(() => card.locator('.server-title').textContent()).toBe('Everything Reference Server');
    expect(frames.some((f) => f.includes('"serversChanged"') && f.includes('"starting"'))).toBe(true);
  });

  it('a crashing server shows its error and stderr', async () => {
    const card = page.locator('[data-server="crashy"]');
    await expect
      .poll(() => card.getByRole('region', { name: 'Last error' }).textContent(), { timeout: 15_000 })
      .toMatch(/exited with code 1[\s\S]*fatal: cannot open ~\/\.hostile\/config\.toml/);
    await expect
      .poll(() => status('crashy').getAttribute('data-status'))
      .toMatch(/restarting|starting|error/);
    await page.screenshot({ path: path.join(shots, '2-running-and-crashing.png') });
  });

  it('restart works', async () => {
    const before = frames.length;
    await page.locator('[data-server="everything"]').getByRole('button', { name: 'Restart' }).click();
    await expect
      .poll(
        () => frames.slice(before).some((f) => f.includes('"serversChanged"') && f.includes('"stopped"')),
        { timeout: 5_000 },
      )
      .toBe(true);
    await expect
      .poll(() => status('everything').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('running');
  });

  it('the logs show what servers wrote, with the secret canary redacted, and it is in no WebSocket frame', async () => {
    await goTo(page, 'Logs');
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('SECRET_TOKEN');
    await expect
      .poll(() => page.getByRole('log', { name: 'Log entries' }).textContent())
      .toContain('SECRET_TOKEN=[redacted] PLAIN=visible');
    await page.screenshot({ path: path.join(shots, '3-logs.png') });
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.join('\n')).not.toContain(CANARY);
    expect(await page.content()).not.toContain(CANARY);
  });
});
