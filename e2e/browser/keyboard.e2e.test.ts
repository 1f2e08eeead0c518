import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  openNewChat,
  type RunningShell,
  sendFromComposer,
  shots,
  startShellOpen,
} from './shellFixture';

const API_KEY = 'sk-ant-keyboard-e2e-31bb';
const ECHO = 'everything__echo';

/**
 * Keyboard and addresses in Chromium through the browser shell: where the focus goes after a consent,
 * the command palette and the shortcuts sheet, and each page's and conversation's own address (reload,
 * back, forward).
 */
describeInChromium('keyboard and addresses in Chromium', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;
  const origin = () => new URL(shell.url).origin;
  const pathname = () => new URL(page.url()).pathname;
  const shot = (name: string) => page.screenshot({ path: path.join(shots, `keyboard-${name}.png`) });
  const focusedLabel = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el === document.body ? 'body' : (el?.getAttribute('aria-label') ?? el?.textContent ?? '');
    });
  const title = () => page.locator('.conversation h1');
  const composer = () => page.getByRole('textbox', { name: 'Message' });
  const replyDone = () =>
    expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);

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
    await goTo(page, 'Chats');
  });
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await shot(`failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
    for (let i = 0; i < 5 && (await page.locator('dialog[open]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  });

  it('Allow in a consent dialog gives the focus back to the message box the question was typed in', async () => {
    fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_k1', name: ECHO, input: { message: 'focus' } }] },
      { content: [{ type: 'text', text: 'Echoed, focus kept.' }] },
    );
    await openNewChat(page);
    // New chat leaves the focus in the new conversation's box, not on the button.
    await expect.poll(focusedLabel).toBe('Message');
    await sendFromComposer(page, 'Echo for the focus test');
    const consent = page.getByRole('dialog', { name: /Tool call from everything$/ });
    await consent.waitFor();
    await consent.getByRole('button', { name: 'Allow once' }).click();
    await replyDone();
    await expect.poll(focusedLabel).toBe('Message');
    // Typing goes on where it was, without a click.
    await page.keyboard.type('still here');
    expect(await composer().inputValue()).toBe('still here');
    await composer().fill('');
    expect(pathname()).toMatch(/^\/chats\/[\w-]+$/);
  });

  it('Ctrl+K opens the palette: typing part of a name, Enter opens that conversation; a server goes to its card', async () => {
    fake.script({ content: [{ type: 'text', text: 'Noted.' }] });
    await openNewChat(page);
    await sendFromComposer(page, 'Lisbon itinerary draft');
    await replyDone();
    const lisbon = pathname();
    await openNewChat(page);
    await expect.poll(() => title().textContent()).toBe('New conversation');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const box = palette.getByRole('combobox', { name: 'Go to a conversation, server, tool or action' });
    await expect.poll(focusedLabel).toBe('Go to a conversation, server, tool or action');
    // Before anything is typed: the actions (with their keys), then conversations, servers, tools.
    await expect.poll(() => palette.getByRole('option').count()).toBeGreaterThan(15);
    await shot('palette-all');
    await box.pressSequentially('lisb');
    await expect
      .poll(() => palette.getByRole('option', { selected: true }).textContent())
      .toContain('Lisbon itinerary draft');
    await shot('palette');
    await page.keyboard.press('Enter');
    await expect.poll(() => title().textContent()).toBe('Lisbon itinerary draft');
    expect(pathname()).toBe(lisbon);
    await expect.poll(focusedLabel).toBe('Message');

    await page.keyboard.press('Control+k');
    await box.pressSequentially('everything echo');
    await expect
      .poll(() => palette.getByRole('option', { selected: true }).textContent())
      .toMatch(/^Tooleverything · /);
    // A tool: its server's card with the tool list open, the focus on the tool's switch.
    await page.keyboard.press('Enter');
    await expect.poll(pathname).toBe('/servers');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-tool]')?.getAttribute('data-tool')),
      )
      .toBe('echo');
    expect(
      await page.locator('[data-server="everything"] details.server-tools').getAttribute('open'),
    ).not.toBeNull();
    await page.keyboard.press('Control+k');
    // The server itself (its tools come after it).
    await box.fill('server everything');
    await expect
      .poll(() => palette.getByRole('option', { selected: true }).textContent())
      .toMatch(/^Servereverything/);
    await page.keyboard.press('Enter');
    await expect.poll(pathname).toBe('/servers');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.server))
      .toBe('everything');
  });

  it('? lists the shortcuts (not while typing); Escape closes the sheet', async () => {
    await goTo(page, 'Chats');
    await composer().focus();
    await page.keyboard.press('Shift+Slash');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    expect(await composer().inputValue()).toBe('?');
    await composer().fill('');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    for (const listed of [
      'Ctrl+K',
      'Ctrl+Shift+O',
      'New chat',
      'Shift+Esc',
      'Search chats',
      'Alt+↑',
      'G then S',
      'Go to Logs',
    ])
      expect(text, listed).toContain(listed);
    await shot('shortcuts');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    // And the sequences work: G then L opens Logs, at its address.
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await expect.poll(pathname).toBe('/logs');
  });

  it('a reload on /chats/<id> reopens that conversation; back and forward move between Servers and it', async () => {
    await page.keyboard.press('Control+k');
    await page
      .getByRole('combobox', { name: 'Go to a conversation, server, tool or action' })
      .pressSequentially('lisbon');
    await page.keyboard.press('Enter');
    await expect.poll(() => title().textContent()).toBe('Lisbon itinerary draft');
    const address = pathname();
    expect(address).toMatch(/^\/chats\/[\w-]+$/);
    await page.reload();
    await expect.poll(() => title().textContent()).toBe('Lisbon itinerary draft');
    expect(pathname()).toBe(address);
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).textContent()).toContain('Noted.');

    await goTo(page, 'Servers');
    await expect.poll(pathname).toBe('/servers');
    await page.goBack();
    await expect.poll(pathname).toBe(address);
    await expect.poll(() => title().textContent()).toBe('Lisbon itinerary draft');
    await page.goForward();
    await expect.poll(pathname).toBe('/servers');
    await expect.poll(() => page.getByRole('heading', { name: 'Servers', level: 1 }).count()).toBe(1);
    // A reload there stays there.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Servers', level: 1 }).count()).toBe(1);
  });

  it('an address naming no conversation says so in plain words and shows the list', async () => {
    for (const id of ['no-such-conversation', '0f6b1c3e-8a4d-4e55-9b1a-2f9c7d0e6a11']) {
      await page.goto(`${origin()}/chats/${id}`);
      await expect
        .poll(() => page.locator('.notices').textContent())
        .toContain(
          'No conversation at this address (deleted, or the address is not whole): here are the others.',
        );
      // Never what the host's argument checks say.
      expect(await page.locator('body').textContent()).not.toMatch(
        /bad arguments|Invalid UUID|getConversation/,
      );
      await expect.poll(pathname).toBe('/chats');
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Conversations' }).textContent())
        .toContain('Lisbon itinerary draft');
    }
  });

  it('an address that is no page is the app saying so, not a bare "not found"', async () => {
    const response = await page.goto(`${origin()}/nonsense`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.locator('.notices').textContent())
      .toContain('There is no page at /nonsense: here are your chats.');
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await expect.poll(pathname).toBe('/chats');
    await shot('no-such-page');
  });
});
