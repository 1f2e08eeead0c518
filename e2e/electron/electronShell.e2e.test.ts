import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/servers/serverIdentity';
import { EVERYTHING_ENTRY, processAlive } from '../fixtures/servers';

const root = path.resolve(__dirname, '../..');
let electronBinary: string | undefined;
try {
  // The electron package exports the binary's path, and throws when the binary was never downloaded.
  electronBinary = createRequire(import.meta.url)('electron') as unknown as string;
} catch {
  electronBinary = undefined;
}
const available =
  electronBinary !== undefined &&
  existsSync(electronBinary) &&
  existsSync(path.join(root, 'out/main/index.js'));
if (!available) {
  console.log(
    'skipped: the Electron e2e needs the Electron binary, which this machine cannot download ' +
      '(ELECTRON_SKIP_BINARY_DOWNLOAD=1, no network beyond the registries); it runs wherever `npm install` fetched it, after `npm run build`',
  );
}

describe.skipIf(!available)('Electron shell', () => {
  it('one hardened window shows the servers through the preload bridge; quitting leaves no server running', async () => {
    const { _electron } = await import('playwright-core');
    const home = await mkdtemp(path.join(tmpdir(), 'sb-electron-'));
    const servers = { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } };
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
    await writeFile(
      path.join(home, 'trusted-servers.json'),
      JSON.stringify(parseConfig({ mcpServers: servers }).servers.map(serverIdentity)),
    );
    const app = await _electron.launch({ args: [root], env: { ...process.env, SWITCHBOARD_HOME: home } });
    try {
      const page = await app.firstWindow();
      expect(page.url()).toBe('app://switchboard/index.html');
      await page.waitForSelector('[data-server="everything"] [data-status="running"]', { timeout: 20_000 });
      // No Node in the page; only the named methods of the contract.
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
        'undefined',
      );
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
      await page.screenshot({ path: path.join(root, 'test-results/e2e/electron-servers.png') });
      const pids: number[] = await app.evaluate(async () => {
        const { execSync } = await import('node:child_process');
        return execSync(`pgrep -f server-everything || true`)
          .toString()
          .split('\n')
          .filter(Boolean)
          .map(Number);
      });
      await app.close();
      for (const pid of pids) expect(await processAlive(pid)).toBe(false);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});
