import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, type RunningShell, root, shots, startShellOpen } from './shellFixture';

/**
 * The managed policy in the app: a server the organization's policy denies shows so on its card, with
 * the rule as the file writes it, and never runs; the file edited while the app runs starts it.
 */
describeInChromium('the managed policy in the app', () => {
  let shell: RunningShell;
  let page: Page;
  let dir: string;
  const card = (id: string) => page.locator(`[data-server="${id}"]`);
  const MARKER_SERVER = path.join(root, 'e2e/fixtures/stdio/marker-server.mjs');
  const ECHO_SERVER = path.join(root, 'e2e/fixtures/stdio/echo-server.mjs');
  const policyFile = () => path.join(dir, 'policy.json');
  const marker = () => path.join(dir, 'spawned');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sb-policy-e2e-'));
    await writeFile(
      policyFile(),
      JSON.stringify({ deniedServers: [{ command: process.execPath, args: [MARKER_SERVER] }] }),
    );
    shell = await startShellOpen(
      {
        servers: {
          denied: { command: process.execPath, args: [MARKER_SERVER, marker()] },
          allowed: { command: process.execPath, args: [ECHO_SERVER] },
          deniedNew: { command: process.execPath, args: [MARKER_SERVER, `${marker()}-new`] },
        },
        trusted: ['denied', 'allowed'],
        env: { SWITCHBOARD_POLICY_FILE: policyFile() },
      },
      ['allowed'],
    );
    page = shell.page;
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('shows a denied server refused, with the rule, and never starts it', async () => {
    const refused = card('denied').getByRole('region', { name: 'Refused by policy' });
    await refused.waitFor();
    const text = await refused.textContent();
    // The policy named once, by the reason itself.
    expect(text).toContain("Refused: your organization's policy denies the command");
    expect(text?.match(/organization's policy/g)).toHaveLength(1);
    expect(text).toContain(`(rule: deniedServers[0] {"command":${JSON.stringify(process.execPath)}`);
    expect(await card('denied').locator('[data-status="refused"]').textContent()).toBe('Refused by policy');
    expect(await card('allowed').getByRole('region', { name: 'Refused by policy' }).count()).toBe(0);
    // Nothing on the card offers to start it.
    expect(await card('denied').getByRole('button', { name: 'Restart' }).count()).toBe(0);
    expect(existsSync(marker())).toBe(false);
    // Not yet trusted and refused: no trust is asked for a launch that could not run.
    await card('deniedNew').getByRole('region', { name: 'Refused by policy' }).waitFor();
    expect(await card('deniedNew').getByRole('button', { name: /Trust/ }).count()).toBe(0);
    await card('denied').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'policy-refused.png'), fullPage: true });
  });

  it('the Add form says the policy refuses a command before saving it', async () => {
    await page.getByRole('button', { name: 'Add server' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a server' });
    await editor.getByLabel('Name', { exact: true }).fill('typed');
    await editor.getByLabel(/^Command/).fill(process.execPath);
    await editor.getByLabel('Arguments, one per line').fill(MARKER_SERVER);
    await editor.getByRole('button', { name: 'Save' }).click();
    const said = editor.getByRole('region', { name: 'Refused by policy' });
    await said.waitFor();
    expect(await said.textContent()).toContain('it will not start while the policy refuses it');
    await editor.getByRole('button', { name: 'Save anyway' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'policy-add-refused.png') });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await card('typed').count()).toBe(0);
  });

  it('starts the server when the file is edited to allow it', async () => {
    await writeFile(policyFile(), JSON.stringify({ deniedServers: [] }));
    await card('denied').locator('[data-status="running"]').waitFor({ timeout: 20_000 });
    expect(await card('denied').getByRole('region', { name: 'Refused by policy' }).count()).toBe(0);
    expect(existsSync(marker())).toBe(true);
    await page.screenshot({ path: path.join(shots, 'policy-allowed.png'), fullPage: true });
  });
});
