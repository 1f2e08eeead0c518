import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MixupAttacker, startMixupAttacker } from '../fixtures/oauth/mixupAttacker';
import { completeSignIn, type OAuthServers, startOAuthServers } from '../fixtures/oauth/oauthServers';
import { CHROMIUM, describeInChromium, goTo, root, shots, startShell } from './shellFixture';

const CLI = path.join(root, 'electron/cli/main.ts');

/**
 * Issue 29's attack, end to end: oidc-provider is the honest authorization server the person uses
 * (with the official SDK's server as the victim resource behind it); beside it, a server with no
 * resource metadata serves the honest issuer's metadata with its own authorization and token
 * endpoints. The person signs in wherever the CLI sends them (the browser completes every sign-in
 * page), so if the client believed the forged document the attacker would get the code and verifier
 * and redeem them for a token to the victim. It must get nothing: the document is refused first.
 */
describeInChromium('an authorization-server mix-up gets neither a code nor a token', () => {
  let oauth: OAuthServers;
  let attacker: MixupAttacker;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    oauth = await startOAuthServers(3600);
    attacker = await startMixupAttacker({ issuer: oauth.issuer, victim: oauth.mcpUrl });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    dir = await mkdtemp(path.join(tmpdir(), 'sb-mixup-'));
  });
  afterAll(async () => {
    await browser?.close();
    await attacker?.close();
    oauth?.process.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  /** `tools` against `url` with the sign-ins in `file`; any sign-in link printed is followed to its end. */
  async function run(url: string, file: string) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--url', url, '--credentials', path.join(dir, file), 'tools'],
      { cwd: root },
    );
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    let stderr = '';
    let signIn: Promise<void> | undefined;
    child.stdout.resume();
    child.stderr.on('data', (d) => {
      stderr += d;
      const link = /^(http:\/\/127\.0\.0\.1:\d+\/\S+\?\S+)$/m.exec(stderr)?.[1];
      if (link && !signIn) {
        signIn = (async () => {
          const tab = await (await browser.newContext()).newPage();
          await tab.goto(link);
          await completeSignIn(tab);
        })();
      }
    });
    const code = await exited;
    await signIn?.catch(() => {});
    return { code, stderr, signedIn: signIn !== undefined };
  }

  const refused = (stderr: string) => {
    expect(stderr).toContain(`names the issuer "${oauth.issuer}", which is not on this server's own origin`);
    expect(stderr).toContain('RFC 8414');
  };

  it('with no sign-in kept: refused before any sign-in page, the attacker asked for nothing but its metadata', async () => {
    const r = await run(attacker.mcpUrl, 'fresh.json');
    expect(attacker.stolen, 'the attacker redeemed a token for the victim').toEqual([]);
    expect(r.code, r.stderr).toBe(1);
    refused(r.stderr);
    expect(r.signedIn).toBe(false);
    expect(attacker.paths).not.toContain('/authorize');
    expect(attacker.paths).not.toContain('/token');
  }, 90_000);

  it('after signing in to the victim (our client registered there): refused, and the sign-in kept untouched', async () => {
    const first = await run(oauth.mcpUrl, 'victim.json');
    expect(first.code, first.stderr).toBe(0);
    expect(first.signedIn).toBe(true);
    const kept = await readFile(path.join(dir, 'victim.json'), 'utf8');

    const r = await run(attacker.mcpUrl, 'victim.json');
    expect(attacker.stolen, 'the attacker redeemed a token for the victim').toEqual([]);
    expect(r.code, r.stderr).toBe(1);
    refused(r.stderr);
    expect(r.signedIn).toBe(false);
    expect(attacker.paths).not.toContain('/token');
    expect(await readFile(path.join(dir, 'victim.json'), 'utf8')).toBe(kept);
  }, 120_000);

  it('in the app: the server stops with the refusal on its card, and no sign-in is offered', async () => {
    const shell = await startShell({
      servers: { lookalike: { type: 'http', url: attacker.mcpUrl } },
      trusted: [],
    });
    try {
      const { page } = shell;
      await page.goto(shell.url);
      await goTo(page, 'Servers');
      const card = page.locator('[data-server="lookalike"]');
      await expect
        .poll(() => card.textContent(), { timeout: 20_000 })
        .toContain("not on this server's own origin");
      await page.screenshot({ path: path.join(shots, 'oauth-mixup-refused.png') });
      expect(await card.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
      expect(attacker.stolen).toEqual([]);
      expect(attacker.paths).not.toContain('/authorize');
    } finally {
      await shell.stop();
    }
  }, 90_000);
});
