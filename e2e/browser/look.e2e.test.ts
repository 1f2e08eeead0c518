// The designed look, as a person sees it in Chromium: lucide icons in the navigation and on actions;
// each server's own icon (or the neutral tile) on its card, on a tool call's card and in its consent
// dialog; Browse as a gallery of cards with Install on the card itself, which leads to the same review
// an entry's details lead to, and says "Installed" afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { type LoopbackCertificate, loopbackCertificate } from '../fixtures/registry/iconServer';
import { type RegistryFixture, startRegistryFixture } from '../fixtures/registry/registryFixture';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  openNewChat,
  type RunningShell,
  root,
  sendFromComposer,
  shots,
  startShellOpen,
} from './shellFixture';

const NOTES = path.join(root, 'e2e/fixtures/stdio/notes-server.mjs');
const ECHO_HTTP = path.join(root, 'e2e/fixtures/http/echo-http-server.mjs');
const API_KEY = 'sk-ant-look-5e1f';

/** The natural width of the image a server icon shows, once it has loaded (0 before). */
const drawnWidth = (icon: Locator) =>
  icon
    .locator('img')
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);

describeInChromium('the designed look in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  let registry: RegistryFixture;
  let certificate: LoopbackCertificate;
  let echo: ChildProcess;
  let echoUrl: string;

  beforeAll(async () => {
    echo = spawn(process.execPath, [ECHO_HTTP], { stdio: ['ignore', 'pipe', 'inherit'] });
    echoUrl = await new Promise<string>((resolve) =>
      echo.stdout!.on('data', (d: Buffer) => {
        const m = d.toString().match(/http:\/\/127\.0\.0\.1:\d+\/mcp/);
        if (m) resolve(m[0]);
      }),
    );
    certificate = loopbackCertificate();
    registry = await startRegistryFixture({
      tls: certificate,
      extra: [
        {
          name: 'io.github.fixture/echo-remote',
          title: 'Echo (remote)',
          description: 'Says back what it is sent, over Streamable HTTP on this computer',
          version: '1.0.0',
          remotes: [{ type: 'streamable-http', url: echoUrl }],
        },
      ],
    });
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    shell = await startShellOpen(
      {
        servers: {
          notes: { command: process.execPath, args: [NOTES] },
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
        },
        trusted: ['notes', 'everything'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
        env: { SWITCHBOARD_REGISTRY_URL: registry.url, NODE_EXTRA_CA_CERTS: certificate.extraCaCerts },
      },
      ['notes', 'everything'],
    );
    page = shell.page;
  }, 120_000);

  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
    await registry?.close().catch(() => {});
    certificate?.dispose();
    echo?.kill();
  });

  // A test that failed with a dialog open must not leave it over the next test's page.
  afterEach(async () => {
    while (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  });

  it('draws an icon beside every section of the navigation, and on the actions, keeping their names', async () => {
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const section of [
      'Chats',
      'Servers',
      'Resources',
      'Prompts',
      'Folders',
      'Logs',
      'Activity',
      'Settings',
    ]) {
      const button = nav.getByRole('button', { name: new RegExp(`^${section}`) });
      expect(await button.locator('svg.lucide').count(), section).toBe(1);
      expect(await button.locator('svg.lucide').getAttribute('aria-hidden')).toBe('true');
    }
    // Actions: the page's and a card's, each still named by its words alone.
    for (const name of ['Add server', 'Browse…', 'Import…']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.locator('svg.lucide').count(), name).toBe(1);
    }
    const card = page.locator('[data-server="notes"]');
    for (const name of ['Restart', 'Stop', 'Edit', 'Remove…'])
      expect(await card.getByRole('button', { name, exact: true }).locator('svg.lucide').count(), name).toBe(
        1,
      );
    // Drawn at the scale's icon size, not the 24 px lucide draws by default.
    const size = await card
      .getByRole('button', { name: 'Restart', exact: true })
      .locator('svg')
      .evaluate((svg) => svg.getBoundingClientRect().width);
    expect(size).toBe(14);
  });

  it("shows a server's own icon on its card, and the neutral tile for one without", async () => {
    const notes = page.locator('[data-server="notes"] .card-head [data-server-icon]');
    expect(await notes.getAttribute('data-server-icon')).toBe('image');
    await expect.poll(() => drawnWidth(notes)).toBe(48);
    expect(await notes.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const everything = page.locator('[data-server="everything"] .card-head [data-server-icon]');
    expect(await everything.getAttribute('data-server-icon')).toBe('fallback');
    expect(await everything.locator('svg.lucide-server').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'look-servers.png') });
  });

  it("puts the server's icon in the tool call's consent dialog and on its card in the chat", async () => {
    fake.script(
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_look',
            name: 'notes__add_note',
            input: { title: 'Look', text: 'Icons everywhere' },
          },
        ],
      },
      { content: [{ type: 'text', text: 'Saved your note.' }] },
    );
    await goTo(page, 'Chats');
    await openNewChat(page);
    await sendFromComposer(page, 'Note this down');
    const consent = page.getByRole('dialog', { name: /Tool call from notes$/ });
    await consent.waitFor({ timeout: 20_000 });
    const inDialog = consent.locator('.consent-server [data-server-icon]');
    expect(await inDialog.getAttribute('data-server-icon')).toBe('image');
    await expect.poll(() => drawnWidth(inDialog)).toBe(48);
    expect(await consent.getByRole('button', { name: 'Allow once' }).locator('svg.lucide').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'look-consent.png') });
    await consent.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => page.getByText('Saved your note.').count(), { timeout: 20_000 }).toBe(1);
    const onCard = page.locator('[data-tool-use="toolu_look"] summary [data-server-icon]');
    expect(await onCard.getAttribute('data-server-icon')).toBe('image');
    await expect.poll(() => drawnWidth(onCard)).toBe(48);
    // Beside the server's name, at the small size.
    expect(await onCard.evaluate((el) => el.getBoundingClientRect().width)).toBe(16);
  });

  it('shows Browse as a gallery of cards with Install on each, which opens the install review', async () => {
    await goTo(page, 'Servers');
    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Browse the MCP Registry' });
    const cards = dialog.locator('li.registry-entry');
    await expect.poll(() => cards.count()).toBe(30);
    // Cards side by side: several in the first row.
    const tops = await cards.evaluateAll((els) =>
      els.slice(0, 4).map((el) => el.getBoundingClientRect().top),
    );
    expect(tops).toEqual([tops[0], tops[0], tops[0], tops[0]]);
    const echoCard = dialog.locator('li[data-entry="io.github.fixture/echo-remote"]');
    await dialog.getByRole('searchbox', { name: 'Search the registry' }).fill('echo');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await echoCard.waitFor();
    // Icon (the registry's, fetched by the host), title, publisher, one-line description, Install.
    const icon = echoCard.locator('[data-server-icon]');
    await expect.poll(() => icon.getAttribute('data-server-icon')).toBe('image');
    await expect.poll(() => drawnWidth(icon)).toBe(32);
    expect(await echoCard.locator('.registry-card-title').textContent()).toBe('Echo (remote)');
    expect(await echoCard.locator('.registry-card-by').textContent()).toBe('by fixture · 1.0.0');
    const description = echoCard.locator('.registry-desc');
    expect(await description.textContent()).toBe(
      'Says back what it is sent, over Streamable HTTP on this computer',
    );
    expect(await description.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('2');
    expect(await echoCard.locator('[data-badge]').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'look-browse.png') });

    // Install on the card: its one way to install, straight to the form and its review.
    await echoCard.getByRole('button', { name: 'Install', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Registry entry io.github.fixture/echo-remote' });
    expect(await detail.getByTestId('choice-target').textContent()).toBe(echoUrl);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
    await detail.getByRole('button', { name: 'Review…' }).click();
    await expect.poll(() => detail.getByTestId('install-url').textContent()).toBe(echoUrl);
    await detail.getByRole('button', { name: 'Add server' }).click();
    await expect
      .poll(() => page.locator('[data-server="echo-remote"] [data-status]').getAttribute('data-status'), {
        timeout: 20_000,
      })
      .toBe('running');

    // Browse again: the entry now says it is installed.
    await page.getByRole('button', { name: 'Browse…', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Browse the MCP Registry' });
    await again.getByRole('searchbox', { name: 'Search the registry' }).fill('echo');
    await again.getByRole('button', { name: 'Search', exact: true }).click();
    const installed = again.locator(
      'li[data-entry="io.github.fixture/echo-remote"] [data-badge="installed"]',
    );
    await expect.poll(() => installed.count()).toBe(1);
    expect(await installed.getAttribute('title')).toBe('Installed as echo-remote (1.0.0)');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('fits the gallery to a narrow window: no sideways scrolling, three columns at 900 px, two at 600 px', async () => {
    for (const [width, columns] of [
      [900, 3],
      [600, 2],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('button', { name: 'Browse…', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Browse the MCP Registry' });
      const cards = dialog.locator('li.registry-entry');
      await expect.poll(() => cards.count()).toBe(30);
      const lefts = await cards.evaluateAll((els) =>
        els.slice(0, 4).map((el) => el.getBoundingClientRect().left),
      );
      expect(new Set(lefts).size, `columns at ${width} px`).toBe(columns);
      await page.screenshot({ path: path.join(shots, `look-browse-${width}.png`) });
      const list = dialog.locator('ul.registry-entries');
      expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
