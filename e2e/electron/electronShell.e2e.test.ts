import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElectronApplication, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/config/serverIdentity';
import { goTo } from '../browser/shellFixture';
import { EVERYTHING_ENTRY, hostileStdio, processAlive } from '../fixtures/servers';
import { electronMissing, root } from './electronApp';

const noElectron = electronMissing('the Electron e2e');

const CANARY = 'electron-canary-6a0c';

/** The browser shell's spec (e2e/browser/browserShell.e2e.test.ts), run against the Electron app. */
describe.skipIf(noElectron)('Electron shell', () => {
  let app: ElectronApplication;
  let page: Page;
  let home: string;

  beforeAll(async () => {
    const { _electron } = await import('playwright-core');
    home = await mkdtemp(path.join(tmpdir(), 'sb-electron-'));
    const careless = hostileStdio('print-env');
    const crashy = hostileStdio('crash-on-start');
    const servers = {
      everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
      careless: {
        command: careless.command,
        args: careless.args,
        env: { SECRET_TOKEN: CANARY, PLAIN: 'visible' },
      },
      crashy: { command: crashy.command, args: crashy.args },
    };
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
    // "careless" and "crashy" were trusted before; "everything" asks, in a native dialog.
    await writeFile(
      path.join(home, 'trusted-servers.json'),
      JSON.stringify(
        parseConfig({ mcpServers: servers })
          .servers.filter((s) => s.name !== 'everything')
          .map(serverIdentity),
      ),
    );
    app = await _electron.launch({ args: [root], env: { ...process.env, SWITCHBOARD_HOME: home } });
    page = await app.firstWindow();
  });
  afterAll(async () => {
    await app?.close().catch(() => {});
    await rm(home, { recursive: true, force: true });
  });

  it('one hardened window on app://, no Node in the page, only the contract’s named methods, a strict CSP', async () => {
    expect(page.url()).toBe('app://switchboard/index.html');
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof window.switchboard?.listServers)).toBe('function');
    expect(
      await page.evaluate(() =>
        Object.keys(window.switchboard ?? {}).some((k) => /ipc|invoke|send/i.test(k)),
      ),
    ).toBe(false);
    const csp = await page.evaluate(async () =>
      (await fetch('app://switchboard/index.html')).headers.get('content-security-policy'),
    );
    expect(csp).toContain("script-src 'self'");
  });

  it('a new command runs only after the native confirmation, which shows exactly what will run', async () => {
    // The native dialog, answered as a person would, recording what it showed.
    await app.evaluate(({ dialog }) => {
      const shown: string[] = [];
      (globalThis as { shownDialogs?: string[] }).shownDialogs = shown;
      dialog.showMessageBox = (async (...args: unknown[]) => {
        const options = args.at(-1) as { detail?: string };
        shown.push(options.detail ?? '');
        return { response: 1, checkboxChecked: false };
      }) as typeof dialog.showMessageBox;
    });
    await goTo(page, 'Servers');
    const card = page.locator('[data-server="everything"]');
    await card.getByRole('button', { name: 'Trust and start' }).click();
    await page.waitForSelector('[data-server="everything"] [data-status="running"]', { timeout: 20_000 });
    const shown = await app.evaluate(() => (globalThis as { shownDialogs?: string[] }).shownDialogs ?? []);
    expect(shown[0]).toContain(EVERYTHING_ENTRY);
    await page.screenshot({ path: path.join(root, 'test-results/e2e/electron-servers.png') });
  });

  it('a crashing server shows its error and stderr; restart works', async () => {
    await expect
      .poll(
        () =>
          page.locator('[data-server="crashy"]').getByRole('region', { name: 'Last error' }).textContent(),
        {
          timeout: 15_000,
        },
      )
      .toContain('fatal: cannot open ~/.hostile/config.toml');
    // The card is running before the click too: the restart is seen only once it has left "running"
    // (watched from before the click, however quickly it comes back).
    const left = page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const card = document.querySelector('[data-server="everything"]')!;
          const check = () => {
            const status = card.querySelector('[data-status]')?.getAttribute('data-status');
            if (status !== 'running') resolve();
          };
          new MutationObserver(check).observe(card, { attributes: true, childList: true, subtree: true });
        }),
    );
    await page.locator('[data-server="everything"]').getByRole('button', { name: 'Restart' }).click();
    await left;
    await page.waitForSelector('[data-server="everything"] [data-status="running"]', { timeout: 20_000 });
  });

  it('the logs redact the canary, and it is nowhere in the page', async () => {
    await goTo(page, 'Logs');
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('SECRET_TOKEN');
    await expect
      .poll(() => page.getByRole('log', { name: 'Log entries' }).textContent())
      .toContain('SECRET_TOKEN=[redacted] PLAIN=visible');
    expect(await page.content()).not.toContain(CANARY);
  });

  it('quitting shuts every server down: none is left running', async () => {
    const pids: number[] = await app.evaluate(async () => {
      const { execSync } = await import('node:child_process');
      // The app's own children (its servers, and Electron's helpers): all must be gone after quit.
      return execSync(`ps -o pid= --ppid ${process.pid} || true`)
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => Number(line.trim()));
    });
    expect(pids.length).toBeGreaterThan(0);
    await app.close();
    for (const pid of pids) await expect.poll(() => processAlive(pid), { timeout: 5000 }).toBe(false);
    // (The servers were direct children: the stdio transport spawns without a shell.)
  });
});
