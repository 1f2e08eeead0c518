import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EVERYTHING_ENTRY,
  MODERN_SERVER,
  type RunningHttpServer,
  startModernHttp,
} from '../fixtures/servers';
import { describeInChromium, type RunningShell, runToolByHand, shots, startShellOpen } from './shellFixture';

/**
 * Servers on the 2026-07-28 revision (the official v2 SDK) beside a legacy one, in the app: a person
 * adds them as any other, sees which era each speaks, and calls their tools the same way.
 */
describeInChromium('a 2026-07-28 server in the app', () => {
  let shell: RunningShell;
  let page: Page;
  let http: RunningHttpServer;
  const card = (id: string) => page.locator(`[data-server="${id}"]`);

  beforeAll(async () => {
    http = await startModernHttp('reject');
    shell = await startShellOpen(
      {
        servers: {
          'modern-local': {
            command: process.execPath,
            args: [MODERN_SERVER, '--stdio', '--legacy', 'reject'],
          },
          'modern-remote': { url: http.url },
          'forced-legacy': {
            command: process.execPath,
            args: [MODERN_SERVER, '--stdio'],
            protocol: 'legacy',
          },
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
        },
        trusted: ['modern-local', 'forced-legacy', 'everything'],
      },
      [],
    );
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await http?.stop();
  }, 60_000);

  it('runs modern servers with no handshake, says which era each speaks, and calls their tools', async () => {
    for (const id of ['modern-local', 'modern-remote', 'forced-legacy', 'everything'])
      await card(id).locator('[data-status="running"]').waitFor({ timeout: 30_000 });
    // server-everything (legacy) in the same host session as the modern ones.
    expect(await card('everything').locator('[data-era]').getAttribute('data-era')).toBe('legacy');
    expect(await card('modern-local').locator('[data-era]').getAttribute('data-era')).toBe('modern');
    expect(await card('modern-local').textContent()).toContain('2026-07-28 (modern: no session)');
    expect(await card('modern-remote').locator('[data-era]').getAttribute('data-era')).toBe('modern');
    expect(await card('forced-legacy').textContent()).toContain('2025-11-25 (legacy: initialize)');
    await page.screenshot({ path: path.join(shots, 'modern-servers.png'), fullPage: true });
    for (const id of ['modern-local', 'modern-remote']) {
      const runner = await runToolByHand(page, id, 'echo', {
        fill: (r) => r.getByLabel('text').fill(`from ${id}`),
      });
      await expect
        .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
        .toContain(`echo: from ${id}`);
      await runner.getByRole('button', { name: 'Close' }).click();
    }
    const legacy = await runToolByHand(page, 'everything', 'echo', {
      fill: (r) => r.getByLabel('message').fill('from everything'),
    });
    await expect
      .poll(() => legacy.getByRole('region', { name: 'Result' }).textContent())
      .toContain('from everything');
    await legacy.getByRole('button', { name: 'Close' }).click();
  }, 120_000);

  it('the tool runner checks arguments against the 2020-12 schema before anything is sent; Refresh lists again', async () => {
    const runner = await runToolByHand(page, 'modern-remote', 'wide_schema', {
      fill: async (r) => {
        const json = r.getByLabel('Arguments (JSON)');
        if (await json.count()) await json.fill('{"when": "tomorrow", "tags": []}');
        else {
          await r.getByLabel('when').fill('tomorrow');
        }
      },
    });
    await expect
      .poll(() => runner.textContent())
      .toMatch(/do not match the tool's input schema: .*\/when must match format "date-time"/);
    await page.screenshot({ path: path.join(shots, 'modern-schema-check.png') });
    await runner.getByRole('button', { name: 'Close' }).click();
    const seen = async () =>
      (
        (await (await fetch(new URL('/test/seen', http.url))).json()) as { body?: { method?: string } }[]
      ).filter((s) => s.body?.method === 'tools/list').length;
    const before = await seen();
    await card('modern-remote').getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(seen).toBe(before + 1);
  }, 60_000);

  it('a multi round-trip tool asks through the same elicitation dialog as a legacy server, then completes', async () => {
    const runner = await runToolByHand(page, 'modern-local', 'greet');
    const form = page.getByRole('dialog', { name: /Information requested by modern-local/ });
    await form.getByLabel(/^name/).fill('Ada');
    await page.screenshot({ path: path.join(shots, 'modern-mrtr-elicitation.png') });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toContain('Hello, Ada');
    await runner.getByRole('button', { name: 'Close' }).click();
  }, 60_000);
});
