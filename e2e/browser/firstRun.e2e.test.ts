import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import { describeInChromium, type RunningShell, shots, startShell } from './shellFixture';

/**
 * A new person on an empty data directory: the checklist leads from the key (a gateway's base URL set
 * first, and nothing sent when the key is saved) to a server pasted from its README and confirmed.
 */
describeInChromium('first run in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-first-run-0b7e';

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    // A brand-new data folder: nothing in it, no config.json.
    shell = await startShell({ servers: {}, home: await mkdtemp(path.join(tmpdir(), 'sb-first-run-')) });
    page = shell.page;
    await page.goto(shell.url);
  });
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });

  const checklist = () => page.getByRole('region', { name: 'Getting started' });
  const shot = (name: string) => page.screenshot({ path: path.join(shots, `first-run-${name}.png`) });

  it('says what to do first, and the key step saves a key without calling any API', async () => {
    await expect
      .poll(() => checklist().textContent())
      .toContain('Add your Anthropic API key (or another model provider)');
    expect(await checklist().textContent()).toContain('Add an MCP server');
    await shot('1-empty');
    await checklist().getByRole('button', { name: 'Open Settings' }).click();
    // A gateway user sets the base URL first…
    await page.getByLabel('API base URL').fill(fake.url);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Anthropic API key' }).textContent())
      .toContain(`No key for ${new URL(fake.url).origin}`);
    // …then the key, which goes nowhere when saved.
    await page.getByLabel('API key', { exact: true }).fill(API_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Anthropic API key' }).textContent())
      .toContain('A key is stored');
    expect(fake.requests).toEqual([]);
    // The models are asked for when the person goes to choose one.
    await page.getByLabel('Default model').focus();
    await expect.poll(() => fake.requests.map((r) => r.path)).toContain('/v1/models');
    await expect.poll(() => checklist().locator('li[data-done="true"]').count()).toBe(1);
  });

  it('a server pasted from its README, confirmed, completes the checklist', async () => {
    await checklist().getByRole('button', { name: 'Open Servers' }).first().click();
    await page.getByRole('button', { name: 'Add server' }).waitFor();
    // No config file yet is the first run, not a file that went away.
    expect(await page.getByText(/cannot read its config file|not there any more/).count()).toBe(0);
    await page.getByRole('button', { name: 'Add server' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a server' });
    await editor.getByLabel('Name', { exact: true }).fill('everything');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(
      (t) => navigator.clipboard.writeText(t),
      `${process.execPath} ${EVERYTHING_ENTRY} stdio`,
    );
    await editor.getByLabel(/^Command/).focus();
    await page.keyboard.press('ControlOrMeta+V');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => checklist().textContent())
      .toContain('Confirm what a server runs before it starts');
    await shot('2-confirm');
    await page.locator('[data-server="everything"]').getByRole('button', { name: 'Trust and start' }).click();
    await expect.poll(() => checklist().count(), { timeout: 20_000 }).toBe(0);
  });
});
