import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  runToolByHand,
  shots,
  startShell,
} from './shellFixture';

const API_KEY = 'sk-ant-tasks-e2e-5b21';
const RESEARCH = 'everything__simulate-research-query';

/**
 * A tool that runs as a task (server-everything's simulate-research-query: taskSupport "required",
 * four one-second stages) in the app: its status shows on the card, it keeps running when the page
 * is reloaded, its result reaches the conversation; from the tool runner it can be cancelled.
 */
describeInChromium('tasks in the app', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShell({
      servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
      trusted: ['everything'],
      secrets: { 'anthropic/api-key': API_KEY },
      files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
    });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="everything"] [data-status="running"]', { timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  }, 60_000);

  it('a chat’s tool call that becomes a task shows its status, survives a reload, and its result reaches the model', async () => {
    await goTo(page, 'Chats');
    fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_t1', name: RESEARCH, input: { topic: 'tides' } }] },
      { content: [{ type: 'text', text: 'The research on tides is done.' }] },
    );
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('combobox', { name: 'Message' }).fill('Research tides');
    await page.getByRole('combobox', { name: 'Message' }).press('Enter');
    await page
      .getByRole('dialog', { name: /Tool call from everything$/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    const status = page.locator('[data-task-status]');
    await expect
      .poll(() => status.first().getAttribute('data-task-status'), { timeout: 10_000 })
      .toBe('working');
    await page.screenshot({ path: path.join(shots, 'task-working.png') });
    // The page goes away and comes back; the task runs on in the host.
    await page.reload();
    await goTo(page, 'Chats');
    await page.getByRole('navigation', { name: 'Conversations' }).getByText('Research tides').click();
    // The reloaded page shows the task still working (its next status reaches the new page).
    await expect
      .poll(() => page.locator('[data-task-status]').first().getAttribute('data-task-status'), {
        timeout: 5_000,
      })
      .toBe('working');
    await page.screenshot({ path: path.join(shots, 'task-after-reload.png') });
    const log = page.getByRole('log', { name: 'Messages' });
    await expect
      .poll(() => log.textContent(), { timeout: 20_000 })
      .toContain('The research on tides is done.');
    const sent = JSON.stringify(
      fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body?.messages,
    );
    expect(sent).toContain('tides');
    await page.screenshot({ path: path.join(shots, 'task-done.png') });
  }, 60_000);

  it('from the tool runner a task can be cancelled, and says so', async () => {
    const runner = await runToolByHand(page, 'everything', 'simulate-research-query', {
      fill: (r) => r.getByLabel('topic').fill('glaciers'),
    });
    await expect
      .poll(() => runner.locator('[data-task-status]').getAttribute('data-task-status'), { timeout: 10_000 })
      .toBe('working');
    await runner.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toMatch(/[Cc]ancel/);
    await page.screenshot({ path: path.join(shots, 'task-cancelled.png') });
  }, 60_000);
});
