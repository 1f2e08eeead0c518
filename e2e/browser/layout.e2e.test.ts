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
  sendFromComposer,
  shots,
  startShell,
} from './shellFixture';

/**
 * The first screen at 1280×800, a laptop's: the chat column is the window's height, only the transcript
 * scrolls, and Send is in view however long the conversation and whatever "Getting started" says. Once a
 * provider and a server work, Getting started shrinks to a chip (a server waiting for trust after that
 * is a chip's worth, not the checklist again). Settings' fields follow each other without a gap.
 */
describeInChromium('layout at 1280×800 in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-layout-5e21';

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShell({
      servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
      files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
    });
    page = shell.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(shell.url);
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `layout-${name}.png`) });
  const gettingStarted = () => page.getByRole('region', { name: 'Getting started' });
  /** Send wholly inside the window, and the page itself not scrolled nor scrollable. */
  async function sendInView() {
    const send = page.getByRole('button', { name: 'Send', exact: true });
    const box = await send.boundingBox();
    expect(box, 'the Send button is drawn').not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    const page_ = await page.evaluate(() => ({
      scrolled: document.scrollingElement!.scrollTop,
      overflow: document.scrollingElement!.scrollHeight - window.innerHeight,
    }));
    expect(page_).toEqual({ scrolled: 0, overflow: 0 });
  }

  it('with the whole checklist above a new chat, Send is in view', async () => {
    await expect.poll(() => gettingStarted().locator('li').count()).toBe(3);
    await openNewChat(page);
    await shot('1-checklist');
    await sendInView();
  });

  it('once a provider and a server work, a long conversation scrolls only its transcript', async () => {
    await goTo(page, 'Settings');
    await page.getByLabel('API key', { exact: true }).fill(API_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await goTo(page, 'Servers');
    await page.locator('[data-server="everything"]').getByRole('button', { name: 'Trust and start' }).click();
    await expect.poll(() => gettingStarted().count(), { timeout: 20_000 }).toBe(0);
    await goTo(page, 'Chats');
    const long = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
    fake.script({ content: [{ type: 'text', text: long }] });
    await sendFromComposer(page, 'Tell me something long');
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 20_000 })
      .toContain('Line 60 of a long answer.');
    await shot('2-long-conversation');
    await sendInView();
  });

  it('a server waiting for trust afterwards is a chip, not the checklist again', async () => {
    await goTo(page, 'Servers');
    await page.getByRole('button', { name: 'Add server' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a server' });
    await editor.getByLabel('Name', { exact: true }).fill('another');
    await editor.getByLabel(/^Command/).fill(`${process.execPath} ${EVERYTHING_ENTRY} stdio`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => gettingStarted().textContent()).toMatch(/1 server waits for you to trust it/);
    // One line, no list of steps.
    expect(await gettingStarted().locator('li').count()).toBe(0);
    expect((await gettingStarted().boundingBox())!.height).toBeLessThan(40);
    await goTo(page, 'Chats');
    await shot('3-chip');
    await sendInView();
    // The chip leads to the card that waits.
    await gettingStarted().getByRole('button', { name: 'Open Servers' }).click();
    await page.locator('[data-server="another"]').getByRole('button', { name: 'Trust and start' }).click();
    await expect.poll(() => gettingStarted().count(), { timeout: 20_000 }).toBe(0);
  });

  it('Settings: the heading after "Default model" follows it closely', async () => {
    await goTo(page, 'Settings');
    const model = (await page.getByLabel('Default model', { exact: true }).boundingBox())!;
    const next = (await page.getByRole('heading', { name: 'Signing in to servers (OAuth)' }).boundingBox())!;
    await page.screenshot({ path: path.join(shots, 'layout-4-settings.png'), fullPage: true });
    // A field's margin and the heading's own: no room left for a hidden list (it was 290 px).
    expect(next.y - (model.y + model.height)).toBeLessThan(60);
  });
});
