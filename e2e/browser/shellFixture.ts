import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/config/serverIdentity';
// @ts-expect-error: a plain .mjs script without types
import { buildIfStale } from '../../scripts/ensureBuilt.mjs';
import { skipWhen } from '../fixtures/skipWhen';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** A suite that drives Chromium: where it is not installed, skipped, saying so. */
export function describeInChromium(title: string, suite: () => void): void {
  describe.skipIf(
    skipWhen(!chromiumAvailable, `"${title}" needs Chromium at ${CHROMIUM} (apt-get install chromium)`),
  )(title, suite);
}
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const shots = path.join(root, 'test-results', 'e2e');

export interface ShellOptions {
  servers: Record<string, Record<string, unknown>>;
  /** Secret store contents (the browser shell's file store). */
  secrets?: Record<string, string>;
  /** Servers trusted in an earlier session (the rest show the trust prompt). */
  trusted?: string[];
  /** Extra environment for the shell (e.g. HOME for the folder browser). */
  env?: Record<string, string>;
  /** Files to write into the data directory before start (name → JSON value). */
  files?: Record<string, unknown>;
  /** Reuse this data directory as it is (a restart after a crash): nothing is written into it. */
  home?: string;
  /** The port to listen on (default: any free one). */
  port?: number;
  /** Reuse this browser and page (a restart the open tab should survive) instead of opening new ones. */
  page?: Page;
  /** More command-line switches for Chromium (e.g. `--host-resolver-rules` standing in for public DNS). */
  chromiumArgs?: string[];
}

export interface RunningShell {
  home: string;
  url: string;
  browser: Browser;
  page: Page;
  /** Every WebSocket frame the page received. */
  frames: string[];
  stop(): Promise<void>;
  /** Whether the shell's process is still up (it has neither exited nor been killed). */
  running(): boolean;
  /** SIGKILL, as a crash would: no shutdown, the data directory left as it is (and, if asked, the tab open). */
  kill(options?: { keepBrowser?: boolean }): Promise<void>;
}

async function prepareHome(home: string, options: ShellOptions): Promise<void> {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: options.servers }));
  if (options.secrets)
    await writeFile(path.join(home, 'secrets.json'), JSON.stringify(options.secrets), { mode: 0o600 });
  const trusted = parseConfig({ mcpServers: options.servers })
    .servers.filter((s) => options.trusted?.includes(s.name))
    .map(serverIdentity);
  await writeFile(path.join(home, 'trusted-servers.json'), JSON.stringify(trusted));
  for (const [name, value] of Object.entries(options.files ?? {}))
    await writeFile(path.join(home, name), JSON.stringify(value));
}

/** Builds the renderer if needed, starts `electron/web/main.ts` on a data directory, opens Chromium. */
export async function startShell(options: ShellOptions): Promise<RunningShell> {
  // Built aside and moved in without emptying the folder: the other worker's shell may be serving it
  // (in a clean clone two files start at once, each finding no build; `npm run web` in another test
  // builds too), and a build made in place would empty it under that shell's page.
  buildIfStale('renderer');
  await mkdir(shots, { recursive: true });
  const home = options.home ?? (await mkdtemp(path.join(tmpdir(), 'sb-e2e-')));
  if (!options.home) await prepareHome(home, options);

  const shell: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'electron/web/main.ts'), '--port', String(options.port ?? 0)],
    {
      cwd: root,
      env: { ...process.env, SWITCHBOARD_HOME: home, ...options.env },
      // The shell's own process group: a kill takes its servers with it, as a crash of the app would.
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Read as it comes: a shell whose app log says much (a title each conversation could not have,
  // say) would otherwise fill the pipe and stall. Its end is kept for a shell that exits early.
  let errors = '';
  shell.stderr!.on('data', (d: Buffer) => {
    errors = (errors + d.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    shell.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/);
      if (m) resolve(m[0]);
    });
    shell.once('exit', (code) => reject(new Error(`browser shell exited (${code}): ${out}${errors}`)));
  });
  const reused = options.page;
  const browser =
    reused?.context().browser() ??
    (await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-component-update',
        '--no-first-run',
        ...(options.chromiumArgs ?? []),
      ],
    }));
  // A context of its own (not browser.newPage's one-page context): tests open more tabs in it.
  const page =
    reused ?? (await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage());
  const frames: string[] = [];
  if (!reused) page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  const exited = () => shell.exitCode !== null || shell.signalCode !== null;
  return {
    home,
    url,
    browser,
    page,
    frames,
    running: () => !exited(),
    async stop() {
      await browser.close().catch(() => {});
      if (!exited()) {
        shell.kill('SIGTERM');
        await new Promise((r) => shell.once('exit', r));
      }
      await rm(home, { recursive: true, force: true });
    },
    async kill({ keepBrowser = false } = {}) {
      if (!keepBrowser) await browser.close().catch(() => {});
      if (!exited()) {
        shell.kill('SIGKILL');
        await new Promise((r) => shell.once('exit', r));
      }
    },
  };
}

