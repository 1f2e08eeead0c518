import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readActivity } from '../../electron/host/activity/activityReader';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  root,
  runToolByHand,
  shots,
  startShellOpen,
} from './shellFixture';

const VERSIONED = path.join(root, 'e2e/fixtures/stdio/versioned-server.mjs');
const at = (version: string, ...more: string[]) => ({
  command: process.execPath,
  args: [VERSIONED, version, ...more],
});

/**
 * Issue 49 item 11 in Chromium: config.json says a new version of a running server (as an update or
 * an edit does). Its card shows the previous version running, its tools still usable, and the update
 * waiting for trust; Trust and switch starts the new one beside it, and the card shows the new version
 * running. A new version that cannot start beside the old one leaves the old one running, says why,
 * and Restart then starts it alone.
 */
describeInChromium('updates without downtime', () => {
  let shell: RunningShell;
  let page: Page;
  const card = (id: string) => page.locator(`[data-server="${id}"]`);
  const status = (id: string) => card(id).locator('[data-status]').getAttribute('data-status');
  const version = (id: string) => card(id).locator('dt:text-is("Version") + dd').textContent();
  const configPath = () => path.join(shell.home, 'config.json');
  /** The folder of the lock the `locked` server holds while it runs. */
  let lockDir: string;
  const lock = () => path.join(lockDir, 'locked.lock');

  /** config.json edited as in an editor: `servers` written over what it holds. */
  async function editFile(servers: Record<string, unknown>) {
    const doc = JSON.parse(await readFile(configPath(), 'utf8'));
    await writeFile(configPath(), JSON.stringify({ mcpServers: { ...doc.mcpServers, ...servers } }, null, 2));
  }
  /** Runs `about` from the card (the person's Run) and returns what answered. */
  async function about(id: string): Promise<string> {
    const runner = await runToolByHand(page, id, 'about');
    const result = runner.getByRole('region', { name: 'Result' });
    await expect.poll(() => result.textContent()).toContain('versioned');
    const text = (await result.textContent()) ?? '';
    await runner.getByRole('button', { name: 'Close' }).click();
    return text;
  }
  const toolNames = async (id: string) => {
    const details = card(id).locator('details.server-tools');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    return details
      .locator('li[data-tool]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-tool')));
  };
  const waiting = (c: Locator) => c.getByRole('region', { name: /^Update waiting/ });

  beforeAll(async () => {
    lockDir = await mkdtemp(path.join(tmpdir(), 'sb-e2e-lock-'));
    shell = await startShellOpen(
      { servers: { app: at('1.0.0'), locked: at('1.0.0', '--lock', lock()) }, trusted: ['app', 'locked'] },
      ['app', 'locked'],
    );
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await rm(lockDir, { recursive: true, force: true });
  }, 60_000);

  it('the card shows the previous version running and usable while the update waits for trust; trusted, the new version runs', async () => {
    expect(await version('app')).toBe('1.0.0');
    await editFile({ app: at('2.0.0') });

    const app = card('app');
    await waiting(app).waitFor({ timeout: 10_000 });
    expect(await waiting(app).textContent()).toContain(
      'The previous version (1.0.0) keeps running, and its tools keep working, until you trust the new launch below.',
    );
    expect(await status('app')).toBe('running');
    expect(await version('app')).toBe('1.0.0');
    expect(await app.locator('.card-badges').textContent()).toContain('Update waits for trust');
    expect(await app.locator('.target').textContent()).toBe(
      `runs (previous version) ${process.execPath} ${VERSIONED} 1.0.0`,
    );
    const prompt = app.getByRole('region', { name: 'Trust prompt: app' });
    expect(await prompt.textContent()).toContain('What it runs changed. The new launch will run exactly:');
    expect(await prompt.locator('pre').textContent()).toBe(`${process.execPath} ${VERSIONED} 2.0.0`);
    // During the wait the previous version answers, with its own tools.
    expect(await toolNames('app')).toEqual(['about', 'wait', 'since_1_0_0']);
    expect(await about('app')).toContain('versioned 1.0.0');
    await app.scrollIntoViewIfNeeded();
    await app.screenshot({ path: path.join(shots, 'launch-update-waiting-card.png') });
    await page.screenshot({ path: path.join(shots, 'launch-update-waiting.png') });

    await prompt.getByRole('button', { name: 'Trust and switch' }).click();
    await expect.poll(() => version('app'), { timeout: 20_000 }).toBe('2.0.0');
    expect(await status('app')).toBe('running');
    expect(await waiting(app).count()).toBe(0);
    expect(await app.getByRole('region', { name: 'Trust prompt: app' }).count()).toBe(0);
    expect(await app.locator('.card-badges').textContent()).not.toContain('Update');
    expect(await app.locator('.target').textContent()).toBe(`runs ${process.execPath} ${VERSIONED} 2.0.0`);
    await expect.poll(() => toolNames('app')).toEqual(['about', 'wait', 'since_2_0_0']);
    expect(await about('app')).toContain('versioned 2.0.0');
    await page.screenshot({ path: path.join(shots, 'launch-update-switched.png') });

    const switches = async () =>
      (await readActivity(path.join(shell.home, 'activity'))).entries.flatMap((e) =>
        e.kind === 'switch' ? [[e.server, e.how, e.outcome]] : [],
      );
    await expect.poll(switches).toEqual([['app', 'beside', 'ok']]);
  });

  it('a new version that cannot run beside the previous one: the previous one runs on, the card says why, and Restart starts the new one alone', async () => {
    await editFile({ locked: at('2.0.0', '--lock', lock()) });
    const locked = card('locked');
    await waiting(locked).waitFor({ timeout: 10_000 });
    await locked
      .getByRole('region', { name: 'Trust prompt: locked' })
      .getByRole('button', { name: 'Trust and switch' })
      .click();
    const failed = locked.getByRole('region', { name: 'Update failed: locked' });
    await failed.waitFor({ timeout: 20_000 });
    const said = (await failed.textContent()) ?? '';
    expect(said).toContain('The new launch did not start beside the running one:');
    expect(said).toContain(`another copy of this server is running (it holds ${lock()})`);
    expect(said).toContain(
      'The previous version (1.0.0) is still running. Restart stops it and starts the new launch alone',
    );
    expect(await locked.locator('.card-badges').textContent()).toContain('Update failed');
    expect(await status('locked')).toBe('running');
    expect(await version('locked')).toBe('1.0.0');
    expect(await about('locked')).toContain('versioned 1.0.0');
    await locked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'launch-update-failed.png') });

    await goTo(page, 'Servers');
    await locked.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect.poll(() => version('locked'), { timeout: 20_000 }).toBe('2.0.0');
    expect(await failed.count()).toBe(0);
    expect(await about('locked')).toContain('versioned 2.0.0');
  });
});
