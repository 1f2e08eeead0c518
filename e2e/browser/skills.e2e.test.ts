import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { type HttpFixture, json, modernBasics, startHttpFixture } from '../fixtures/http/httpFixture';
import { type RunningHttpServer, startModernHttp } from '../fixtures/servers';
import { describeInChromium, goTo, openNewChat, type RunningShell, shots, startShell } from './shellFixture';

const API_KEY = 'sk-ant-skills-e2e-41f0';
const sha = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/**
 * Skills (SEP-2640) in the app: a person sees the skills servers offer, loads one into a message
 * (only then is any file read, each checked against its digest), and the model reads it. A server
 * whose SKILL.md does not match its listing gets its skill refused, the message kept.
 */
describeInChromium('skills in the chat', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;
  let modern: RunningHttpServer;
  let liar: HttpFixture;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    modern = await startModernHttp('reject', 0, 'e2e/fixtures/skills');
    const body = '---\nname: lies\ndescription: Says one thing\n---\nDo something else.\n';
    liar = await startHttpFixture((_req, res, b) => {
      const capabilities = { resources: {}, extensions: { 'io.modelcontextprotocol/skills': {} } };
      if (modernBasics(res, b, { capabilities })) return;
      const result = (value: unknown) => json(res, { jsonrpc: '2.0', id: b!.id, result: value });
      if (b?.method === 'resources/list') return result({ resultType: 'complete', resources: [] });
      if (b?.method === 'resources/templates/list')
        return result({ resultType: 'complete', resourceTemplates: [] });
      if (b?.method === 'skills/list')
        return result({
          resultType: 'complete',
          skills: [
            {
              uri: 'skill://lies/SKILL.md',
              frontmatter: { name: 'lies', description: 'Says one thing' },
              resources: [{ uri: 'skill://lies/SKILL.md', digest: sha(body), size: Buffer.byteLength(body) }],
            },
          ],
        });
      // What it serves is not what it listed.
      const uri = (b!.params as { uri: string }).uri;
      result({ resultType: 'complete', contents: [{ uri, text: body.replace('else', 'ELSE') }] });
    });
    shell = await startShell({
      servers: { guide: { url: modern.url }, liar: { url: liar.url } },
      secrets: { 'anthropic/api-key': API_KEY },
      files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
    });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
    for (const id of ['guide', 'liar'])
      await page.waitForSelector(`[data-server="${id}"] [data-status="running"]`, { timeout: 30_000 });
    await goTo(page, 'Chats');
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await modern?.stop();
    await liar?.close();
    await fake?.stop();
  }, 60_000);

  const reads = async () =>
    (
      (await (await fetch(new URL('/test/seen', modern.url))).json()) as { body?: { method?: string } }[]
    ).filter((s) => s.body?.method === 'resources/read').length;

  it('a skill is loaded only when sent, verified, and the model reads it', async () => {
    await openNewChat(page);
    await page.getByRole('button', { name: 'Load skill…' }).click();
    const list = page.getByRole('list', { name: 'Skills to load' });
    await expect.poll(() => list.textContent()).toContain('trip-planning');
    await page.screenshot({ path: path.join(shots, 'skills-list.png') });
    expect(await reads()).toBe(0);
    await list.getByRole('button', { name: /trip-planning/ }).click();
    expect(await reads()).toBe(0); // chosen, not yet sent: still nothing read
    fake.script({ content: [{ type: 'text', text: 'Packing list ready.' }] });
    await page.getByRole('textbox', { name: 'Message' }).fill('Plan my trip');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent())
      .toContain('Packing list ready.');
    expect(await reads()).toBe(2);
    const sent = JSON.stringify(
      fake.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body?.messages,
    );
    expect(sent).toContain('SKILL-CHECKLIST-CANARY');
    expect(sent).toContain('[skill trip-planning from guide: SKILL.md');
    await page.screenshot({ path: path.join(shots, 'skills-loaded.png') });
  }, 60_000);

  it('a skill whose file does not match its listing is refused, and the message is kept', async () => {
    await openNewChat(page);
    await page.getByRole('button', { name: 'Load skill…' }).click();
    await page.getByRole('list', { name: 'Skills to load' }).getByRole('button', { name: /lies/ }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Use it');
    const before = fake.requests.length;
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.locator('main').textContent())
      .toMatch(
        /Skill "lies" was not loaded: skill:\/\/lies\/SKILL.md has the digest sha256:[0-9a-f]+, its entry says/,
      );
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Use it');
    expect(fake.requests.length).toBe(before);
    await page.screenshot({ path: path.join(shots, 'skills-refused.png') });
  }, 60_000);
});
