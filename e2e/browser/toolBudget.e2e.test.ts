import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../fixtures/openai/fakeOpenAI';
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

const KEY = 'sk-budget-e2e-5f0a';
const NAMES = ['everything', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8'];

/**
 * More tools than the provider takes (server-everything ×8 against OpenAI's 128): the chat says so
 * before sending anything, the person chooses which servers and tools go to this conversation, and
 * what was chosen is sent (and remembered).
 */
describeInChromium('the tool budget in Chromium', () => {
  let gateway: FakeOpenAI;
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    gateway = await startFakeOpenAI({ apiKey: KEY });
    const servers = Object.fromEntries(
      NAMES.map((n) => [n, { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] }]),
    );
    shell = await startShellOpen(
      {
        servers,
        trusted: NAMES,
        secrets: { [`openai/gw/api-key@${new URL(gateway.url).origin}`]: KEY },
        files: {
          'settings.json': {
            openai: [{ id: 'gw', name: 'Gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' }],
            defaultProvider: 'gw',
            // Every tool sent, as before tool search (with it, nothing to choose: toolSearch tests).
            toolSearch: 'off',
          },
        },
      },
      NAMES,
    );
    page = shell.page;
  }, 90_000);
  afterAll(async () => {
    await shell?.stop();
    await gateway?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `budget-${name}.png`) });

  it('too many tools: said before sending, the person leaves a server out, the rest is sent and remembered', async () => {
    await goTo(page, 'Chats');
    await openNewChat(page);
    await sendFromComposer(page, 'Hello');
    const banner = page.locator('.banner.error');
    await expect
      .poll(() => banner.textContent(), { timeout: 15_000 })
      .toMatch(
        /^\d+ tools are on for this conversation, and Gateway takes at most 128 in a request\. Choose which servers and tools this conversation uses\./,
      );
    const total = Number((await banner.textContent())!.match(/^(\d+)/)![1]);
    expect(total).toBeGreaterThan(128);
    expect(gateway.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(0);

    await banner.getByRole('button', { name: 'Choose tools…' }).click();
    const form = page.getByRole('form', { name: 'Tools for this conversation' });
    await expect
      .poll(() => form.locator('[data-tool-count]').textContent())
      .toContain(`${total} of ${total} tools`);
    expect(await form.getByRole('alert').textContent()).toContain('takes at most 128');
    expect(await form.getByRole('button', { name: 'Save and send again' }).isDisabled()).toBe(true);
    await shot('1-too-many');
    await form.getByRole('checkbox', { name: /^e8 / }).uncheck();
    const perServer = total / 8;
    await expect
      .poll(() => form.locator('[data-tool-count]').textContent())
      .toContain(`${total - perServer} of ${total} tools`);
    expect(await form.getByRole('alert').count()).toBe(0);
    await shot('2-chosen');
    gateway.script({ content: 'Hello with fewer tools.' });
    await form.getByRole('button', { name: 'Save and send again' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 15_000 })
      .toContain('Hello with fewer tools.');
    const sent = gateway.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(sent).toHaveLength(1);
    const names = (sent[0]!.body!.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names).toHaveLength(total - perServer);
    expect(names.some((n) => n.startsWith('e8__'))).toBe(false);
    // Remembered: the next message goes with the same choice, without asking — once the first reply
    // has finished (Enter while a reply is still running sends nothing: the text waits in the box).
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);
    gateway.script({ content: 'Still fewer.' });
    await page.getByRole('textbox', { name: 'Message' }).fill('Again');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 15_000 })
      .toContain('Still fewer.');
    expect(
      (gateway.requests.filter((r) => r.path === '/v1/chat/completions')[1]!.body!.tools as unknown[]).length,
    ).toBe(total - perServer);
    await shot('3-sent');
  }, 60_000);

  it('the notice follows the budget: over it, today’s numbers; cleared in Settings, Retry; one click offers one server', async () => {
    const budgetField = () => page.getByLabel('Most tokens of tool definitions in a request');
    await goTo(page, 'Settings');
    await budgetField().fill('1000');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count())
      .toBeGreaterThan(0);
    await goTo(page, 'Chats');
    await openNewChat(page);
    const completions = () => gateway.requests.filter((r) => r.path === '/v1/chat/completions');
    const before = completions().length;
    await sendFromComposer(page, 'Within budget?');
    const banner = page.locator('.banner.error');
    await expect
      .poll(() => banner.textContent(), { timeout: 15_000 })
      .toMatch(/over your budget of 1,000 \(Settings\)/);
    expect(await banner.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(completions()).toHaveLength(before);
    await shot('4-over-budget');

    // The budget cleared in Settings: back in the chat, the notice says the tools fit, and Retry sends.
    await goTo(page, 'Settings');
    await budgetField().fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // Saved before the chat reads the settings again.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count())
      .toBeGreaterThan(0);
    await goTo(page, 'Chats');
    await expect.poll(() => banner.textContent()).toMatch(/now fit\./);
    expect(await banner.textContent()).not.toContain('over your budget');
    await shot('5-budget-cleared');
    gateway.script({ content: 'Sent once the budget was cleared.' });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 15_000 })
      .toContain('Sent once the budget was cleared.');
    expect(completions()).toHaveLength(before + 1);

    // One click offers one server's tools.
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Tools…' }).click();
    const form = page.getByRole('form', { name: 'Tools for this conversation' });
    const count = () => form.locator('[data-tool-count]').textContent();
    const total = Number((await count())!.match(/ of (\d+) tools/)![1]);
    await form.getByRole('button', { name: 'Only e3' }).click();
    await expect.poll(count).toMatch(new RegExp(`^${total / 8} of ${total} tools`));
    await shot('6-only-one-server');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    gateway.script({ content: 'Only e3 now.' });
    await sendFromComposer(page, 'And now?');
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 15_000 })
      .toContain('Only e3 now.');
    const names = (completions().at(-1)!.body!.tools as { function: { name: string } }[]).map(
      (t) => t.function.name,
    );
    expect(names).toHaveLength(total / 8);
    expect(names.every((n) => n.startsWith('e3__'))).toBe(true);
  }, 60_000);
});
