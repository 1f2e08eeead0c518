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
  sendFromComposer,
  shots,
  startShellOpen,
} from './shellFixture';

/**
 * Issue 33 (1) in Chromium: with tool search on (Anthropic's own, over deferred tools), the
 * conversation shows what the model searched for and the tools it found (as server · tool); the found
 * tool then asks for consent as any other.
 */
describeInChromium('tool search in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-search-e2e-41aa';

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShellOpen(
      {
        servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
        trusted: ['everything'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url }, toolSearch: 'always' } },
      },
      ['everything'],
    );
    page = shell.page;
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `search-${name}.png`) });

  it('the search and what it found show in the conversation; the found tool asks for consent and runs', async () => {
    await goTo(page, 'Chats');
    await openNewChat(page);
    // Anthropic's own search (tool_search_tool_bm25 over the deferred tools), then the call it found.
    fake.script(
      {
        content: [
          { type: 'tool_search', id: 'srvtoolu_e', query: 'echo a message back' },
          { type: 'tool_use', id: 'toolu_e', name: 'everything__echo', input: { message: 'found you' } },
        ],
      },
      { content: [{ type: 'text', text: 'It echoed.' }] },
    );
    const before = fake.requests.length;
    await sendFromComposer(page, 'Echo something');
    await allowToolOnce(page, 'everything');
    const messages = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => messages.textContent(), { timeout: 15_000 }).toContain('It echoed.');
    const card = page.getByRole('group', { name: 'Tool search' });
    expect(await card.locator('summary').textContent()).toMatch(
      /^searched Tool search for “echo a message back” · \d found$/,
    );
    await card.locator('summary').click();
    expect(await card.getByRole('list', { name: 'Tools found' }).textContent()).toContain(
      'everything · echo',
    );
    await shot('1-found');
    const sent = fake.requests.slice(before).filter((r) => r.path === '/v1/messages');
    const tools = sent[0]!.body!.tools as { name: string; defer_loading?: boolean }[];
    expect(tools.filter((t) => !t.defer_loading).map((t) => t.name)).toEqual(['tool_search_tool_bm25']);
    expect(tools.filter((t) => t.defer_loading).map((t) => t.name)).toContain('everything__echo');
    // The Tools panel says the model searches them.
    await page.getByRole('button', { name: 'Tools…' }).click();
    await expect
      .poll(() => page.locator('[data-tool-count]').textContent())
      .toMatch(/The model searches them and is sent only those it finds/);
    await shot('2-tools-panel');
  });

  it('a tool marked “always offer” on the Servers page goes loaded beside the search in the next request', async () => {
    await goTo(page, 'Servers');
    const details = page.locator('[data-server="everything"] details.server-tools');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    const pin = details.getByRole('checkbox', { name: /^Always offer Echo/ });
    // Checked once the host has kept it (the box follows the catalog).
    await pin.click();
    await expect.poll(() => pin.isChecked(), { timeout: 5000 }).toBe(true);
    await details.locator('li[data-tool="echo"]').scrollIntoViewIfNeeded();
    await shot('3-always-offer');
    await goTo(page, 'Chats');
    await openNewChat(page);
    fake.script({ content: [{ type: 'text', text: 'Echo is at hand.' }] });
    const before = fake.requests.length;
    await sendFromComposer(page, 'Hello');
    const messages = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => messages.textContent(), { timeout: 15_000 }).toContain('Echo is at hand.');
    const sent = fake.requests.slice(before).filter((r) => r.path === '/v1/messages');
    const tools = sent[0]!.body!.tools as { name: string; defer_loading?: boolean }[];
    expect(tools.filter((t) => !t.defer_loading).map((t) => t.name)).toEqual([
      'everything__echo',
      'tool_search_tool_bm25',
    ]);
    expect(tools.filter((t) => t.defer_loading).map((t) => t.name)).not.toContain('everything__echo');
    await page.getByRole('button', { name: 'Tools…' }).click();
    await expect
      .poll(() => page.locator('[data-tool-count]').textContent())
      .toMatch(/only those it finds and the one you always offer \(Servers page\)/);
  });
});
