// The README's screenshots: every page, Browse and a consent dialog, in light and dark, at 1280×800 and
// at 900 px wide, saved to docs/screenshots/. It drives the browser shell in Chromium as the e2e tests
// do, on a data folder of its own: two real servers (notes, with its own icon, and the reference
// server-everything), the fixture registry (icons over https), and the fake model API answering one
// conversation that calls a tool — so Chats, Activity and Logs show what they hold after real use.
//
// Run: npm run screenshots   (needs Chromium at /usr/bin/chromium or CHROMIUM_PATH)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { goTo, type RunningShell, root, sendFromComposer, startShellOpen } from '../browser/shellFixture';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { type LoopbackCertificate, loopbackCertificate } from '../fixtures/registry/iconServer';
import { type RegistryFixture, startRegistryFixture } from '../fixtures/registry/registryFixture';
import { EVERYTHING_ENTRY } from '../fixtures/servers';

const OUT = path.join(root, 'docs/screenshots');
const NOTES = path.join(root, 'e2e/fixtures/stdio/notes-server.mjs');
const API_KEY = 'sk-ant-screenshots-0c4d';
const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '900', width: 900, height: 800 },
] as const;
const PAGES = ['Chats', 'Servers', 'Resources', 'Prompts', 'Folders', 'Logs', 'Activity', 'Settings'];

type Variant = { theme: (typeof THEMES)[number]; size: (typeof SIZES)[number] };
const variants: Variant[] = THEMES.flatMap((theme) => SIZES.map((size) => ({ theme, size })));

async function show(page: Page, { theme, size }: Variant) {
  await page.emulateMedia({ colorScheme: theme });
  await page.setViewportSize({ width: size.width, height: size.height });
}

/** What is on screen now, as `<what>-<theme>-<width>.png`, once images and fonts have settled. */
async function shoot(page: Page, what: string, { theme, size }: Variant) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const file = path.join(OUT, `${what}-${theme}-${size.name}.png`);
  await page.screenshot({ path: file });
  console.log(path.relative(root, file));
}

async function main() {
  await mkdir(OUT, { recursive: true });
  let fake: FakeAnthropic | undefined;
  let registry: RegistryFixture | undefined;
  let certificate: LoopbackCertificate | undefined;
  let shell: RunningShell | undefined;
  try {
    certificate = loopbackCertificate();
    registry = await startRegistryFixture({ tls: certificate });
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShellOpen(
      {
        servers: {
          // Named as a person would write them (paths from the repository), not as this machine has them.
          notes: { command: 'node', args: [path.relative(root, NOTES)], cwd: root },
          everything: { command: 'node', args: [path.relative(root, EVERYTHING_ENTRY), 'stdio'], cwd: root },
        },
        trusted: ['notes', 'everything'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
        env: { SWITCHBOARD_REGISTRY_URL: registry.url, NODE_EXTRA_CA_CERTS: certificate.extraCaCerts },
      },
      ['notes', 'everything'],
    );
    const { page } = shell;

    // One conversation: the model calls a tool of notes, the consent dialog asks, then it answers.
    fake.scriptTitle({ content: [{ type: 'text', text: 'Planning the week' }] });
    fake.script(
      {
        content: [
          { type: 'text', text: 'I will save that as a note.' },
          {
            type: 'tool_use',
            id: 'toolu_shots',
            name: 'notes__add_note',
            input: { title: 'This week', text: 'Ship the gallery, review the consent copy, book the venue.' },
          },
        ],
      },
      {
        content: [
          {
            type: 'text',
            text: 'Saved **This week** to your notes. You now have 3 notes:\n\n- Standup\n- Groceries\n- This week',
          },
        ],
      },
    );
    await goTo(page, 'Chats');
    // As openNewChat, without vitest's poll (this is no test): what is typed goes to the new one.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.conversation-list [aria-current="true"]', { hasText: 'No messages yet' }).waitFor();
    await sendFromComposer(
      page,
      'Note down my plan for this week: ship the gallery, review the consent copy, book the venue.',
    );
    const consent = page.getByRole('dialog', { name: /Tool call from notes$/ });
    await consent.waitFor({ timeout: 30_000 });
    for (const v of variants) {
      await show(page, v);
      await shoot(page, 'consent', v);
    }
    await consent.getByRole('button', { name: 'Allow once' }).click();
    await page.getByText('You now have 3 notes').waitFor({ timeout: 30_000 });

    for (const v of variants) {
      await show(page, v);
      for (const section of PAGES) {
        await goTo(page, section);
        await page.waitForTimeout(400);
        await shoot(page, section.toLowerCase(), v);
      }
      await goTo(page, 'Servers');
      await page.getByRole('button', { name: 'Browse…', exact: true }).click();
      const browse = page.getByRole('dialog', { name: 'Browse the MCP Registry' });
      await browse.getByRole('searchbox', { name: 'Search the registry' }).fill('io.github');
      await browse.getByRole('button', { name: 'Search', exact: true }).click();
      await browse
        .locator('li.registry-entry [data-server-icon="image"]')
        .first()
        .waitFor({ timeout: 15_000 });
      await page.waitForTimeout(800);
      await shoot(page, 'browse', v);
      await page.keyboard.press('Escape');
    }
  } finally {
    await shell?.stop();
    await fake?.stop();
    await registry?.close().catch(() => {});
    certificate?.dispose();
  }
}

await main();
