import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY, hostileStdio } from '../fixtures/servers';
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

/**
 * The small things a careful new user noticed, each seen in Chromium: logs that keep their filters,
 * the first invalid field focused, tools with their names and descriptions, a failed call marked,
 * the Model panel closing, a narrow window, folders given on a command line.
 */
describeInChromium('UI details in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-details-44c1';

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    const files = hostileStdio('normal');
    shell = await startShellOpen(
      {
        servers: {
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
          files: { command: files.command, args: [...files.args!, '/srv/shared-docs'] },
        },
        trusted: ['everything', 'files'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
      },
      ['everything', 'files'],
    );
    page = shell.page;
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `details-${name}.png`) });
  const tools = async (server: string): Promise<Locator> => {
    await goTo(page, 'Servers');
    const details = page.locator(`[data-server="${server}"] details.server-tools`);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    return details;
  };

  it('tools are listed with their title, their name and their description', async () => {
    const list = await tools('everything');
    const echo = list.locator('li[data-tool="echo"]');
    expect(await echo.locator('.tool-names').textContent()).toMatch(/echo/);
    expect(await echo.locator('.tool-description').textContent()).toMatch(/\w+/);
    await shot('1-tools');
  });

  it('an elicitation form sent with a missing field puts the focus on it', async () => {
    const runner = await runToolByHand(page, 'everything', 'trigger-elicitation-request');
    const form = page.getByRole('dialog', { name: /Information requested by everything/ });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await form.getByLabel(/^String \*?$/).evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByRole('button', { name: 'Decline' }).click();
    await runner.getByRole('button', { name: 'Close' }).click();
  });

  it('logs keep their filters when the person comes back; the wire trace is off until asked for', async () => {
    await goTo(page, 'Logs');
    await expect.poll(() => page.getByText(/Pick a server to set the level/).count()).toBe(1);
    const wire = page.getByRole('group', { name: 'Levels and sources' }).getByLabel('wire', { exact: true });
    expect(await wire.isChecked()).toBe(false);
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('running');
    await wire.check();
    await goTo(page, 'Chats');
    await goTo(page, 'Logs');
    expect(await page.getByRole('searchbox', { name: 'Search logs' }).inputValue()).toBe('running');
    expect(await wire.isChecked()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('');
    // Recording the wire is a per-server switch, off until the person turns it on.
    const first = (await page.getByLabel('Server', { exact: true }).locator('option').nth(1).textContent())!;
    await page.getByLabel('Server', { exact: true }).selectOption(first);
    const record = page.getByLabel('Record the wire');
    expect(await record.isChecked()).toBe(false);
    await record.check();
    await expect.poll(() => record.isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('log', { name: 'Log entries' }).textContent())
      .toContain('wire trace on');
    await record.uncheck();
    await expect.poll(() => record.isChecked()).toBe(false);
    await page.getByLabel('Server', { exact: true }).selectOption('');
  });

  it('a call that failed is marked and named by server and tool; the Model panel closes on Escape', async () => {
    fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_f1', name: 'everything__get-sum', input: { a: 'x' } }] },
      { content: [{ type: 'text', text: 'That did not work.' }] },
    );
    await goTo(page, 'Chats');
    await openNewChat(page);
    await sendFromComposer(page, 'Add these');
    await allowToolOnce(page, 'everything');
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent())
      .toContain('That did not work.');
    const card = page.locator('details.tool-card').last();
    expect(await card.getAttribute('class')).toMatch(/tool-(error|failed)/);
    expect(await card.getAttribute('open')).not.toBeNull();
    expect(await card.locator('summary').textContent()).toMatch(/everything · get-sum/);
    await shot('2-failed-call');

    await page.getByRole('button', { name: 'Model…' }).click();
    const panel = page.getByRole('form', { name: 'Conversation settings' });
    await expect.poll(() => panel.count()).toBe(1);
    await panel.getByLabel('System prompt').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('a 900 px window: nothing wider than the window; a folder on a command line is pointed out', async () => {
    await page.setViewportSize({ width: 900, height: 760 });
    for (const section of ['Chats', 'Servers', 'Logs', 'Folders']) {
      await goTo(page, section);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ section, overflow }).toEqual({ section, overflow: 0 });
    }
    await shot('3-folders-900');

    // The open conversation's actions keep together: on one line, never one stray button below.
    await goTo(page, 'Chats');
    const actions = page.locator('.chat-actions > *');
    expect(await actions.count()).toBe(5);
    const tops = await actions.evaluateAll((els) =>
      els.map((e) => Math.round(e.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    // Export… offers both formats; Markdown saves the conversation as a file.
    await page.locator('.chat-actions summary', { hasText: 'Export…' }).click();
    await shot('3a-chat-900-export');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Markdown (.md)' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.md$/);
    expect(await readFile((await saved.path())!, 'utf8')).toContain('That did not work.');
    expect(await page.getByRole('button', { name: 'Markdown (.md)' }).isVisible()).toBe(false);
    await goTo(page, 'Folders');
    expect(await page.getByRole('note').first().textContent({ timeout: 5000 })).toMatch(
      /files was started with \/srv\/shared-docs\. A server that takes folders from here/,
    );
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('what is typed and not sent is there again after a reload, marked in the list; New chat keeps it', async () => {
    const DRAFT = 'Half a thought, not sent yet';
    const composer = page.getByRole('textbox', { name: 'Message' });
    const current = page.locator('.conversation-list [aria-current="true"]');
    const drafted = page.locator('.conversation-list li').filter({ hasText: ' · draft' });
    await goTo(page, 'Chats');
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect
      .poll(async () => ((await current.count()) === 1 ? await current.textContent() : ''))
      .toMatch(/^New conversationNo messages yet/);
    await composer.fill(DRAFT);
    // Kept with the host a moment after the typing stops: on disk, in the data folder.
    await expect
      .poll(() => readFile(path.join(shell.home, 'drafts.json'), 'utf8').catch(() => ''), { timeout: 10_000 })
      .toContain(DRAFT);
    await page.reload();
    // The reload keeps the place (the conversation's address): the same conversation, its draft in the box.
    await expect.poll(() => composer.inputValue(), { timeout: 10_000 }).toBe(DRAFT);
    // New chat removes empty conversations — never one holding a draft — and the list marks it.
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect
      .poll(async () => ((await current.count()) === 1 ? await current.textContent() : ''))
      .toMatch(/^New conversationNo messages yet · [^·]*$/);
    await expect.poll(() => drafted.count()).toBe(1);
    expect(await drafted.textContent()).toMatch(/^New conversationNo messages yet · .* · draft$/);
    await shot('4-draft-after-reload');
    expect(await composer.inputValue()).toBe('');
    await drafted.getByRole('button').click();
    await expect.poll(() => composer.inputValue()).toBe(DRAFT);
  });
});
