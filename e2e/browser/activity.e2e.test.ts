import { appendFile, readFile, writeFile } from 'node:fs/promises';
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
  startShell,
  startShellOpen,
} from './shellFixture';

/**
 * Issue 34 in Chromium: tool calls made in the app — by hand, and by the model with the person's
 * answer — are on the Activity page, newest first, with who asked and how it was decided; filtered,
 * searched, opened to their conversation, exported; an edited line in the record is said.
 */
describeInChromium('the Activity page in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-activity-5c1e';

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

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `activity-${name}.png`) });
  const consent = () => page.getByRole('dialog', { name: /Tool call from everything$/ });
  const rows = () => page.getByRole('log', { name: 'Activity entries' }).locator('.activity-summary');
  const summaries = async () => (await rows().allTextContents()).map((t) => t.replace(/^.*? · /, ''));

  it('every call is there, newest first: who asked, how it was decided, how it ended', async () => {
    const runner = await runToolByHand(page, 'everything', 'echo', {
      fill: (r) => r.getByLabel('message').fill('by hand'),
    });
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent(), { timeout: 10_000 })
      .toContain('Echo: by hand');
    await runner.getByRole('button', { name: 'Close' }).click();

    await goTo(page, 'Chats');
    await openNewChat(page);
    fake.script(
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_a1',
            name: 'everything__echo',
            input: { message: 'from the model' },
          },
        ],
      },
      {
        content: [{ type: 'tool_use', id: 'toolu_a2', name: 'everything__get-sum', input: { a: 40, b: 2 } }],
      },
      { content: [{ type: 'text', text: 'One allowed, one denied.' }] },
    );
    await sendFromComposer(page, 'Use two tools');
    await consent().getByRole('button', { name: 'Allow once' }).click();
    await consent().getByRole('button', { name: 'Deny' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 15_000 })
      .toContain('One allowed, one denied.');

    await goTo(page, 'Activity');
    // Besides the calls: the folders server-everything was shown when it asked (none were picked).
    await expect.poll(summaries, { timeout: 10_000 }).toContain('everything was shown no folders');
    await page.getByLabel('Kind').selectOption('tool-call');
    await expect
      .poll(summaries, { timeout: 10_000 })
      .toEqual([
        'everything · get-sum · refused · denied · asked by the model',
        'everything · echo · ok · allowed once · asked by the model',
        'everything · echo · ok · run by hand · asked by you (Run)',
      ]);
    await rows().nth(1).click();
    const details = page.locator('.activity-details');
    await expect.poll(() => details.textContent()).toContain('"message": "from the model"');
    expect(await details.textContent()).toContain('Tool usetoolu_a1');
    expect(await details.textContent()).toMatch(/Result\d+ bytes · SHA-256 [0-9a-f]{64}/);
    await shot('1-entries');
    // Its conversation, a click away.
    await details.getByRole('button', { name: 'Open the conversation' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 10_000 })
      .toContain('One allowed, one denied.');
  });

  it('"Show the call" opens its conversation at that call, pages back from the newest', async () => {
    // The conversation goes on for 250 messages more (written to its file, as `mcp chat` would):
    // the call is then two pages before the newest, which is where a conversation opens.
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const more = Array.from({ length: 250 }, (_, i) => ({
      t: 'message',
      message: {
        id: `later-${i}`,
        role: i % 2 === 0 ? 'user' : 'assistant',
        at: Date.now() + i,
        blocks: [{ type: 'text', text: `Later message ${i}` }],
      },
    }));
    await appendFile(
      path.join(shell.home, 'conversations', `${id}.jsonl`),
      `${more.map((l) => JSON.stringify(l)).join('\n')}\n`,
    );
    await goTo(page, 'Activity');
    await page.getByLabel('Kind').selectOption('tool-call');
    await rows().nth(1).click();
    await page.locator('.activity-details').getByRole('button', { name: 'Show the call' }).click();
    const card = page.locator('[data-tool-use="toolu_a1"]');
    await expect.poll(() => card.getAttribute('class'), { timeout: 15_000 }).toContain('revealed');
    await expect.poll(() => card.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.closest('[data-tool-use]')?.getAttribute('data-tool-use'),
        ),
      )
      .toBe('toolu_a1');
    // On screen, and the newest messages are not what is shown.
    await expect
      .poll(() =>
        card.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    const log = page.getByRole('log', { name: 'Messages' });
    expect(await log.textContent()).not.toContain('Later message 249');
    await shot('1b-call-shown');
  });

  it('filters and searches, and exports what it shows', async () => {
    await goTo(page, 'Activity');
    await page.getByLabel('Kind').selectOption('tool-call');
    await page.getByLabel('Outcome').selectOption('refused');
    await expect.poll(summaries).toEqual(['everything · get-sum · refused · denied · asked by the model']);
    await page.getByLabel('Outcome').selectOption('');
    await page.getByRole('searchbox', { name: 'Search the record' }).fill('by han');
    await expect.poll(summaries).toEqual(['everything · echo · ok · run by hand · asked by you (Run)']);
    await shot('2-searched');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON Lines' }).click(),
    ]);
    const saved = await readFile((await download.path())!, 'utf8');
    const lines = saved
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ tool: 'echo', arguments: { message: 'by hand' } })]);
    await page.getByRole('searchbox', { name: 'Search the record' }).fill('');
    await expect.poll(summaries).toHaveLength(3);
    // One conversation's entries, from one of its calls.
    await rows().first().click();
    await page.locator('.activity-details').getByRole('button', { name: 'Only this conversation' }).click();
    await expect
      .poll(summaries)
      .toEqual([
        'everything · get-sum · refused · denied · asked by the model',
        'everything · echo · ok · allowed once · asked by the model',
      ]);
    await page.getByRole('button', { name: 'One conversation only ×' }).click();
    await expect.poll(summaries).toHaveLength(3);
    // A standing approval taken back on the server's card: on the page as it happens, a link to the card.
    await page.getByLabel('Kind').selectOption('');
    await goTo(page, 'Servers');
    const card = page.locator('[data-server="everything"]');
    await card.locator('details.server-tools > summary').click();
    const readOnly = card.getByLabel(/Run tools the server marks read-only without asking/);
    await readOnly.click();
    await expect.poll(() => readOnly.isChecked(), { timeout: 5000 }).toBe(true);
    await card.getByRole('button', { name: 'Ask again for everything' }).click();
    await goTo(page, 'Activity');
    await expect
      .poll(() => rows().first().textContent(), { timeout: 10_000 })
      .toContain('everything: every standing approval taken back');
    await rows().first().click();
    await shot('4-approvals');
    await page.locator('.activity-details').getByRole('button', { name: 'Show the server' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-server')))
      .toBe('everything');
  });

  it('a line edited in the record: the page says where, and still shows what it can read', async () => {
    const file = path.join(shell.home, 'activity', 'activity.jsonl');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"a":40', '"a":41'));
    // Read again: another call recorded (the record moved on), or the page opened again.
    await goTo(page, 'Logs');
    await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
    await goTo(page, 'Activity');
    const banner = page.locator('[data-activity-problems]');
    await expect
      .poll(() => banner.textContent(), { timeout: 10_000 })
      .toMatch(/activity\.jsonl line \d+: the entry was changed after it was recorded/);
    await page.getByLabel('Kind').selectOption('tool-call');
    await expect.poll(summaries).toHaveLength(3);
    await shot('3-tampered');
  });

  it('started again over that record: every page says the record did not hold together, until dismissed', async () => {
    const home = shell.home;
    await shell.kill({ keepBrowser: true });
    shell = await startShell({ servers: {}, home, page });
    await page.goto(shell.url);
    await goTo(page, 'Servers');
    const notice = page.getByRole('alert', { name: 'Activity record' });
    await expect
      .poll(() => notice.textContent(), { timeout: 15_000 })
      .toMatch(
        /did not hold together when Switchboard started \(1 place; first activity\.jsonl line \d+: the entry was changed/,
      );
    await shot('5-broken-at-start');
    await notice.getByRole('button', { name: 'Show the record' }).click();
    await page.getByRole('heading', { name: 'Activity', exact: true }).waitFor();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
  });
});
