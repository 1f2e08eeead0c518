import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { completeSignIn, type OAuthServers, startOAuthServers } from '../fixtures/oauth/oauthServers';
import { describeInChromium, type RunningShell, runToolByHand, shots, startShellOpen } from './shellFixture';

/**
 * OAuth clients the person configures, with real parts (oidc-provider, the official SDK's server
 * with bearer auth, Chromium): a client registered beforehand with the sign-in service (its secret
 * typed in the server editor, kept in the secret store), a client that signs in as itself (client
 * credentials: no sign-in page at all), and a step-up: a tool that needs more scope than the first
 * sign-in asked for shows the new scopes, and signing in again grants them.
 */
describeInChromium('OAuth clients from the server editor, and a step-up', () => {
  let oauth: OAuthServers;
  let shell: RunningShell;
  let page: Page;
  const card = (id: string) => page.locator(`[data-server="${id}"]`);
  const shot = (name: string) => page.screenshot({ path: path.join(shots, `oauth-clients-${name}.png`) });
  const seen = async () =>
    (await (await fetch(new URL('/test/seen', oauth.mcpUrl))).json()) as { sub?: string; scopes: string[] }[];

  beforeAll(async () => {
    oauth = await startOAuthServers(3600);
    shell = await startShellOpen({ servers: {} }, []);
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    oauth?.process.kill('SIGTERM');
  }, 90_000);

  /** Signs in on the real sign-in page; returns the authorization request the tab was sent with. */
  async function signIn(id: string): Promise<URL> {
    const requests: string[] = [];
    const record = (r: { url(): string }) => requests.push(r.url());
    page.context().on('request', record);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card(id).getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(oauth.issuer);
    await completeSignIn(tab);
    await tab.close();
    page.context().off('request', record);
    const authorization = requests.find((u) => u.startsWith(`${oauth.issuer}/auth?`));
    expect(authorization).toBeDefined();
    return new URL(authorization!);
  }

  /** Adds a remote server through the editor with the given sign-in client. */
  async function addServer(
    name: string,
    client: { id: string; machine?: boolean; secret: string },
    before?: () => Promise<void>,
  ) {
    await page.getByRole('button', { name: 'Add server' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a server' });
    await editor.getByLabel('Name', { exact: true }).fill(name);
    await editor.getByLabel('remotely (URL)').check();
    await editor.getByLabel('URL', { exact: true }).fill(oauth.mcpUrl);
    await editor.getByText('Sign-in client (OAuth, optional)').click();
    await editor.getByLabel('Client id').fill(client.id);
    if (client.machine) await editor.getByLabel(/the client itself/).check();
    else await editor.getByLabel('Proves who it is with').selectOption('secret');
    await editor.getByLabel('Client secret').fill(client.secret);
    await before?.();
    await shot(`editor-${name}`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
  }

  it('a client-credentials client signs in as itself: no sign-in page, the secret only in the store', async () => {
    const pages = page.context().pages().length;
    await addServer('machine', { id: 'switchboard-machine', machine: true, secret: 'machine-secret' });
    await card('machine').locator('[data-status="running"]').waitFor({ timeout: 30_000 });
    expect(page.context().pages().length).toBe(pages);
    const runner = await runToolByHand(page, 'machine', 'whoami');
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toContain('You are switchboard-machine');
    await runner.getByRole('button', { name: 'Close' }).click();
    await shot('machine-running');
    const config = JSON.parse(await readFile(path.join(shell.home, 'config.json'), 'utf8'));
    expect(config.mcpServers.machine.oauth).toEqual({
      clientId: 'switchboard-machine',
      grant: 'client_credentials',
      clientSecret: { $secret: `machine/oauth/clientSecret@${new URL(oauth.mcpUrl).origin}` },
    });
    expect(JSON.stringify(config)).not.toContain('machine-secret');
    expect(shell.frames.join('\n')).not.toContain('machine-secret');
    // Editing shows that a secret is stored, never what it is; saving unchanged keeps it.
    await card('machine').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit machine' });
    expect(await editor.getByLabel('Client id').inputValue()).toBe('switchboard-machine');
    expect(await editor.getByLabel('Client secret').inputValue()).toBe('');
    expect(await editor.getByLabel('Client secret').getAttribute('placeholder')).toContain('stored');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(JSON.parse(await readFile(path.join(shell.home, 'secrets.json'), 'utf8'))).toMatchObject({
      [`machine/oauth/clientSecret@${new URL(oauth.mcpUrl).origin}`]: 'machine-secret',
    });
  }, 90_000);

  it('a wrong client secret is named as the sign-in service refusing the client, not a silent failure', async () => {
    await addServer('wrong', { id: 'no-such-client', machine: true, secret: 'not-the-secret' });
    await expect
      .poll(() => card('wrong').textContent(), { timeout: 30_000 })
      .toMatch(/token endpoint refused.*invalid_client/);
    await shot('wrong-secret');
    expect(shell.frames.join('\n')).not.toContain('not-the-secret');
  }, 90_000);

  it('a pre-registered client signs a person in under its own client id', async () => {
    await addServer('registered', { id: 'switchboard-pre', secret: 'pre-secret' });
    await card('registered').getByRole('heading', { name: 'Sign in required' }).waitFor({ timeout: 20_000 });
    const request = await signIn('registered');
    expect(request.searchParams.get('client_id')).toBe('switchboard-pre');
    await card('registered').locator('[data-status="running"]').waitFor({ timeout: 20_000 });
    const runner = await runToolByHand(page, 'registered', 'whoami');
    await expect
      .poll(() => runner.getByRole('region', { name: 'Result' }).textContent())
      .toContain('You are switchboard-pre');
    await runner.getByRole('button', { name: 'Close' }).click();
    // No client of our own was registered: the store holds tokens for the issuer, no registration.
    const secrets = await readFile(path.join(shell.home, 'secrets.json'), 'utf8');
    expect(secrets).not.toContain('"clientId"');
  }, 90_000);

  it('a tool that needs more scope shows the new scopes; signing in again grants them', async () => {
    const runner = await runToolByHand(page, 'registered', 'admin_report');
    await card('registered').getByRole('heading', { name: 'Sign in required' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => card('registered').textContent())
      .toContain('The server asks for more access than you granted (mcp:admin)');
    expect(await card('registered').locator('[data-new-scopes]').textContent()).toBe('mcp:admin');
    await shot('step-up');
    // The runner goes with the server's tools; close it if it is still there.
    if (await runner.isVisible()) await runner.getByRole('button', { name: 'Close' }).click();
    const request = await signIn('registered');
    expect(request.searchParams.get('client_id')).toBe('switchboard-pre');
    expect(request.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['mcp:tools', 'mcp:admin']),
    );
    await card('registered').locator('[data-status="running"]').waitFor({ timeout: 20_000 });
    const again = await runToolByHand(page, 'registered', 'admin_report');
    await expect
      .poll(() => again.getByRole('region', { name: 'Result' }).textContent())
      .toContain('Admin report for');
    await again.getByRole('button', { name: 'Close' }).click();
    expect((await seen()).at(-1)?.scopes).toContain('mcp:admin');
    await shot('step-up-granted');
  }, 120_000);

  it('removing a signed-in server forgets (and revokes) its sign-in, and only its own', async () => {
    const tokenIds = async () =>
      Object.keys(JSON.parse(await readFile(path.join(shell.home, 'secrets.json'), 'utf8'))).filter((k) =>
        k.startsWith('oauth:tokens@'),
      );
    const before = await tokenIds();
    expect(before.some((k) => k.includes('pre-registered switchboard-pre'))).toBe(true);
    expect(before.some((k) => k.includes('client_credentials switchboard-machine'))).toBe(true);
    await card('registered').getByRole('button', { name: 'Remove…' }).click();
    await card('registered').getByRole('button', { name: 'Remove registered' }).click();
    await expect.poll(() => card('registered').count()).toBe(0);
    await expect
      .poll(async () => (await tokenIds()).some((k) => k.includes('pre-registered switchboard-pre')))
      .toBe(false);
    // The other server at the same URL, with its own client, is still signed in.
    expect((await tokenIds()).some((k) => k.includes('client_credentials switchboard-machine'))).toBe(true);
    await expect(card('machine').locator('[data-status="running"]').count()).resolves.toBe(1);
  }, 60_000);
});
