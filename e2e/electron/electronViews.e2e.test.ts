import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElectronApplication, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/config/serverIdentity';
import { goTo } from '../browser/shellFixture';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { startProbe } from '../fixtures/probeServer';
import { APPS_FIXTURE } from '../fixtures/servers';
import { electronMissing, root } from './electronApp';

const noElectron = electronMissing(
  'the Electron Views e2e (the browser shell runs the same Views: e2e/browser/apps.e2e.test.ts)',
);

const API_KEY = 'sk-ant-electron-views-7d21';

/** MCP Apps in the Electron window: each View on sbview://v<id>/, and a hostile one kept there. */
describe.skipIf(noElectron)('Electron shell: server Views', () => {
  let app: ElectronApplication;
  let page: Page;
  let home: string;
  let fake: FakeAnthropic;
  let probe: Awaited<ReturnType<typeof startProbe>>;

  beforeAll(async () => {
    const { _electron } = await import('playwright-core');
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    probe = await startProbe();
    home = await mkdtemp(path.join(tmpdir(), 'sb-electron-views-'));
    const servers = { apps: { command: process.execPath, args: [APPS_FIXTURE] } };
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
    await writeFile(
      path.join(home, 'trusted-servers.json'),
      JSON.stringify(parseConfig({ mcpServers: servers }).servers.map(serverIdentity)),
    );
    await writeFile(
      path.join(home, 'settings.json'),
      JSON.stringify({ anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } }),
    );
    app = await _electron.launch({ args: [root], env: { ...process.env, SWITCHBOARD_HOME: home } });
    page = await app.firstWindow();
    await page.evaluate((key) => window.switchboard!.setApiKey('anthropic', key), API_KEY);
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="apps"] [data-status="running"]', { timeout: 20_000 });
    await goTo(page, 'Chats');
  });
  afterAll(async () => {
    await app?.close().catch(() => {});
    await fake?.stop();
    probe?.stop();
    await rm(home, { recursive: true, force: true });
  });

  async function modelCalls(tool: string, input: Record<string, unknown>) {
    fake.script(
      { content: [{ type: 'tool_use', id: `toolu_${tool}`, name: `apps__${tool}`, input }] },
      { content: [{ type: 'text', text: `Here is ${tool}.` }] },
    );
    await page.getByRole('button', { name: 'New chat' }).click();
    // The new, empty conversation is open before anything is typed (else the switch clears it).
    const current = page.locator('.conversation-list [aria-current="true"]');
    await expect
      .poll(async () => ((await current.count()) === 1 ? await current.textContent() : ''))
      .toMatch(/^New conversationNo messages yet/);
    await page.getByRole('textbox', { name: 'Message' }).fill(`Show me ${tool}`);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page
      .getByRole('dialog', { name: /Tool call from apps/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
  }

  it('a View runs on sbview://v<id>/ with its CSP, and works', async () => {
    await modelCalls('show-panel', { topic: 'electron' });
    const outer = page.locator('iframe[title="View of show-panel"]');
    await outer.waitFor({ timeout: 15_000 });
    expect(await outer.getAttribute('src')).toMatch(/^sbview:\/\/v[0-9a-f]{24}\/$/);
    const view = page
      .frameLocator('iframe[title="View of show-panel"]')
      .frameLocator('iframe[title="Server view"]');
    await expect
      .poll(() => view.locator('#result').textContent(), { timeout: 15_000 })
      .toBe('panel about electron');
  }, 60_000);

  it('a hostile View stays in its sandbox: no navigation out, nothing reaches the probe', async () => {
    await modelCalls('show-hostile', { appUrl: 'app://switchboard', probeUrl: probe.url });
    await expect
      .poll(() => page.locator('[data-view-closed]').textContent(), { timeout: 20_000 })
      .toBe('The view sent too many messages and was closed.');
    expect(probe.hits).toEqual([]);
    expect(page.url()).toBe('app://switchboard/index.html');
  }, 60_000);
});
