import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { TITLE_INSTRUCTION } from '../../electron/host/chat/titleRequest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import {
  describeInChromium,
  goTo,
  openNewChat,
  type RunningShell,
  sendFromComposer,
  shots,
  startShell,
} from './shellFixture';

const API_KEY = 'sk-ant-titles-e2e-40c3';

/**
 * Conversations titled by their model, as a person sees it in the browser shell: the first line
 * until the title comes, then the model's title in the list and over the conversation; Settings turns
 * it off. Our fake Anthropic API answers the turns and, apart, the title requests.
 */
describeInChromium('conversation titles in Chromium', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShell({
      servers: {},
      secrets: { 'anthropic/api-key': API_KEY },
      files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-haiku-5-5' } } },
    });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Chats');
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await shot(`failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `titles-${name}.png`) });
  const heading = () => page.locator('.conversation h1');
  const current = () => page.locator('.conversation-list [aria-current="true"]');
  const replyDone = () =>
    expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);

  it('the first line until the title comes, then the model’s title in the list and over the conversation — one request, no tools', async () => {
    fake.script({ content: [{ type: 'text', text: 'Take the night train from Bergen.' }] });
    // Streamed slowly: the first line shows meanwhile.
    fake.scriptTitle({ content: [{ type: 'text', text: 'Oslo by night train' }], eventDelayMs: 250 });
    const before = fake.titleRequests.length;
    await openNewChat(page);
    await page.getByRole('textbox', { name: 'Message' }).fill('  Plan a trip to Oslo  \nin May, by train');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => heading().textContent()).toBe('Plan a trip to Oslo');
    await replyDone();
    await expect.poll(() => fake.titleRequests.length - before).toBe(1);
    expect(await heading().textContent()).toBe('Plan a trip to Oslo');
    await expect.poll(() => heading().textContent(), { timeout: 10_000 }).toBe('Oslo by night train');
    await expect.poll(() => current().textContent()).toMatch(/^Oslo by night train/);
    await shot('titled');
    const asked = fake.titleRequests.at(-1)!.body!;
    expect(asked.tools).toBeUndefined();
    expect(JSON.stringify(asked.system)).toContain(TITLE_INSTRUCTION.slice(0, 40));
    expect(JSON.stringify(asked.messages)).toContain('Take the night train from Bergen.');
    expect(fake.titleRequests.length - before).toBe(1);
  });

  it('turned off in Settings: no title request, the conversation keeps its first line', async () => {
    await goTo(page, 'Settings');
    const box = page.getByRole('checkbox', { name: 'Title conversations with the model' });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    await goTo(page, 'Chats');
    fake.script({ content: [{ type: 'text', text: 'Sure.' }] });
    fake.scriptTitle({ content: [{ type: 'text', text: 'Not to be asked' }] });
    const before = fake.titleRequests.length;
    await openNewChat(page);
    await sendFromComposer(page, 'Plan a trip to Bergen');
    await replyDone();
    // A title would be asked for at once after the reply: given time, none is.
    await page.waitForTimeout(1500);
    expect(fake.titleRequests.length).toBe(before);
    expect(await heading().textContent()).toBe('Plan a trip to Bergen');
    expect(await current().textContent()).toMatch(/^Plan a trip to Bergen/);
  });
});
