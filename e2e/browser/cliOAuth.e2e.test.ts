import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { completeSignIn, type OAuthServers, startOAuthServers } from '../fixtures/oauth/oauthServers';
import { CHROMIUM, describeInChromium, root } from './shellFixture';

const CLI = path.join(root, 'electron/cli/main.ts');

/**
 * The CLI against an OAuth server (oidc-provider in front of the SDK's server with bearer auth): it
 * prints the sign-in link and waits on loopback, a browser completes the sign-in, the command runs;
 * the next run reuses the sign-in from the credentials file; --no-sign-in fails, saying why.
 */
describeInChromium('the CLI signs in to an OAuth server', () => {
  let oauth: OAuthServers;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    oauth = await startOAuthServers(3600);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    dir = await mkdtemp(path.join(tmpdir(), 'sb-cli-oauth-'));
  });
  afterAll(async () => {
    await browser?.close();
    oauth?.process.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  const credentials = () => path.join(dir, 'credentials.json');
  /** The CLI's arguments against the OAuth server, its sign-ins kept in `file`. */
  const cli = (argv: string[], file = credentials()) => [
    '--import',
    'tsx',
    CLI,
    '--url',
    oauth.mcpUrl,
    '--credentials',
    file,
    ...argv,
  ];

  it('prints the sign-in link, waits for it, then runs the command; the next run reuses the sign-in', async () => {
    const child = spawn(process.execPath, cli(['call', 'whoami']), { cwd: root });
    // Listened for at once: the CLI may be done before the test looks.
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    const link = await new Promise<string>((resolve) =>
      child.stderr.on('data', (d) => {
        stderr += d;
        const m = /^(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)$/m.exec(stderr);
        if (m) resolve(m[1]!);
      }),
    );
    expect(stderr).toContain(`needs you to sign in with ${new URL(oauth.issuer).host}`);
    const tab = await (await browser.newContext()).newPage();
    await tab.goto(link);
    await completeSignIn(tab);
    const code = await exited;
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('You are');
    expect((await stat(credentials())).mode & 0o777).toBe(0o600);

    const again = spawnSync(process.execPath, cli(['call', 'whoami']), { cwd: root, encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('You are');
    expect(again.stderr).not.toContain('/auth?');
    // The file holds the sign-in; stdout and stderr never show the token.
    const stored = JSON.parse(await readFile(credentials(), 'utf8')) as {
      tokens: Record<string, { accessToken: string }>;
    };
    const token = Object.values(stored.tokens)[0]?.accessToken ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(`${stdout}${stderr}${again.stdout}${again.stderr}`).not.toContain(token);
  }, 90_000);

  it('--no-sign-in with no sign-in kept fails at once, naming the authorization server', () => {
    const r = spawnSync(process.execPath, cli(['--no-sign-in', 'tools'], path.join(dir, 'none.json')), {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`needs you to sign in with ${new URL(oauth.issuer).host}`);
  }, 30_000);
});
