// Servers → Browse against the fixture registry (SWITCHBOARD_REGISTRY_URL): browse, search, an invalid
// entry shown as invalid; install a remote entry (server-everything over Streamable HTTP) and an npm
// entry (server-memory, run by `npx -y` for real) through the same trust step as a hand-added server;
// the registry down; each entry's icon (served over https by the fixture registry on its own origin,
// fetched by the host; one elsewhere on this computer is not fetched at all), its
// website and source as links; an older version installed, a newer one published, the card saying
// "Update available", the update's difference, and the new version running.
// Screenshots go to test-results/e2e/registry-*.png.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type LoopbackCertificate, loopbackCertificate } from '../fixtures/registry/iconServer';
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
const OLDER_MEMORY = '2026.7.4';
const NOTE_SECRET = 'registry-note-canary-3b7c';
const PINNED_SECRET = 'registry-pinned-canary-77d0';

/** server-memory pinned at `pkg`, published as `version` of io.github.fixture/memory-pinned. */
const pinnedMemory = (version: string, pkg: string, more: Record<string, unknown>[] = []) => ({
  name: 'io.github.fixture/memory-pinned',
  title: 'Memory (pinned)',
  description: 'The official server-memory at one exact version',
  version,
  websiteUrl: 'https://modelcontextprotocol.io/examples',
  repository: {
    url: 'https://github.com/modelcontextprotocol/servers',
    source: 'github',
    subfolder: 'src/memory',
  },
  packages: [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-memory',
      version: pkg,
      transport: { type: 'stdio' },
      environmentVariables: [
        { name: 'MEMORY_FILE_PATH', description: 'Where the graph is kept', format: 'filepath' },
        { name: 'MEMORY_NOTE', description: 'A secret it is given', isSecret: true, isRequired: true },
        ...more,
      ],
    },
  ],
});

