import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
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

const ANTHROPIC_KEY = 'sk-ant-providers-e2e-3a1f';
const OPENAI_KEY = 'sk-gw-providers-e2e-c0ffee';
const ECHO = 'everything__echo';
const SAMPLE = 'everything__trigger-sampling-request';

/**
 * Another model provider in the browser shell: an OpenAI-compatible API (our fake, streaming Chat
 * Completions to the real `openai` SDK) added in Settings with its key, made the default, used by a
 * conversation with server-everything's tools through consent, and answering a server's sampling.
 */
describeInChromium('OpenAI-compatible providers in Chromium', () => {
  let anthropic: FakeAnthropic;
  let gateway: FakeOpenAI;
  let shell: RunningShell;
  let page: Page;

  beforeAll(async () => {
    anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
    gateway = await startFakeOpenAI({ apiKey: OPENAI_KEY });
    shell = await startShellOpen(
      {
        servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
        trusted: ['everything'],
        secrets: { 'anthropic/api-key': ANTHROPIC_KEY },
        files: {
          'settings.json': { anthropic: { baseUrl: anthropic.url, defaultModel: 'claude-sonnet-5-5' } },
        },
      },
      ['everything'],
    );
    page = shell.page;
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await anthropic?.stop();
    await gateway?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await shot(`failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
    for (let i = 0; i < 5 && (await page.locator('dialog[open]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `providers-${name}.png`) });
  const card = () => page.getByRole('region', { name: 'OpenAI-compatible providers' });
  const row = () => card().locator('[data-provider="test-gateway"]');
  const replyDone = () =>
    expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);
  const dialog = (name: RegExp) => page.getByRole('dialog', { name });
  async function ask(question: string) {
    await openNewChat(page);
    await sendFromComposer(page, question);
  }

  it('a provider is added in Settings: its key stored write-only for its address, its models listed, made the default', async () => {
    await goTo(page, 'Settings');
    const add = card().getByRole('form', { name: 'Add a provider' });
    // A preset fills in a known server's address; here it is our fake, typed in.
    await add.getByLabel('Add').selectOption('Ollama');
    expect(await add.getByLabel('Base URL').inputValue()).toBe('http://localhost:11434/v1');
    await add.getByLabel('Name').fill('Test gateway');
    await add.getByLabel('Base URL').fill('http://192.168.1.9:8000/v1');
    await expect.poll(() => card().textContent()).toContain('plain http sends the API key unencrypted');
    expect(await add.getByRole('button', { name: 'Add provider' }).isDisabled()).toBe(true);
    await add.getByLabel('Base URL').fill(gateway.url);
    await add.getByRole('button', { name: 'Add provider' }).click();
    await expect.poll(() => row().count()).toBe(1);
    const origin = new URL(gateway.url).origin;
    expect(await row().locator('[data-key-state]').textContent()).toBe(
      `On this computer: no key needed (one can be stored for ${origin}).`,
    );
    await row().getByLabel('Test gateway API key').fill(OPENAI_KEY);
    await row().getByRole('button', { name: 'Save key' }).click();
    await expect
      .poll(() => row().locator('[data-key-state]').textContent())
      .toBe(`A key is stored for ${origin}.`);
    expect(await row().getByLabel('Test gateway API key').inputValue()).toBe('');
    // Its models, from its API, listed under the box as soon as it has the focus, to pick the default from.
    await row().getByLabel('Default model', { exact: true }).focus();
    await expect
      .poll(() => row().getByRole('listbox').getByRole('option').allTextContents())
      .toEqual(['gpt-5.5', 'gpt-5.5-mini', 'llama-4-local']);
    await shot('1-model-list');
    await row().getByRole('option', { name: 'gpt-5.5', exact: true }).click();
    expect(await row().getByLabel('Default model', { exact: true }).inputValue()).toBe('gpt-5.5');
    await row().getByRole('button', { name: 'Save model' }).click();
    await page.getByLabel('New conversations use').selectOption('test-gateway');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    await shot('1-settings');
    expect(shell.frames.join('\n')).not.toContain(OPENAI_KEY);
    expect(await page.content()).not.toContain(OPENAI_KEY);
  });

  it('a chat on it: the model calls a real tool, the person approves, the result goes back as a tool message, the answer streams in', async () => {
    await goTo(page, 'Chats');
    gateway.script(
      {
        reasoning: 'The person asks what echo says; I will call it.',
        content: 'Asking echo.',
        toolCalls: [{ id: 'call_e2e', name: ECHO, arguments: { message: 'hello gateway' } }],
      },
      { content: 'Echo said **hello gateway**.', chunkDelayMs: 10 },
    );
    const before = gateway.requests.length;
    const anthropicBefore = anthropic.requests.length;
    await ask('What does echo say?');
    const consent = dialog(/Tool call from everything$/);
    await expect.poll(() => consent.locator('.json').textContent()).toContain('"message": "hello gateway"');
    await consent.getByRole('button', { name: 'Allow once' }).click();
    await replyDone();
    const messages = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => messages.locator('strong').last().textContent()).toBe('hello gateway');
    expect(await messages.getByRole('group', { name: `Tool call ${ECHO}` }).textContent()).toContain(
      'Echo: hello gateway',
    );
    expect(await messages.textContent()).toContain('gpt-5.5');
    // The model's reasoning, folded under its reply; opened on a click.
    const thinking = messages.locator('details.thinking');
    expect(await thinking.count()).toBe(1);
    expect(await thinking.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await thinking.locator('summary').click();
    expect(await thinking.textContent()).toBe('ThinkingThe person asks what echo says; I will call it.');
    // Each reply's tokens, and the conversation's running total.
    // gpt-5.5 is in the dated price table ($5 in, $30 out a million): 12 × 5 + 7 × 30 = $0.00027.
    expect(await messages.locator('[data-usage]').allTextContents()).toEqual([
      ' · 12 tokens in · 7 out · about $0.00027 (prices of 2026-06-21)',
      ' · 12 tokens in · 7 out · about $0.00027 (prices of 2026-06-21)',
    ]);
    expect(await page.locator('[data-conversation-usage]').textContent()).toBe(
      'This conversation so far: 24 tokens in · 14 out · about $0.00054 (prices of 2026-06-21)',
    );
    const sent = gateway.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body!.messages).toContainEqual({
      role: 'tool',
      tool_call_id: 'call_e2e',
      content: 'Echo: hello gateway',
    });
    expect(anthropic.requests.length).toBe(anthropicBefore);
    // The conversation's Model settings name its provider and model.
    await page.getByRole('button', { name: 'Model…' }).click();
    expect(await page.getByLabel('Provider').inputValue()).toBe('test-gateway');
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe('gpt-5.5');
    await shot('2-chat');
  });

  it('too long for the model: said with the ways on; a new conversation opens with the summary the model wrote, to send', async () => {
    gateway.script({
      status: 400,
      code: 'context_length_exceeded',
      message: "This model's maximum context length is 128000 tokens.",
    });
    await page.getByRole('textbox', { name: 'Message' }).fill('Tell me more');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const banner = page.locator('.banner.error');
    await expect
      .poll(() => banner.textContent(), { timeout: 15_000 })
      .toContain("The conversation no longer fits the model's context (400)");
    expect(await banner.getByRole('button', { name: 'Leave out old tool results' }).count()).toBe(1);
    await shot('2a-too-long');
    gateway.script({ content: 'We asked echo; it said hello gateway.' });
    await banner.getByRole('button', { name: 'New conversation with a summary' }).click();
    await expect
      .poll(() => page.locator('.conversation .page-head h1').textContent())
      .toBe('What does echo say? (continued)');
    // The summary is the new conversation's first message; the next one is the person's to write.
    expect(await page.getByRole('log', { name: 'Messages' }).textContent()).toContain(
      'Here is a summary of our earlier conversation "What does echo say?":\nWe asked echo; it said hello gateway.',
    );
    const asked = gateway.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body!;
    expect(asked.tools).toBeUndefined();
    expect(JSON.stringify(asked.messages)).toContain('Summarise this conversation');
  });

  it('a server’s sampling request is answered by the provider the person picks in the dialog', async () => {
    await goTo(page, 'Chats');
    gateway.script(
      { toolCalls: [{ id: 'call_s', name: SAMPLE, arguments: { prompt: 'Say hello', maxTokens: 100 } }] },
      { content: 'Sampled by the gateway.' },
      { content: 'The server got its answer.' },
    );
    const before = gateway.requests.length;
    await ask('Make the server sample');
    await dialog(/Tool call from everything$/)
      .getByRole('button', { name: 'Allow once' })
      .click();
    const request = dialog(/Sampling request from everything/);
    await request.getByLabel('Provider').selectOption('test-gateway');
    await request.getByLabel('Use model').fill('gpt-5.5-mini');
    await shot('3-sampling-provider');
    await request.getByRole('button', { name: 'Send to the model' }).click();
    const review = dialog(/Sampling answer for everything/);
    await expect.poll(() => review.getByLabel('Answer').inputValue()).toBe('Sampled by the gateway.');
    await review.getByRole('button', { name: 'Send to the server' }).click();
    // The model answers once the server has its sampled answer (the last of the three requests).
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent(), { timeout: 15_000 })
      .toContain('The server got its answer.');
    const sent = gateway.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(sent[1]!.body).toMatchObject({ model: 'gpt-5.5-mini', max_completion_tokens: 100 });
    expect(JSON.stringify(sent[2]!.body!.messages)).toContain('Sampled by the gateway.');
  });
});
