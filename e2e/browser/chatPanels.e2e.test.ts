import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
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
 * Issue 32 (4, 8) in Chromium at 1280×860: Model… and Tools… open beside the conversation and never
 * squeeze the transcript, close on Escape (wherever the focus is) and on Save, and give the focus
 * back; a tool run by hand is its own consent, timed by the tool alone.
 */
describeInChromium('conversation panels and hand runs in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-panels-2b7d';

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShellOpen(
      {
        servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
        trusted: ['everything'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url } } },
      },
      ['everything'],
    );
    page = shell.page;
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `panels-${name}.png`) });
  const transcriptHeight = () =>
    page.getByRole('log', { name: 'Messages' }).evaluate((e) => e.getBoundingClientRect().height);

  it('both panels open at 1280×860 leave the transcript its height; Escape anywhere closes them, the focus goes back; Save closes', async () => {
    expect(page.viewportSize()).toEqual({ width: 1280, height: 860 });
    await goTo(page, 'Chats');
    await openNewChat(page);
    fake.script({ content: [{ type: 'text', text: 'An answer to keep in view.' }] });
    await sendFromComposer(page, 'A question');
    const messages = page.getByRole('log', { name: 'Messages' });
    await expect
      .poll(() => messages.textContent(), { timeout: 15_000 })
      .toContain('An answer to keep in view.');
    const alone = await transcriptHeight();

    const modelButton = page.getByRole('button', { name: 'Model…' });
    const toolsButton = page.getByRole('button', { name: 'Tools…' });
    await modelButton.click();
    const model = page.getByRole('form', { name: 'Conversation settings' });
    await expect.poll(() => model.count()).toBe(1);
    // The focus went into the panel.
    await expect.poll(() => model.evaluate((f) => f.contains(document.activeElement))).toBe(true);
    await toolsButton.click();
    const tools = page.getByRole('form', { name: 'Tools for this conversation' });
    await expect.poll(() => tools.count()).toBe(1);
    await expect.poll(() => tools.evaluate((f) => f.contains(document.activeElement))).toBe(true);
    const both = await transcriptHeight();
    // Only the header may take a second line in the narrower column; the transcript keeps its height.
    expect(both).toBeGreaterThan(200);
    expect(both).toBeGreaterThan(alone - 100);
    expect(await messages.isVisible()).toBe(true);
    // The composer is still on screen, below the transcript.
    const composer = await page.getByRole('textbox', { name: 'Message' }).boundingBox();
    expect(composer!.y + composer!.height).toBeLessThanOrEqual(860);
    await shot('1-both-open');

    // Escape with the focus in the transcript, not in a panel: the last opened closes first.
    await messages.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => tools.count()).toBe(0);
    expect(await toolsButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => model.count()).toBe(0);
    expect(await modelButton.evaluate((b) => b === document.activeElement)).toBe(true);

    // Save closes the panel, having saved.
    await modelButton.click();
    await model.getByLabel('System prompt').fill('Answer briefly.');
    await model.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => model.count()).toBe(0);
    expect(await modelButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await modelButton.click();
    expect(await model.getByLabel('System prompt').inputValue()).toBe('Answer briefly.');
    await toolsButton.click();
    await tools.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tools.count()).toBe(0);
    await shot('2-tools-saved');
    await page.keyboard.press('Escape');
    await expect.poll(() => model.count()).toBe(0);

    // A 900 px window: the sheet lies along the right edge, the transcript keeps its height, nothing overflows.
    await page.setViewportSize({ width: 900, height: 760 });
    try {
      const narrow = await transcriptHeight();
      await toolsButton.click();
      await expect.poll(() => tools.count()).toBe(1);
      expect(await transcriptHeight()).toBe(narrow);
      expect(narrow).toBeGreaterThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await shot('2a-narrow');
      await page.keyboard.press('Escape');
      await expect.poll(() => tools.count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  it("a hand run of echo asks no consent, the server's log records it, and its time is the tool's", async () => {
    const runner = await runToolByHand(page, 'everything', 'echo', {
      fill: (r) => r.getByLabel('message').fill('by hand'),
    });
    const result = runner.getByRole('region', { name: 'Result' });
    await expect.poll(() => result.textContent(), { timeout: 10_000 }).toContain('Echo: by hand');
    expect(await page.getByRole('dialog', { name: /Tool call from everything$/ }).count()).toBe(0);
    // Echo answers at once: its own time, with nobody's reading in it.
    expect(await result.textContent()).toMatch(/^Done in 0\.\d s/);
    await shot('3-hand-run');
    await runner.getByRole('button', { name: 'Close' }).click();

    // A longer tool: the time is the tool's (it sleeps a second), still with no dialog.
    const long = await runToolByHand(page, 'everything', 'trigger-long-running-operation', {
      fill: async (r) => {
        await r.getByLabel('duration').fill('1');
        await r.getByLabel('steps').fill('1');
      },
    });
    const longResult = long.getByRole('region', { name: 'Result' });
    await expect.poll(() => longResult.textContent(), { timeout: 10_000 }).toMatch(/^Done in /);
    const seconds = Number((await longResult.textContent())!.match(/^Done in ([\d.]+) s/)![1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThan(3);
    await long.getByRole('button', { name: 'Close' }).click();

    await goTo(page, 'Logs');
    await page.getByLabel('Server', { exact: true }).selectOption('everything');
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('run by hand');
    const log = page.getByRole('log', { name: 'Log entries' });
    await expect
      .poll(() => log.textContent())
      .toContain(
        `Tool echo run by hand in the tool runner (the person's Run is its consent), arguments {"message":"by hand"}`,
      );
    await shot('4-hand-run-logged');
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('');
  });
});
