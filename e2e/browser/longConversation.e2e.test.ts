import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat/conversation';
import { conversationUsage, describeUsage } from '../../shared/chat/usage';
import { CONVERSATION_PAGE } from '../../shared/ipc/chatContract';
import { describeInChromium, goTo, type RunningShell, shots, startShell } from './shellFixture';

const COUNT = 1000;

function message(i: number): ChatMessage {
  const at = Date.UTC(2026, 10, 1) + i * 1000;
  return i % 2 === 0
    ? {
        id: `q${i}`,
        role: 'user',
        at,
        blocks: [{ type: 'text', text: `Question ${i}: how does part ${i} work?` }],
      }
    : {
        id: `a${i}`,
        role: 'assistant',
        at,
        model: 'claude-sonnet-5-5',
        usage: { inputTokens: 1000 + i, outputTokens: 100 + i },
        blocks: [
          {
            type: 'text',
            text: `Answer ${i}: part ${i} works by ${'reading, '.repeat(1 + (i % 7))}then stops.`,
          },
        ],
      };
}

/**
 * Issue 33 (3) in Chromium: a long conversation opens on its newest page only; older pages are
 * read as the list's top comes near, without moving what is on screen; the conversation's totals
 * count every message, read or not.
 */
describeInChromium('a long conversation, read a page at a time, in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  const id = randomUUID();
  const messages = Array.from({ length: COUNT }, (_, i) => message(i));

  beforeAll(async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'sb-e2e-long-'));
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
    await mkdir(path.join(home, 'conversations'));
    const lines = [
      {
        t: 'meta',
        id,
        title: 'Long conversation',
        createdAt: Date.UTC(2026, 10, 1),
        settings: { maxTokens: 4096 },
      },
      ...messages.map((m) => ({ t: 'message', message: m })),
    ];
    await writeFile(
      path.join(home, 'conversations', `${id}.jsonl`),
      `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
    );
    shell = await startShell({ servers: {}, home });
    page = shell.page;
    await page.goto(shell.url);
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `long-conversation-${name}.png`) });
  const log = () => page.getByRole('log', { name: 'Messages' });
  /** The message rows in the page, top to bottom, by the id of what they show. */
  const inView = () =>
    log().evaluate((el) => {
      const box = el.getBoundingClientRect();
      return Array.from(el.querySelectorAll('.message-slot'))
        .filter((row) => {
          const r = row.getBoundingClientRect();
          return r.bottom > box.top && r.top < box.bottom;
        })
        .map(
          (row) =>
            row.textContent
              ?.match(/(Question|Answer) (\d+)/)
              ?.slice(1)
              .join(' ') ?? '',
        );
    });

  it('opens on the newest page, counts every message, and reads older pages as the top comes near', async () => {
    await goTo(page, 'Chats');
    await page.getByRole('button', { name: /Long conversation/ }).click();
    await expect.poll(inView, { timeout: 15_000 }).toContain(`Answer ${COUNT - 1}`);
    // Totals over all 1,000 messages, though only the newest page was read.
    expect(await page.locator('[data-conversation-usage]').textContent()).toContain(
      describeUsage(conversationUsage(messages)!),
    );
    const rows = () => page.locator('.message-slot');
    expect(await rows().count()).toBeLessThan(CONVERSATION_PAGE / 2);
    await shot('1-newest');

    // At the top of what is read: the page before it joins above, and what was on screen stays there.
    for (let read = CONVERSATION_PAGE; read < COUNT; read += CONVERSATION_PAGE) {
      const top = `Question ${COUNT - read}`;
      await log().evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect
        .poll(
          () =>
            rows()
              .filter({ hasText: `Question ${COUNT - read - 2}:` })
              .count(),
          // A page read and laid out on a loaded machine (CI): seconds, not the poll's default one.
          { timeout: 15_000 },
        )
        .toBe(1);
      await expect.poll(inView, { timeout: 15_000 }).toContain(top);
      expect(await inView()).not.toContain(`Question ${COUNT - read - CONVERSATION_PAGE}`);
    }
    expect(await rows().count()).toBeLessThan(CONVERSATION_PAGE / 2);
    await log().evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(inView, { timeout: 15_000 }).toContain('Question 0');
    await shot('2-oldest');
  });
});
