import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { png } from '../fixtures/files/sampleFiles';
import { packFixture } from '../fixtures/mcpb/bundles';
import { type RegistryFixture, startRegistryFixture } from '../fixtures/registry/registryFixture';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  root,
  sendFromComposer,
  shots,
  startShellOpen,
} from './shellFixture';

/**
 * axe-core (WCAG 2.0/2.1 A and AA, and its best practices) on every page, every dialog and both
 * themes of the app, with servers running, one refused by a policy, a conversation with a reply and
 * the registry's entries: nothing serious or critical anywhere. Each finding is listed with its rule,
 * the element and what axe measured, so a failure says what to fix.
 */
describeInChromium('accessibility (axe-core) in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  let registry: RegistryFixture;
  const API_KEY = 'sk-ant-axe-7d21';
  const MARKER = path.join(root, 'e2e/fixtures/stdio/marker-server.mjs');

  let work: string;
  let bundle: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sb-axe-'));
    bundle = await packFixture(work, path.join(work, 'report.mcpb'));
    // Two servers the organization's policy refuses: their cards' refusals are landmarks side by side.
    await writeFile(
      path.join(work, 'policy.json'),
      JSON.stringify({ deniedServers: [{ command: process.execPath, args: [MARKER] }] }),
    );
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    registry = await startRegistryFixture();
    shell = await startShellOpen(
      {
        servers: {
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
          waiting: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio', '--later'] },
          another: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio', '--other'] },
          denied: { command: process.execPath, args: [MARKER, path.join(work, 'never')] },
          deniedToo: { command: process.execPath, args: [MARKER, path.join(work, 'never-too')] },
        },
        trusted: ['everything', 'denied'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
        env: {
          SWITCHBOARD_REGISTRY_URL: registry.url,
          SWITCHBOARD_POLICY_FILE: path.join(work, 'policy.json'),
        },
      },
      ['everything'],
    );
    page = shell.page;
  }, 120_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
    await registry?.close().catch(() => {});
    if (work) await rm(work, { recursive: true, force: true });
  });

  const findings: string[] = [];
  /** axe on what the page shows now; every finding kept (the test fails on the serious and critical ones). */
  async function check(where: string) {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    for (const v of result.violations)
      for (const node of v.nodes)
        findings.push(
          `${v.impact} ${v.id} on ${where}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        );
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`every page and dialog, ${theme}`, async () => {
      await page.emulateMedia({ colorScheme: theme });
      fake.script(
        {
          content: [
            { type: 'tool_use', id: `toolu_${theme}`, name: 'everything__echo', input: { message: 'hi' } },
          ],
        },
        { content: [{ type: 'text', text: 'Here is **a reply** with `code`.' }] },
      );
      await goTo(page, 'Chats');
      await page.getByRole('button', { name: 'New chat' }).click();
      // Files attached: chips in the composer, then thumbnails and chips in the sent message.
      const attach = page.locator('input[type="file"][aria-label="Files to attach"]');
      await attach.setInputFiles([
        {
          name: `chart-${theme}.png`,
          mimeType: 'image/png',
          buffer: png(48, 32, [30, 144, 255], [255, 140, 0]),
        },
        { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n') },
      ]);
      await expect.poll(() => page.locator('.composer .file-chip').count(), { timeout: 10_000 }).toBe(2);
      await check(`Chats with files attached (${theme})`);
      await sendFromComposer(page, `A question in ${theme}`);
      // The consent dialog for the model's tool call.
      const consent = page.getByRole('dialog', { name: /Tool call from everything$/ });
      await consent.waitFor({ timeout: 20_000 });
      await check(`the tool call's consent dialog (${theme})`);
      await consent.getByRole('button', { name: 'Allow once' }).click();
      await expect.poll(() => page.getByText('a reply').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await check(`Chats (${theme})`);
      // An attached image shown larger.
      await page.getByRole('button', { name: `Show chart-${theme}.png larger` }).click();
      await page.getByRole('dialog', { name: `chart-${theme}.png` }).waitFor();
      await check(`an attached image shown larger (${theme})`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
      // A file that cannot be attached: said in the composer.
      await attach.setInputFiles([
        { name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('words') },
      ]);
      await page.locator('.composer [role="alert"]').waitFor({ timeout: 10_000 });
      await check(`a file refused in the composer (${theme})`);
      for (const section of ['Servers', 'Resources', 'Prompts', 'Folders', 'Logs', 'Activity', 'Settings']) {
        await goTo(page, section);
        await page.waitForTimeout(400);
        await check(`${section} (${theme})`);
      }
      await goTo(page, 'Servers');
      for (const [button, dialog] of [
        ['Add server', 'Add a server'],
        ['Browse…', undefined],
        ['Add from link…', 'Add from link'],
        ['Import…', undefined],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        const open = dialog ? page.getByRole('dialog', { name: dialog }) : page.getByRole('dialog');
        await open.first().waitFor();
        await page.waitForTimeout(400);
        await check(`${button} dialog (${theme})`);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
      }
      // A bundle's review (the button opens the system's file picker; the file goes in as a person's would).
      await page.locator('input[type="file"][aria-label="Bundle file"]').setInputFiles(bundle);
      await page.getByRole('dialog').first().waitFor();
      await page.waitForTimeout(400);
      await check(`the bundle review (${theme})`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.waitFor();
      await page.keyboard.press('ArrowDown');
      await check(`command palette (${theme})`);
      await page.screenshot({ path: path.join(shots, `axe-palette-${theme}.png`) });
      await page.keyboard.press('Escape');
    }, 180_000);
  }

  it('nothing serious or critical', () => {
    if (findings.length > 0)
      console.log(`axe findings (${findings.length}):\n${[...new Set(findings)].join('\n')}`);
    expect(findings.filter((f) => /^(serious|critical) /.test(f))).toEqual([]);
    // And the lesser ones a review found once: landmarks named alike, headings out of order, a role a
    // text area may not have.
    expect(findings.filter((f) => / (landmark-unique|heading-order|aria-allowed-role) /.test(f))).toEqual([]);
  });
});