/** Opens a section from the sidebar (its button may carry a count badge after the name). */
export function goTo(page: Page, section: string): Promise<void> {
  return page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${section}`) })
    .click();
}

/** Starts the shell, opens its link, and waits on the Servers page until each of `running` runs. */
export async function startShellOpen(options: ShellOptions, running: string[]): Promise<RunningShell> {
  const shell = await startShell(options);
  await shell.page.goto(shell.url);
  await goTo(shell.page, 'Servers');
  const until = Date.now() + 40_000;
  for (const id of running) {
    const card = shell.page.locator(`[data-server="${id}"]`);
    try {
      await card.locator('[data-status="running"]').waitFor({ timeout: Math.max(1, until - Date.now()) });
    } catch (error) {
      // Say what the card said: a server that failed names why, one still starting says so.
      const said = await card.textContent({ timeout: 1000 }).catch(() => '(no card)');
      throw new Error(`${id} did not come to run on the Servers page; its card says: ${said}`, {
        cause: error,
      });
    }
  }
  return shell;
}

/** Starts a new conversation and waits until it is the one open, empty: what is typed before goes to the old one. */
export async function openNewChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New chat' }).click();
  const current = page.locator('.conversation-list [aria-current="true"]');
  await expect
    .poll(async () => ((await current.count()) === 1 ? await current.textContent() : ''))
    .toMatch(/^New conversationNo messages yet/);
}

/** Sends `text` from the composer (Enter). */
export async function sendFromComposer(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

/** Allows, once, the tool call of `server` its consent dialog asks about. */
export function allowToolOnce(page: Page, server: string): Promise<void> {
  return page
    .getByRole('dialog', { name: new RegExp(`Tool call from ${server}$`) })
    .getByRole('button', { name: 'Allow once' })
    .click();
}

/**
 * On `server`'s card: waits for its trust prompt to show `launch`, screenshots it as `shot`, trusts
 * it, and waits until it runs with `tool` listed (`timeout` for the start) — a launch replacing one
 * that runs (an update: "Trust and switch"), until it has taken its place. Returns the card.
 */
export async function trustAndSeeRunning(
  page: Page,
  server: string,
  { launch, shot, tool, timeout = 30_000 }: { launch: string; shot: string; tool: string; timeout?: number },
): Promise<Locator> {
  const card = page.locator(`[data-server="${server}"]`);
  const trust = card.getByRole('region', { name: 'Trust prompt' });
  await expect.poll(() => trust.locator('pre').textContent()).toContain(launch);
  await page.screenshot({ path: path.join(shots, shot) });
  await trust.getByRole('button', { name: /^Trust and (start|switch)$/ }).click();
  await expect
    .poll(
      async () =>
        (await card.locator('[data-launch-update]').count()) > 0
          ? 'switching'
          : card.locator('[data-status]').getAttribute('data-status'),
      { timeout },
    )
    .toBe('running');
  await card.locator('details.server-tools summary').click();
  await expect.poll(() => card.locator(`li[data-tool="${tool}"]`).count()).toBe(1);
  await card.scrollIntoViewIfNeeded();
  return card;
}

/**
 * Runs a server's tool by hand from its card (arguments filled by `fill`): Run is the person's
 * consent, so no dialog follows. Returns the runner dialog.
 */
export async function runToolByHand(
  page: Page,
  server: string,
  tool: string,
  { fill }: { fill?: (runner: Locator) => Promise<void> } = {},
): Promise<Locator> {
  await goTo(page, 'Servers');
  const details = page.locator(`[data-server="${server}"] details.server-tools`);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await details.locator(`li[data-tool="${tool}"] button`).click();
  const runner = page.getByRole('dialog', { name: new RegExp(`^Run .* on ${server}$`) });
  await fill?.(runner);
  await runner.getByRole('button', { name: 'Run', exact: true }).click();
  return runner;
}
