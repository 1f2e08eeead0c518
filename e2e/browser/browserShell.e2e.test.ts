import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../electron/host/config/serverConfig';
import { serverIdentity } from '../../electron/host/servers/serverIdentity';
import { EVERYTHING_ENTRY, hostileStdio } from '../fixtures/servers';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available)
  console.log(`skipped: browser-shell e2e needs Chromium at ${CHROMIUM} (apt-get install chromium)`);

const root = path.resolve(__dirname, '../..');
const shots = path.join(root, 'test-results', 'e2e');
const CANARY = 'e2e-canary-3b7d19';

describe.skipIf(!available)('browser shell in Chromium', () => {
  let home: string;
  let shell: ChildProcess;
  let url: string;
  let browser: Browser;
  let page: Page;
  const frames: string[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(root, 'out/renderer/index.html'))) {
      const build = spawnSync('npm', ['run', '-s', 'build:renderer'], { cwd: root, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`renderer build failed: ${build.stderr}`);
    }
    await mkdir(shots, { recursive: true });
    home = await mkdtemp(path.join(tmpdir(), 'sb-e2e-'));
    const careless = hostileStdio('print-env');
    const crashy = hostileStdio('crash-on-start');
    const servers = {
      everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
      careless: {
        command: careless.command,
        args: careless.args,
        env: { SECRET_TOKEN: { $secret: 'careless/env/SECRET_TOKEN' }, PLAIN: 'visible' },
      },
      crashy: { command: crashy.command, args: crashy.args },
    };
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
    await writeFile(
      path.join(home, 'secrets.json'),
      JSON.stringify({ 'careless/env/SECRET_TOKEN': CANARY }),
      { mode: 0o600 },
    );
    // "careless" and "crashy" were trusted in an earlier session; "everything" asks in this one.
    const trusted = parseConfig({ mcpServers: servers })
      .servers.filter((s) => s.name !== 'everything')
      .map(serverIdentity);
    await writeFile(path.join(home, 'trusted-servers.json'), JSON.stringify(trusted));

    shell = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'electron/web/main.ts')], {
      cwd: root,
      env: { ...process.env, SWITCHBOARD_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      shell.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = out.match(/http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/);
        if (m) resolve(m[0]);
      });
      shell.once('exit', (code) => reject(new Error(`browser shell exited (${code}): ${out}`)));
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  });

  afterAll(async () => {
    await browser?.close();
    if (shell && shell.exitCode === null) {
      shell.kill('SIGTERM');
      await new Promise((r) => shell.once('exit', r));
    }
    if (home) await rm(home, { recursive: true, force: true });
  });

  const status = (id: string) => page.locator(`[data-server="${id}"] [data-status]`);

  it('shows the trust prompt with the exact command, then the server starting and running', async () => {
    await page.goto(url);
    const card = page.locator('[data-server="everything"]');
    await expect
      .poll(() => card.getByRole('region', { name: 'Trust prompt' }).textContent())
      .toContain(EVERYTHING_ENTRY);
    await page.screenshot({ path: path.join(shots, '1-trust-prompt.png') });
    expect(page.url()).not.toContain('token='); // moved into a cookie, out of the address bar
    await card.getByRole('button', { name: 'Trust and start' }).click();
    await expect
      .poll(() => status('everything').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('running');
    expect(await card.locator('h2').textContent()).toBe('everything');
    await expect.poll(() => card.locator('.server-title').textContent()).toBe('Everything Reference Server');
    expect(frames.some((f) => f.includes('"serversChanged"') && f.includes('"starting"'))).toBe(true);
  });

  it('a crashing server shows its error and stderr', async () => {
    const card = page.locator('[data-server="crashy"]');
    await expect
      .poll(() => card.getByRole('region', { name: 'Last error' }).textContent(), { timeout: 15_000 })
      .toMatch(/exited with code 1[\s\S]*fatal: cannot open ~\/\.hostile\/config\.toml/);
    await expect
      .poll(() => status('crashy').getAttribute('data-status'))
      .toMatch(/restarting|starting|error/);
    await page.screenshot({ path: path.join(shots, '2-running-and-crashing.png') });
  });

  it('restart works', async () => {
    const before = frames.length;
    await page.locator('[data-server="everything"]').getByRole('button', { name: 'Restart' }).click();
    await expect
      .poll(
        () => frames.slice(before).some((f) => f.includes('"serversChanged"') && f.includes('"stopped"')),
        { timeout: 5_000 },
      )
      .toBe(true);
    await expect
      .poll(() => status('everything').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('running');
  });

  it('the logs show what servers wrote, with the secret canary redacted, and it is in no WebSocket frame', async () => {
    await page.getByRole('button', { name: 'Logs' }).click();
    await expect
      .poll(() => page.locator('.logs').textContent())
      .toContain('SECRET_TOKEN=[redacted] PLAIN=visible');
    await page.screenshot({ path: path.join(shots, '3-logs.png') });
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.join('\n')).not.toContain(CANARY);
    expect(await page.content()).not.toContain(CANARY);
  });
});