/** Processes (Linux /proc) whose command line holds `spec`, with their environment. */
function processesRunning(spec: string): { cmdline: string; env: Record<string, string> }[] {
  const found: { cmdline: string; env: Record<string, string> }[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (!cmdline.includes(spec)) continue;
      const env = Object.fromEntries(
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean)
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      );
      found.push({ cmdline, env });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

describeInChromium('Servers → Browse (the MCP Registry) in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let registry: RegistryFixture;
  let everything: RunningHttpServer;
  let memoryDir: string;
  let certificate: LoopbackCertificate;
  /** A plain TCP listener named as an icon elsewhere on this computer: it must see no connection. */
  let trap: Server;
  let trapConnections = 0;
  /** Every address the page asked for: none of them the icon server's. */
  const pageRequests: string[] = [];

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
    memoryDir = await mkdtemp(path.join(tmpdir(), 'sb-memory-'));
    certificate = loopbackCertificate();
    trap = createServer((socket) => {
      trapConnections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    const trapPort = (trap.address() as { port: number }).port;
    // Over https, each of our entries with its icons on the registry's own origin.
    registry = await startRegistryFixture({
      tls: certificate,
      extra: [
        {
          name: 'io.github.fixture/icon-elsewhere',
          title: 'Icon elsewhere',
          description: 'An entry whose icon is on another port of this computer',
          version: '1.0.0',
          icons: [{ src: `https://127.0.0.1:${trapPort}/admin/icon.png`, mimeType: 'image/png' }],
          remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }],
        },
        pinnedMemory('1.0.0', OLDER_MEMORY),
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
    // The host trusts the icon server's certificate as it would a public one; the page never sees it.
    shell = await startShell({
      servers: {},
      env: { SWITCHBOARD_REGISTRY_URL: registry.url, NODE_EXTRA_CA_CERTS: certificate.extraCaCerts },
    });
    page = shell.page;
    page.on('request', (r) => pageRequests.push(r.url()));
    await page.goto(shell.url);
    await goTo(page, 'Servers');
  }, 60_000);

  afterAll(async () => {
    await shell?.stop();
    await registry?.close().catch(() => {});
    await everything?.stop();
    await new Promise((resolve) => trap?.close(resolve));
    certificate?.dispose();
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
    await detail.getByRole('button', { name: 'Back', exact: true }).click();
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

  it("shows each entry's icon, fetched by the host, and its website and source as links that open outside the app", async () => {
    const dialog = await browse();
    await search(dialog, 'io.github.fixture');
    const pinned = entry(dialog, 'io.github.fixture/memory-pinned');
    const icon = pinned.locator('img[data-registry-icon]');
    // Loaded and drawn: a 32×32 PNG from the icon server, as a data: URL the host made.
    await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(32);
    expect(await icon.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(() => dialog.locator('li.registry-entry img[data-registry-icon]').count())
      .toBeGreaterThan(3);
    expect(registry.requests.some((h) => h.startsWith('/icons/memory-pinned'))).toBe(true);
    expect(pageRequests.filter((u) => u.startsWith(registry.url))).toEqual([]);
    // An icon on another port of this computer is not the registry's: no icon, and no connection.
    const elsewhere = entry(dialog, 'io.github.fixture/icon-elsewhere');
    await expect.poll(() => elsewhere.count()).toBe(1);
    expect(await elsewhere.locator('img[data-registry-icon]').count()).toBe(0);
    expect(trapConnections).toBe(0);
    await page.screenshot({ path: path.join(shots, 'registry-icons.png') });

    await pinned.getByRole('button', { name: 'Details…' }).click();
    const detail = page.getByRole('dialog', { name: 'Registry entry io.github.fixture/memory-pinned' });
    await expect
      .poll(() => detail.locator('.entry-head img[data-registry-icon]').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    const website = detail.locator('[data-link="website"] a');
    expect(await website.getAttribute('href')).toBe('https://modelcontextprotocol.io/examples');
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer');
    const source = detail.locator('[data-link="repository"] a');
    expect(await source.getAttribute('href')).toBe('https://github.com/modelcontextprotocol/servers');
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await detail.locator('[data-link="repository"]').textContent()).toContain('(src/memory)');
    await page.screenshot({ path: path.join(shots, 'registry-detail-links.png') });
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
  }, 60_000);

  it('installs an older version, sees the newer one published, shows the difference, and runs the new version with what was chosen kept', async () => {
    const graph = path.join(memoryDir, 'pinned.jsonl');
    const dialog = await browse();
    await search(dialog, 'memory-pinned');
    await entry(dialog, 'io.github.fixture/memory-pinned').getByRole('button', { name: 'Details…' }).click();
    const detail = page.getByRole('dialog', { name: 'Registry entry io.github.fixture/memory-pinned' });
    await detail.getByRole('button', { name: 'Install this way…' }).click();
    await detail.locator('[data-field="packages/0/environmentVariables/0"]').fill(graph);
    await detail.locator('[data-field="packages/0/environmentVariables/1"]').fill(PINNED_SECRET);
    await detail.getByRole('button', { name: 'Review…' }).click();
    await detail.getByRole('button', { name: 'Add server' }).click();
    const card = await trustAndSeeRunning(page, 'memory-pinned', {
      launch: `server-memory@${OLDER_MEMORY}`,
      shot: 'registry-pinned-trust.png',
      tool: 'create_entities',
      timeout: 120_000,
    });
    expect(await card.locator('[data-update]').count()).toBe(0);

    registry.publish(
      pinnedMemory('1.1.0', MEMORY_VERSION, [
        { name: 'MEMORY_LOG', description: 'Log level', default: 'info' },
      ]),
    );
    // Asked again when the Servers page opens (the host asks the registry at most every 10 s).
    const badge = card.locator('[data-update="available"]');
    await expect
      .poll(
        async () => {
          if ((await badge.count()) === 0) {
            await goTo(page, 'Settings');
            await goTo(page, 'Servers');
          }
          const said = card.locator('[data-update]');
          return (await said.count()) ? said.first().textContent() : 'nothing';
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe('Update available: 1.0.0 → 1.1.0 Update…');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'registry-update-available.png') });

    await badge.getByRole('button', { name: 'Update…' }).click();
    const update = page.getByRole('dialog', { name: 'Update memory-pinned' });
    const diff = update.getByRole('table', { name: 'What the update changes' });
    const runs = diff.locator('tr', { hasText: 'Runs' });
    await expect.poll(() => runs.getAttribute('data-change')).toBe('changed');
    expect(await runs.locator('td.before').textContent()).toBe(
      `npx -y @modelcontextprotocol/server-memory@${OLDER_MEMORY}`,
    );
    expect(await runs.locator('td.after').textContent()).toBe(
      `npx -y @modelcontextprotocol/server-memory@${MEMORY_VERSION}`,
    );
    expect(await diff.locator('tr', { hasText: 'env MEMORY_LOG' }).getAttribute('data-change')).toBe('added');
    const path_ = diff.locator('tr', { hasText: 'env MEMORY_FILE_PATH' });
    expect(await path_.getAttribute('data-change')).toBe('same');
    expect(await path_.locator('td.after').textContent()).toBe(graph);
    expect(await diff.locator('tr', { hasText: 'env MEMORY_NOTE' }).textContent()).toContain(
      'a stored secret',
    );
    await page.screenshot({ path: path.join(shots, 'registry-update-diff.png') });
    await update.getByRole('button', { name: 'Update to 1.1.0' }).click();
    await expect.poll(() => update.getByRole('status').textContent()).toContain('trust the new command');
    await update.getByRole('button', { name: 'Close', exact: true }).click();

    // The changed command waits for trust like any edit, then the new version runs.
    await trustAndSeeRunning(page, 'memory-pinned', {
      launch: `server-memory@${MEMORY_VERSION}`,
      shot: 'registry-update-trust.png',
      tool: 'create_entities',
      timeout: 120_000,
    });
    expect(await card.locator('[data-update]').count()).toBe(0);
    const config = JSON.parse(await readFile(path.join(shell.home, 'config.json'), 'utf8'));
    const written = config.mcpServers['memory-pinned'];
    expect(written.registry).toMatchObject({ name: 'io.github.fixture/memory-pinned', version: '1.1.0' });
    expect(written.args).toEqual(['-y', `@modelcontextprotocol/server-memory@${MEMORY_VERSION}`]);
    expect(JSON.stringify(config)).not.toContain(PINNED_SECRET);
    // The process running now is the new version, given the path chosen before and the kept secret.
    const ours = (spec: string) => processesRunning(spec).filter((p) => p.env.MEMORY_FILE_PATH === graph);
    await expect.poll(() => ours(`server-memory@${OLDER_MEMORY}`).length).toBe(0);
    const running = ours(`server-memory@${MEMORY_VERSION}`);
    expect(running.length).toBeGreaterThan(0);
    expect(running[0]!.env.MEMORY_NOTE).toBe(PINNED_SECRET);
    expect(running[0]!.env.MEMORY_LOG).toBe('info');
    expect(shell.frames.join('\n')).not.toContain(PINNED_SECRET);
    // The record says it in one phrase (not "changed updated from its registry").
    await goTo(page, 'Activity');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('memory-pinned updated from its registry (io.github.fixture/memory-pinned@1.1.0)');
    expect(await page.locator('main').textContent()).not.toContain('changed updated');
  }, 300_000);

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
