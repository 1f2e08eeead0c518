// Servers → Browse against the fixture registry (SWITCHBOARD_REGISTRY_URL): browse, search, an invalid
// entry shown as invalid; install a remote entry (server-everything over Streamable HTTP) and an npm
// entry (server-memory, run by `npx -y` for real) through the same trust step as a hand-added server;
// the registry down. Screenshots go to test-results/e2e/registry-*.png.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type RegistryFixture, startRegistryFixture } from '../fixtures/registry/registryFixture';
import { type RunningHttpServer, startEverythingHttp } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  shots,
  startShell,
  trustAndSeeRunning,
} from './shellFixture';

const MEMORY_VERSION = '2026.8.31';
const NOTE_SECRET = 'registry-note-canary-3b7c';

describeInChromium('Servers → Browse (the MCP Registry) in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let registry: RegistryFixture;
  let everything: RunningHttpServer;
  let memoryDir: string;

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
    memoryDir = await mkdtemp(path.join(tmpdir(), 'sb-memory-'));
    registry = await startRegistryFixture({
      extra: [
        {
          name: 'io.github.fixture/everything-http',
          title: 'Everything (HTTP)',
          description: 'The reference server-everything, over Streamable HTTP on this computer',
          version: '1.2.0',
          remotes: [{ type: 'streamable-http', url: everything.url }],
        },
        {
          name: 'io.github.fixture/memory',
          title: 'Memory',
          description: 'A knowledge graph kept in a file (the official server-memory)',
          version: MEMORY_VERSION,
          packages: [
            {
              registryType: 'npm',
              identifier: '@modelcontextprotocol/server-memory',
              version: MEMORY_VERSION,
              transport: { type: 'stdio' },
              environmentVariables: [
                {
                  name: 'MEMORY_FILE_PATH',
                  description: 'Where the graph is kept',
                  format: 'filepath',
                  default: path.join(memoryDir, 'memory.jsonl'),
                },
                {
                  name: 'MEMORY_NOTE',
                  description: 'A secret the server is given (it ignores it)',
                  isSecret: true,
                  isRequired: true,
                },
              ],
            },
          ],
        },
      ],
    });
    shell = await startShell({ servers: {}, env: { SWITCHBOARD_REGISTRY_URL: registry.url } });
    page = shell.page;
    await page.goto(shell.url);
    await goTo(page, 'Servers');
  }, 60_000);

  afterAll(async () => {
    await shell?.stop();
    await registry?.close().catch(() => {});
    await everything?.stop();
    await rm(memoryDir, { recursive: true, force: true });
  });

  // A test that failed with a dialog open must not leave it over the next test's page.
  afterEach(async () => {
    while (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  });

  const browse = async (): Promise<Locator> => {
    await page.getByRole('button', { name: 'Browse…' }).click();
    return page.getByRole('dialog', { name: 'Browse the MCP Registry' });
  };
  const search = async (dialog: Locator, text: string) => {
    await dialog.getByRole('searchbox', { name: 'Search the registry' }).fill(text);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  };
  const entry = (dialog: Locator, name: string) => dialog.locator(`li[data-entry="${name}"]`);

  it('lists the registry with More, shows an invalid entry as invalid with its reason, and searches', async () => {
    const dialog = await browse();
    await expect.poll(() => dialog.locator('li.registry-entry').count()).toBe(30);
    await expect.poll(() => dialog.getByText(`From ${registry.url}`).count()).toBe(1);
    await dialog.getByRole('button', { name: 'More', exact: true }).click();
    await expect.poll(() => dialog.locator('li.registry-entry').count()).toBeGreaterThan(30);
    const invalid = entry(dialog, 'io.github.user/verbose');
    await expect.poll(() => invalid.locator('[data-badge="invalid"]').count()).toBe(1);
    expect(await invalid.textContent()).toMatch(/cannot be installed.*description/);
    await invalid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'registry-list.png') });

    await search(dialog, 'weather');
    const deprecated = entry(dialog, 'io.github.example/weather-mcp');
    await expect.poll(() => deprecated.locator('[data-badge="deprecated"]').count()).toBe(1);
    expect(await deprecated.textContent()).toContain('Use io.github.example/weather-v2 instead');
    // The search's answer replaces the list: waited for, not read while the old one still stands.
    await expect.poll(() => dialog.locator('li.registry-entry').count()).toBeLessThan(10);
    await page.screenshot({ path: path.join(shots, 'registry-search.png') });

    // A real published entry: each way to install it, and why one cannot be taken here.
    await search(dialog, 'airtable');
    await entry(dialog, 'io.github.domdomegg/airtable-mcp-server')
      .getByRole('button', { name: 'Details…' })
      .click();
    const detail = page.getByRole('dialog', {
      name: 'Registry entry io.github.domdomegg/airtable-mcp-server',
    });
    await expect.poll(() => detail.locator('li[data-choice]').count()).toBeGreaterThan(1);
    expect(await detail.locator('li[data-choice="packages/0"]').textContent()).toContain(
      'Runs npx -y airtable-mcp-server@1.7.3',
    );
    await page.screenshot({ path: path.join(shots, 'registry-detail.png') });
    await detail.getByRole('button', { name: '← Back' }).click();
    await expect
      .poll(() => dialog.getByRole('searchbox', { name: 'Search the registry' }).inputValue())
      .toBe('airtable');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('installs a remote entry: the URL shown, then it runs with its tools listed', async () => {
    const dialog = await browse();
    await search(dialog, 'everything-http');
    await entry(dialog, 'io.github.fixture/everything-http')
      .getByRole('button', { name: 'Details…' })
      .click();
    const detail = page.getByRole('dialog', { name: 'Registry entry io.github.fixture/everything-http' });
    await detail.getByRole('button', { name: 'Install this way…' }).click();
    expect(await detail.getByTestId('choice-target').textContent()).toBe(everything.url);
    await detail.getByRole('button', { name: 'Review…' }).click();
    await expect.poll(() => detail.getByTestId('install-url').textContent()).toBe(everything.url);
    await page.screenshot({ path: path.join(shots, 'registry-remote-preview.png') });
    await detail.getByRole('button', { name: 'Add server' }).click();
    const card = page.locator('[data-server="everything-http"]');
    await expect
      .poll(() => card.locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('running');
    await card.locator('details.server-tools summary').click();
    await expect.poll(() => card.locator('li[data-tool="echo"]').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'registry-remote-running.png') });
    // Where it came from, kept with it in config.json.
    const config = JSON.parse(await readFile(path.join(shell.home, 'config.json'), 'utf8'));
    expect(config.mcpServers['everything-http'].registry).toEqual({
      url: registry.url,
      name: 'io.github.fixture/everything-http',
      version: '1.2.0',
      choice: 'remotes/0',
    });
  });

  it('installs an npm entry: its form, the runtime found, the exact command, the trust prompt, then it runs', async () => {
    const dialog = await browse();
    await search(dialog, 'memory');
    await entry(dialog, 'io.github.fixture/memory').getByRole('button', { name: 'Details…' }).click();
    const detail = page.getByRole('dialog', { name: 'Registry entry io.github.fixture/memory' });
    await detail.getByRole('button', { name: 'Install this way…' }).click();
    await expect.poll(() => detail.locator('[data-runtime="ok"]').count()).toBe(1);
    const secret = detail.locator('[data-field="packages/0/environmentVariables/1"]');
    expect(await secret.getAttribute('type')).toBe('password');
    expect(await detail.locator('[data-field="packages/0/environmentVariables/0"]').inputValue()).toBe(
      path.join(memoryDir, 'memory.jsonl'),
    );
    // A required value left out stops the form before anything is asked of the host.
    await detail.getByRole('button', { name: 'Review…' }).click();
    expect(await secret.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(await detail.getByRole('region', { name: 'Install preview' }).count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'registry-npm-form.png') });
    await secret.fill(NOTE_SECRET);
    await detail.getByRole('button', { name: 'Review…' }).click();
    const preview = detail.getByRole('region', { name: 'Install preview' });
    await expect
      .poll(() => preview.locator('pre').textContent())
      .toBe(`npx -y @modelcontextprotocol/server-memory@${MEMORY_VERSION}`);
    await page.screenshot({ path: path.join(shots, 'registry-npm-preview.png') });
    await detail.getByRole('button', { name: 'Add server' }).click();

    await trustAndSeeRunning(page, 'memory', {
      launch: 'server-memory@',
      shot: 'registry-npm-trust.png',
      tool: 'create_entities',
      timeout: 120_000,
    });
    await page.screenshot({ path: path.join(shots, 'registry-npm-running.png') });
    expect(shell.frames.join('\n')).not.toContain(NOTE_SECRET);
  }, 180_000);

  it('says so in Settings that the environment overrides the setting, and plainly when the registry is down', async () => {
    await goTo(page, 'Settings');
    const note = page.locator('[data-registry-from="env"]');
    await expect.poll(() => note.textContent()).toContain(registry.url);
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'registry-settings.png') });

    await registry.close();
    await goTo(page, 'Servers');
    const dialog = await browse();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain(`The registry at ${registry.url} refused the connection`);
    await page.screenshot({ path: path.join(shots, 'registry-down.png') });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  });
});
