import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  allowToolOnce,
  describeInChromium,
  goTo,
  openNewChat,
  type RunningShell,
  runToolByHand,
  sendFromComposer,
  shots,
  startShellOpen,
} from './shellFixture';

const API_KEY = 'sk-ant-tasks-e2e-5b21';
const RESEARCH = 'everything__simulate-research-query';

/**
 * A tool that runs as a task (server-everything's simulate-research-query: taskSupport "required",
 * four one-second stages, a question at the third when the topic is ambiguous) in the app: its status
 * shows on the card, it waits on its question while the page is reloaded, the answer goes on from
 * the new page, its result reaches the conversation; from the tool runner it can be cancelled.
 */
describeInChromium('tasks in the app', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShellOpen(
      {
        servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
        trusted: ['everything'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
      },
      ['everything'],
    );
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  }, 60_000);

  it('a chat’s tool call that becomes a task shows its status, waits on its question across a reload, and its result reaches the model', async () => {
    await goTo(page, 'Chats');
    fake.script(
      // Ambiguous: at its third stage the task asks which tides are meant (input_required) and waits
      // for the person — so it is surely still running however long the reload below takes.
      {
        content: [
          { type: 'tool_use', id: 'toolu_t1', name: RESEARCH, input: { topic: 'tides', ambiguous: true } },
        ],
      },
      { content: [{ type: 'text', text: 'The research on tides is done.' }] },
    );
    await openNewChat(page);
    await sendFromComposer(page, 'Research tides');
    await allowToolOnce(page, 'everything');
    const status = page.locator('[data-task-status]');
    await expect
      .poll(() => status.first().getAttribute('data-task-status'), { timeout: 10_000 })
      .toBe('working');
    await page.screenshot({ path: path.join(shots, 'task-working.png') });
    const question = page.getByRole('dialog', { name: /Information requested by everything/ });
    await expect.poll(() => question.count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => status.first().getAttribute('data-task-status'), { timeout: 10_000 })
      .toBe('input_required');
    // The page goes away and comes back; the task waits on in the host, its question with it (a
    // reload is not a closed window: nothing waiting on the person is refused).
    await page.reload();
    await expect.poll(() => question.count(), { timeout: 10_000 }).toBe(1);
    await page.screenshot({ path: path.join(shots, 'task-after-reload.png') });
    await question.getByLabel(/Clarification/).selectOption({ label: 'Historical perspective' });
    await question.getByRole('button', { name: 'Send' }).click();
    await goTo(page, 'Chats');
    await page.getByRole('navigation', { name: 'Conversations' }).getByText('Research tides').click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect
      .poll(() => log.textContent(), { timeout: 20_000 })
      .toContain('The research on tides is done.');
    const sent = JSON.stringify(
      fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body?.messages,
    );
    expect(sent).toContain('historical');
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
