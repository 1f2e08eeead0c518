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
  type ShellOptions,
  sendFromComposer,
  shots,
  startShell,
} from './shellFixture';

const API_KEY = 'sk-ant-chat-e2e-77aa';
const ECHO = 'everything__echo';
const SUM = 'everything__get-sum';

/**
 * The chat in the browser shell: our fake Anthropic API (scripted per test, streaming the real event
 * sequence to the real SDK) and server-everything's tools, through the consent dialogs.
 */
describeInChromium('chat in Chromium', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;
  let options: ShellOptions;

  const open = async (s: RunningShell) => {
    shell = s;
    page = s.page;
    await page.goto(s.url);
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="everything"] [data-status="running"]', { timeout: 20_000 });
    await goTo(page, 'Chats');
  };

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    options = {
      servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
      trusted: ['everything'],
      secrets: { 'anthropic/api-key': API_KEY },
      files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
    };
    await open(await startShell(options));
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

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `chat-${name}.png`) });
  const messages = () => page.getByRole('log', { name: 'Messages' });
  async function newChat(question: string) {
    await openNewChat(page);
    if (question) await sendFromComposer(page, question);
  }
  const replyDone = () =>
    expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);
  const consent = () => page.getByRole('dialog', { name: /Tool call from everything$/ });

  it('a question: the model calls a real tool, the person approves, the result goes back, the answer streams in', async () => {
    fake.script(
      {
        content: [
          { type: 'text', text: 'I will ask **echo**.' },
          { type: 'tool_use', id: 'toolu_1', name: ECHO, input: { message: 'hello from the model' } },
        ],
      },
      {
        content: [
          {
            type: 'text',
            text: 'Echo answered:\n\n| said | by |\n| --- | --- |\n| hello | echo |\n\n```ts\nconst said: string = "hello";\n```',
          },
        ],
        eventDelayMs: 20,
      },
    );
    await newChat('What does echo say?');
    await expect
      .poll(() => consent().locator('.json').textContent())
      .toContain('"message": "hello from the model"');
    await shot('1-tool-consent');
    await consent().getByRole('button', { name: 'Allow once' }).click();
    await replyDone();
    await expect.poll(() => messages().locator('table').count()).toBe(1);
    expect(await messages().locator('strong').first().textContent()).toBe('echo');
    // Code is highlighted (shiki, loaded on first use): coloured spans, the text unchanged.
    const code = messages().locator('.code-block[data-lang="typescript"]');
    await expect.poll(() => code.locator('.shiki span[style*="color"]').count()).toBeGreaterThan(2);
    expect(await code.textContent()).toBe('const said: string = "hello";');
    const card = messages().getByRole('group', { name: `Tool call ${ECHO}` });
    expect(await card.textContent()).toContain('Echo: hello from the model');
    expect(await card.textContent()).toContain('allowed');
    await shot('2-answer');
    expect(await page.getByRole('navigation', { name: 'Conversations' }).textContent()).toContain(
      'What does echo say?',
    );
  });

  it('"allow in this conversation" lets the same tool run again there without asking, and only there', async () => {
    fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_c1', name: ECHO, input: { message: 'first' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_c2', name: ECHO, input: { message: 'second' } }] },
      { content: [{ type: 'text', text: 'Echoed twice.' }] },
    );
    await newChat('Echo twice');
    await consent().getByRole('button', { name: 'Allow in this conversation' }).click();
    await replyDone();
    // The second call in the same conversation did not ask.
    expect(await messages().textContent()).toContain('Echoed twice.');
    expect(await messages().textContent()).toContain('Echo: second');
    fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_c3', name: ECHO, input: { message: 'elsewhere' } }] },
      { content: [{ type: 'text', text: 'Done elsewhere.' }] },
    );
    await newChat('Echo in another chat');
    // Another conversation asks again.
    await expect.poll(() => consent().count()).toBe(1);
    await consent().getByRole('button', { name: 'Deny' }).click();
    await replyDone();
  });

  it('a denied call is shown as refused and the model is told so', async () => {
    fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_2', name: ECHO, input: { message: 'secret plans' } }] },
      { content: [{ type: 'text', text: 'Understood, I will not use it.' }] },
    );
    const before = fake.requests.length;
    await newChat('Echo my plans');
    await consent().getByRole('button', { name: 'Deny' }).click();
    await replyDone();
    expect(
      await messages()
        .getByRole('group', { name: `Tool call ${ECHO}` })
        .textContent(),
    ).toContain('The user denied this tool call.');
    expect(JSON.stringify(fake.requests.slice(before).at(-1)?.body)).toContain(
      'The user denied this tool call.',
    );
  });

  it('parallel tool uses wait together and run together', async () => {
    fake.script(
      {
        content: [
          { type: 'tool_use', id: 'toolu_3', name: ECHO, input: { message: 'a' } },
          { type: 'tool_use', id: 'toolu_4', name: SUM, input: { a: 20, b: 22 } },
        ],
      },
      { content: [{ type: 'text', text: 'Both done.' }] },
    );
    await newChat('Do two things');
    await expect.poll(() => page.getByRole('navigation', { name: /2 requests waiting/ }).count()).toBe(1);
    await shot('3-two-waiting');
    await consent().getByRole('button', { name: 'Allow once' }).click();
    await consent().getByRole('button', { name: 'Allow once' }).click();
    await replyDone();
    await expect.poll(() => messages().textContent()).toContain('Both done.');
    expect(await messages().textContent()).toContain('42');
  });

  it('a running tool call shows its progress and can be cancelled on its own; the reply goes on', async () => {
    fake.script(
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_long',
            name: 'everything__trigger-long-running-operation',
            input: { duration: 30, steps: 30 },
          },
        ],
      },
      { content: [{ type: 'text', text: 'The long task was cancelled, as you asked.' }] },
    );
    await newChat('Start the long task');
    await consent().getByRole('button', { name: 'Allow once' }).click();
    const card = messages().getByRole('group', {
      name: 'Tool call everything__trigger-long-running-operation',
    });
    await expect
      .poll(() => card.getByRole('progressbar').getAttribute('max'), { timeout: 10_000 })
      .toBe('30');
    // Named by server and tool while it runs, its progress counted as the runner counts it.
    expect(await card.locator('summary').textContent()).toContain(
      'everything · trigger-long-running-operation',
    );
    await expect.poll(() => card.locator('[data-progress]').textContent()).toMatch(/^\d+ of 30/);
    await shot('6-tool-progress');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await replyDone();
    expect(await messages().textContent()).toContain('The long task was cancelled, as you asked.');
    expect(await card.textContent()).toContain('Cancelled by the user while it ran.');
    // Stopped by the person: said so, not marked as a failure.
    expect(await card.getAttribute('class')).toBe('tool-card tool-stopped');
    expect(await card.locator('.chip').first().textContent()).toBe('stopped');
  });

  it('Stop ends a reply mid-stream and keeps what was written', async () => {
    fake.script({
      content: [{ type: 'text', text: 'Word after word after word. '.repeat(40) }],
      eventDelayMs: 60,
    });
    await newChat('Go on and on');
    await expect
      .poll(() => page.getByRole('article', { name: 'Reply being written' }).textContent(), {
        timeout: 10_000,
      })
      .toContain('Word after word');
    await page.getByRole('button', { name: 'Stop' }).click();
    await replyDone();
    await expect.poll(() => messages().textContent()).toContain('stopped');
    const written = await messages().getByRole('article', { name: 'Assistant' }).last().textContent();
    expect(written!.length).toBeLessThan('Word after word after word. '.repeat(40).length);
  });

  it('an API error shows with a retry; nothing typed is lost; retry answers', async () => {
    fake.script(
      { status: 529, type: 'overloaded_error', message: 'Overloaded' },
      { content: [{ type: 'text', text: 'Back again.' }] },
    );
    await newChat('Are you overloaded?');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The API is overloaded (529)');
    expect(await messages().textContent()).toContain('Are you overloaded?');
    await shot('4-error');
    await page.getByRole('button', { name: /^Retry/ }).click();
    await expect.poll(() => messages().textContent()).toContain('Back again.');
    await replyDone();
  });

  it('a server prompt from `/` and an attached resource join the conversation', async () => {
    fake.script({ content: [{ type: 'text', text: 'Promotion noted.' }] });
    const before = fake.requests.length;
    await newChat('');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/compl');
    await page.getByRole('option', { name: /completable-prompt/ }).click();
    const form = page.getByRole('dialog', { name: /completable-prompt from everything/ });
    await form.getByRole('combobox', { name: /department/ }).fill('Eng');
    await form.getByRole('option', { name: 'Engineering' }).waitFor();
    // The suggestions open under their field and move the next one down: never over it.
    const list = (await form.getByRole('listbox').boundingBox())!;
    const next = (await form.getByRole('combobox', { name: /name/ }).boundingBox())!;
    expect(list.y + list.height).toBeLessThanOrEqual(next.y);
    await form.getByRole('combobox', { name: /department/ }).press('ArrowDown');
    await expect
      .poll(() => form.getByRole('option', { name: 'Engineering' }).getAttribute('aria-selected'))
      .toBe('true');
    // The option the arrows are on is marked (its own background), not only announced.
    await expect
      .poll(() =>
        form
          .getByRole('option', { name: 'Engineering' })
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .not.toBe('rgba(0, 0, 0, 0)');
    await shot('4a-completion-active');
    await form.getByRole('option', { name: 'Engineering' }).click();
    await form.getByRole('combobox', { name: /name/ }).fill('Bo');
    await form.getByRole('option', { name: 'Bob' }).click();
    await form.getByRole('button', { name: 'Add to the conversation' }).click();
    // Its text is in the message box to read and change; nothing is sent until the person sends it.
    await expect.poll(() => box.inputValue()).toBe('Please promote Bob to the head of the Engineering team.');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Message');
    await shot('4a-prompt-in-box');
    expect(fake.requests.length).toBe(before);
    await page.keyboard.press('End');
    await page.keyboard.type(' And keep it short.');
    await page.keyboard.press('Enter');
    await expect.poll(() => messages().textContent()).toContain('Promotion noted.');
    await replyDone();
    expect(await messages().textContent()).toContain(
      'Please promote Bob to the head of the Engineering team. And keep it short.',
    );
    const sent = JSON.stringify(fake.requests.slice(before).at(-1)?.body);
    expect(sent).toContain('Please promote Bob to the head of the Engineering team. And keep it short.');

    // A prompt with an embedded resource cannot sit in a text box: shown in the dialog, added on Add.
    fake.script({ content: [{ type: 'text', text: 'Resource read.' }] });
    const withResource = fake.requests.length;
    await box.fill('/resource-p');
    await page.getByRole('option', { name: /resource-prompt/ }).click();
    const dialog = page.getByRole('dialog', { name: /resource-prompt from everything/ });
    await dialog.getByRole('combobox', { name: /resourceType/ }).fill('Text');
    await dialog.getByRole('combobox', { name: /resourceId/ }).fill('1');
    await dialog.getByRole('button', { name: 'Add to the conversation' }).click();
    await expect
      .poll(() => dialog.getByRole('region', { name: 'Prompt messages' }).textContent())
      .toContain('Please analyze the following resource');
    await dialog.getByLabel('Your message with it (optional)').fill('In one line.');
    await shot('4a-prompt-preview');
    expect(fake.requests.length).toBe(withResource);
    await dialog.getByRole('button', { name: 'Add these messages' }).click();
    await expect.poll(() => messages().textContent()).toContain('Resource read.');
    await replyDone();
    const added = JSON.stringify(fake.requests.at(-1)?.body);
    expect(added).toContain('Please analyze the following resource');
    expect(added).toContain('In one line.');
    expect(await box.inputValue()).toBe('');

    fake.script({ content: [{ type: 'text', text: 'I read it.' }] });
    await page.getByRole('button', { name: 'Attach resource…' }).click();
    await page.getByRole('list', { name: 'Resources to attach' }).getByRole('button').first().click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Summarise the attachment');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => messages().textContent()).toContain('I read it.');
    await replyDone();
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('[attached resource');
    // In the person's bubble the resource is a folded chip beside their words, not the whole text.
    const mine = page.getByRole('article', { name: 'You' }).last();
    const chip = mine.locator('details.attachment');
    expect(await chip.count()).toBe(1);
    expect(await chip.getAttribute('open')).toBeNull();
    expect(await mine.locator('.markdown').textContent()).toBe('Summarise the attachment');
    await shot('4b-attachment-chip');

    // From the resources page, to the chat that is open.
    await goTo(page, 'Resources');
    await page.getByRole('list', { name: 'Resources' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Attach to chat' }).click();
    await goTo(page, 'Chats');
    await expect
      .poll(() => page.getByRole('list', { name: 'Attached resources' }).getByRole('listitem').count())
      .toBe(1);
  });

  it('a message typed and sent right after New chat lands in the new conversation', async () => {
    for (let i = 0; i < 4; i++) {
      fake.script({ content: [{ type: 'text', text: `Quick answer ${i}.` }] });
      const box = page.getByRole('textbox', { name: 'Message' });
      // No waiting for the new conversation to appear: the person clicks and types at once.
      await page.getByRole('button', { name: 'New chat' }).click();
      await box.click();
      await page.keyboard.type(`Quick question ${i}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => messages().textContent()).toContain(`Quick answer ${i}.`);
      expect(await messages().textContent()).toContain(`Quick question ${i}`);
      await replyDone();
    }
  });

  it('killing the host mid-stream loses only the unfinished reply; the history is intact after a restart', async () => {
    fake.script({
      content: [{ type: 'text', text: 'This reply will never finish. '.repeat(30) }],
      eventDelayMs: 100,
      hangAfterEvents: 8,
    });
    await newChat('Remember this question');
    await expect
      .poll(() => page.getByRole('article', { name: 'Reply being written' }).count(), { timeout: 10_000 })
      .toBe(1);
    const home = shell.home;
    await shell.kill();
    await open(await startShell({ ...options, home }));
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('button', { name: /Remember this question/ }).click();
    await expect.poll(() => messages().textContent()).toContain('Remember this question');
    expect(await messages().textContent()).not.toContain('This reply will never finish.');
    // The cut-off turn is offered again.
    const banner = page.getByRole('alert').filter({ hasText: 'did not finish' });
    await expect.poll(() => banner.count()).toBe(1);
    fake.script({ content: [{ type: 'text', text: 'Answered after the restart.' }] });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => messages().textContent()).toContain('Answered after the restart.');
    expect(await banner.count()).toBe(0);
    // The earlier conversations are all there.
    for (const title of ['What does echo say?', 'Echo my plans', 'Do two things', 'Are you overloaded?'])
      expect(await list.textContent()).toContain(title);
    await list.getByRole('button', { name: /What does echo say\?/ }).click();
    await expect.poll(() => messages().textContent()).toContain('Echo answered:');
    await shot('5-after-restart');
  });
});
