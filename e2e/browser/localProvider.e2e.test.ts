import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../fixtures/openai/fakeOpenAI';
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
 * A person whose only model is a local server (Ollama, LM Studio: OpenAI-compatible, no key), on a
 * fresh data folder: a provider that needs a key and has none does not complete the checklist; the
 * keyless one does, becomes what new conversations use, and answers; a conversation started while
 * only Anthropic (keyless) was there says which provider would answer, and switches to it there.
 */
describeInChromium('only a local OpenAI-compatible provider, in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let local: FakeOpenAI;

  beforeAll(async () => {
    local = await startFakeOpenAI({ apiKey: null, models: ['qwen3:8b', 'llama-4-local'] });
    shell = await startShell({ servers: {} });
    page = shell.page;
    await page.goto(shell.url);
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await local?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await shot(`failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `local-provider-${name}.png`) });
  const checklist = () => page.getByRole('region', { name: 'Getting started' });
  const modelStep = () => checklist().locator('li').first();
  const card = () => page.getByRole('region', { name: 'OpenAI-compatible providers' });
  const banner = () => page.locator('.banner.error');
  const messages = () => page.getByRole('log', { name: 'Messages' });
  const chats = () => local.requests.filter((r) => r.path === '/v1/chat/completions');
  async function addProvider(name: string, baseUrl: string) {
    const add = card().getByRole('form', { name: 'Add a provider' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Base URL').fill(baseUrl);
    await add.getByRole('button', { name: 'Add provider' }).click();
  }

  it('a chat before any provider can be asked: no key, and nothing to switch to', async () => {
    await expect.poll(() => modelStep().getAttribute('data-done')).toBe('false');
    await openNewChat(page);
    await sendFromComposer(page, 'Hello?');
    await expect
      .poll(() => banner().textContent())
      .toBe('No API key for Anthropic: add one in Settings.Open Settings Retry');
    expect(await banner().locator('[data-provider-switch]').count()).toBe(0);
  });

  it('a provider that needs a key and has none leaves the model step undone and Anthropic the default', async () => {
    await goTo(page, 'Settings');
    await addProvider('Remote gateway', 'https://llm.example.invalid/v1');
    await expect
      .poll(() => card().locator('[data-provider="remote-gateway"] [data-key-state]').textContent())
      .toBe('No key for https://llm.example.invalid.');
    expect(await page.getByLabel('New conversations use').inputValue()).toBe('anthropic');
    expect(await modelStep().getAttribute('data-done')).toBe('false');
    expect(await modelStep().textContent()).toContain(
      'Add your Anthropic API key (or another model provider)',
    );
    expect(local.requests).toEqual([]);
  });

  it('a keyless local provider: the default for new conversations, and the model step done', async () => {
    await addProvider('Local model', local.url);
    await expect.poll(() => page.getByLabel('New conversations use').inputValue()).toBe('local-model');
    await expect.poll(() => modelStep().getAttribute('data-done')).toBe('true');
    expect(await modelStep().textContent()).toContain('New conversations use Local model');
    // The ones that cannot be asked are said so, and not offered as the default.
    const options = page.getByLabel('New conversations use').locator('option');
    expect(await options.allTextContents()).toEqual([
      'Anthropic (no API key)',
      'Remote gateway (no API key)',
      'Local model',
    ]);
    expect(await options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).disabled))).toEqual([
      true,
      true,
      false,
    ]);
    await page.locator('.first-run').screenshot({ path: path.join(shots, 'local-provider-1-checklist.png') });
    await shot('1-settings');
  });

  it('the conversation started on Anthropic says which provider would answer, and switches to it there', async () => {
    await goTo(page, 'Chats');
    const offer = banner().locator('[data-provider-switch="local-model"]');
    await expect
      .poll(() => offer.textContent())
      .toContain('Local model runs on this computer and needs no key');
    await shot('2-switch-offer');
    local.script({ content: 'Hello from the local model.' });
    await offer.getByRole('button', { name: 'Use Local model and retry' }).click();
    await expect
      .poll(() => messages().textContent(), { timeout: 15_000 })
      .toContain('Hello from the local model.');
    expect(await banner().count()).toBe(0);
    // Its first listed model (in name order), as the conversation now says.
    expect(chats().at(-1)!.body!.model).toBe('llama-4-local');
    await page.getByRole('button', { name: 'Model…' }).click();
    expect(await page.getByLabel('Provider').inputValue()).toBe('local-model');
  });

  it('a new conversation uses the local provider from the first message', async () => {
    local.script({ content: 'A new chat, answered locally.' });
    const before = chats().length;
    await openNewChat(page);
    await sendFromComposer(page, 'Are you there?');
    await expect
      .poll(() => messages().textContent(), { timeout: 15_000 })
      .toContain('A new chat, answered locally.');
    expect(chats().length).toBe(before + 1);
    expect(JSON.stringify(chats().at(-1)!.body!.messages)).toContain('Are you there?');
    expect(await banner().count()).toBe(0);
    await shot('3-answered');
  });
});
