import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readActivity } from '../../electron/host/activity/activityReader';
import { completeSignIn, type OAuthServers, startOAuthServers } from '../fixtures/oauth/oauthServers';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  runToolByHand,
  shots,
  startShell,
  startShellOpen,
} from './shellFixture';

/**
 * OAuth with real parts: the browser shell, Chromium, oidc-provider (dynamic registration, PKCE,
 * resource indicators, refresh with rotation) and an MCP server that checks bearer tokens. Sign in
 * through the real sign-in page, call a tool, let the token expire (renewed without asking), have it
 * revoked (Sign in shown again), restart the host (still signed in).
 */
describeInChromium('OAuth sign-in to a remote server', () => {
  const TOKEN_TTL = 6;
  let oauth: OAuthServers;
  let shell: RunningShell;
  let page: Page;
  const card = () => page.locator('[data-server="protected"]');
  const shot = (name: string) => page.screenshot({ path: path.join(shots, `oauth-${name}.png`) });
  const seen = async () =>
    (await (await fetch(new URL('/test/seen', oauth.mcpUrl))).json()) as {
      jti: string;
      sub: string;
      signature: string;
    }[];

  beforeAll(async () => {
    oauth = await startOAuthServers(TOKEN_TTL);
    shell = await startShellOpen(
      { servers: { protected: { type: 'http', url: oauth.mcpUrl } }, trusted: ['protected'] },
      [],
    );
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    oauth?.process.kill('SIGTERM');
  }, 90_000);

  async function signInThroughThePage() {
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card().getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(oauth.issuer);
    await completeSignIn(tab);
    await tab.close();
  }

  it('shows "Sign in required" with whom and the scopes, signs in on the real page, then a tool call works', async () => {
    await card().getByRole('heading', { name: 'Sign in required' }).waitFor({ timeout: 20_000 });
    const host = new URL(oauth.issuer).host;
    await expect.poll(() => card().textContent()).toContain(`sign-in page of ${host}`);
    expect(await card().textContent()).toContain('mcp:tools');
    await shot('sign-in-required');
    await signInThroughThePage();
    await card().locator('[data-status="running"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => card().textContent()).toContain(`Signed in with ${host}`);
    await shot('signed-in');
    const runner = await runToolByHand(page, 'protected', 'whoami');
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toContain('You are');
    await runner.getByRole('button', { name: 'Close' }).click();
    // The token never reached the page, nor the server's log on disk.
    const signature = (await seen()).at(-1)?.signature ?? '';
    expect(signature.length).toBeGreaterThan(20);
    expect(shell.frames.some((f) => f.includes(signature))).toBe(false);
    const logs = await readdir(path.join(shell.home, 'logs')).catch(() => [] as string[]);
    expect(logs.length).toBeGreaterThan(0);
    for (const file of logs)
      expect(await readFile(path.join(shell.home, 'logs', file), 'utf8')).not.toContain(signature);
    // Kept in the secret store, never in the config file.
    expect(await readFile(path.join(shell.home, 'config.json'), 'utf8')).not.toContain(signature);
    expect(await readFile(path.join(shell.home, 'secrets.json'), 'utf8')).toContain(signature);
  }, 90_000);

  it('an expired token is renewed without asking the person', async () => {
    const before = new Set((await seen()).map((s) => s.jti));
    const pages = page.context().pages().length;
    await page.waitForTimeout((TOKEN_TTL + 1) * 1000);
    const runner = await runToolByHand(page, 'protected', 'whoami');
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toContain('You are');
    await runner.getByRole('button', { name: 'Close' }).click();
    const last = (await seen()).at(-1);
    expect(last && before.has(last.jti)).toBe(false); // a new token
    expect(page.context().pages().length).toBe(pages); // no sign-in page opened
  }, 90_000);

  it('a revoked token that cannot be renewed ends in "Sign in required" again; signing in brings it back', async () => {
    await fetch(new URL('/test/revoke', oauth.mcpUrl), { method: 'POST' });
    // The call is refused; the server ends in "Sign in required" (its tools, and the runner, go with it).
    await runToolByHand(page, 'protected', 'whoami');
    await card().getByRole('heading', { name: 'Sign in required' }).waitFor({ timeout: 15_000 });
    await shot('signed-out-by-revocation');
    await signInThroughThePage();
    await card().locator('[data-status="running"]').waitFor({ timeout: 20_000 });
  }, 90_000);

  it('after a restart of the host, the server is still signed in', async () => {
    // Used once after the sign-in, so the crash comes with the host at rest: with these 6-second
    // tokens, a host killed while renewing one (right after the sign-in, its start's requests still
    // going on a loaded machine) has spent the stored refresh token, and the server revokes the
    // grant when it is offered again — a crash no restart can recover from, not what this tests.
    const runner = await runToolByHand(page, 'protected', 'whoami');
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toContain('You are');
    await runner.getByRole('button', { name: 'Close' }).click();
    const home = shell.home;
    await shell.kill({ keepBrowser: true });
    shell = await startShell({ servers: {}, home, page });
    await page.goto(shell.url);
    await goTo(page, 'Servers');
    // A cold host start on a loaded 2-core machine (CI runs other suites at once) can take a while.
    await card().locator('[data-status="running"]').waitFor({ timeout: 45_000 });
    expect(await card().textContent()).toContain('Signed in with');
    await shot('signed-in-after-restart');
    // Sign out forgets the token: the server asks for a sign-in again.
    await card().getByRole('button', { name: 'Sign out' }).click();
    await card().getByRole('heading', { name: 'Sign in required' }).waitFor({ timeout: 15_000 });
    expect(await readFile(path.join(shell.home, 'secrets.json'), 'utf8')).not.toContain('accessToken');
    // The activity record: both sign-ins (the first, and the one after the revocation) and the sign-out,
    // never a token.
    const signIns = async () =>
      (await readActivity(path.join(shell.home, 'activity'))).entries.flatMap((e) =>
        e.kind === 'sign-in' ? [`${e.server} ${e.change} ${e.outcome}`] : [],
      );
    await expect
      .poll(signIns, { timeout: 10_000 })
      .toEqual(['protected signed-in ok', 'protected signed-in ok', 'protected signed-out ok']);
    const signature = (await seen()).at(-1)?.signature ?? '';
    expect(await readFile(path.join(shell.home, 'activity', 'activity.jsonl'), 'utf8')).not.toContain(
      signature,
    );
  }, 90_000);
});
