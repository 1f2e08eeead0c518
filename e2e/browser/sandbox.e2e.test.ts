import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutSandbox } from '../fixtures/sandboxSkip';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  root,
  runToolByHand,
  shots,
  startShell,
  startShellOpen,
  trustAndSeeRunning,
} from './shellFixture';

/**
 * Issue 48 in Chromium, through the browser shell: a real server confined by the real sandbox
 * (bubblewrap, its proxy), trusted on its card; a read of a planted secret denied and shown there;
 * Allow for this server, the trust step, and the read goes through. The shell runs with a home folder
 * of the test's own (HOME), whose secret places the sandbox hides. Each state of the card is
 * photographed in both themes.
 */
const REACH = path.join(root, 'e2e/fixtures/stdio/reach-server.mjs');
const noSandbox = await skipWithoutSandbox('the sandbox e2e');

/**
 * A card photographed in the light and the dark theme, and checked by axe-core in each (as the
 * accessibility e2e checks every page: nothing serious or critical). Seconds each on two loaded
 * cores: the tests that call it have minutes.
 */
async function shootCard(page: Page, card: Locator, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(shots, `sandbox-${name}-${theme}.png`) });
    const server = await card.getAttribute('data-server');
    const result = await new AxeBuilder({ page })
      .include(`[data-server="${server}"]`)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} on ${name} (${theme}): ${n.target.join(' ')}`));
    expect(serious).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A home folder of the test's own, with a secret planted where the sandbox hides it. */
async function personHome(work: string): Promise<string> {
  const person = path.join(work, 'person');
  await mkdir(path.join(person, '.aws'), { recursive: true });
  await writeFile(path.join(person, '.aws', 'credentials'), 'PLANTED-AWS-KEY\n');
  return person;
}

describeInChromium('a sandboxed server on its card, in Chromium', () => {
  describe.skipIf(noSandbox)('under the real sandbox', () => {
    let work: string;
    let person: string;
    let shell: RunningShell;
    let page: Page;
    const card = (id: string) => page.locator(`[data-server="${id}"]`);
    const sandbox = (id: string) => card(id).getByRole('region', { name: `Sandbox: ${id}` });
    const savedServer = async (id: string) =>
      JSON.parse(await readFile(path.join(shell.home, 'config.json'), 'utf8')).mcpServers[id];
    /** Runs `try` by hand from the card, and returns what it answered. */
    const attempt = async (action: string, target: string) => {
      const runner = await runToolByHand(page, 'reach', 'try', {
        fill: async (r) => {
          await r.getByLabel('action').fill(action);
          await r.getByLabel('target').fill(target);
        },
      });
      const result = runner.getByRole('region', { name: 'Result' });
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/ok|failed/);
      const text = (await result.textContent()) ?? '';
      await runner.getByRole('button', { name: 'Close' }).click();
      return text;
    };

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'sb-e2e-sandbox-'));
      person = await personHome(work);
      shell = await startShellOpen(
        {
          servers: {
            reach: { command: process.execPath, args: [REACH], sandboxEnabled: true },
            open: { command: process.execPath, args: [REACH, 'unconfined'] },
          },
          trusted: ['open'],
          // The person's home for this shell: its secret places are the ones hidden, and confined
          // servers' own folders go under its cache.
          env: { HOME: person, XDG_CACHE_HOME: path.join(person, '.cache') },
        },
        ['open'],
      );
      page = shell.page;
    }, 120_000);
    afterAll(async () => {
      await shell?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('a server with full rights says so, and is offered the sandbox', async () => {
      expect(await sandbox('open').getAttribute('data-sandbox')).toBe('off');
      expect(await sandbox('open').textContent()).toContain(
        'Runs with your full rights: it can read, write and reach everything you can',
      );
      expect(await card('open').locator('[data-sandbox-badge]').count()).toBe(0);
      await shootCard(page, card('open'), '1-off');
    }, 120_000);

    it('its trust prompt says it runs sandboxed; trusted, its card says what it may reach', async () => {
      const launch = card('reach').locator('[data-launch-sandbox]');
      await expect.poll(() => launch.getAttribute('data-launch-sandbox')).toBe('confined');
      expect(await launch.locator('p').first().textContent()).toBe(
        'Runs sandboxed — may also write: (none); may reach: (none); may read: (none).',
      );
      await shootCard(page, card('reach'), '2-trust');
      await trustAndSeeRunning(page, 'reach', {
        launch: REACH,
        shot: 'sandbox-2-trust-page.png',
        tool: 'try',
      });
      expect(await card('reach').locator('[data-sandbox-badge]').textContent()).toBe('Sandboxed');
      expect(await sandbox('reach').locator('.sandbox-reach').textContent()).toBe(
        "May write: its own folder · May reach: (none) · Hidden: credentials, keys, browser profiles and keychains, Switchboard's data folder",
      );
      await shootCard(page, card('reach'), '3-confined');
    }, 120_000);

    it('a denied read shows on the card; Allow, the trust step, and the read goes through', async () => {
      const secret = path.join(person, '.aws', 'credentials');
      expect(await attempt('read', secret)).toMatch(/failed (ENOENT|EACCES|EPERM)/);
      // Again: the same denial counts up, it does not flood the card.
      expect(await attempt('read', secret)).toMatch(/failed/);
      const row = sandbox('reach').locator('[data-violation]').first();
      await expect
        .poll(() => row.locator('.denial').textContent(), { timeout: 10_000 })
        .toMatch(/^tried to read ~\/\.aws\/credentials ×2 /);
      const allow = row.getByRole('button', { name: 'Allow reading ~/.aws/credentials' });
      expect(await allow.count()).toBe(1);
      await shootCard(page, card('reach'), '4-denied');

      await allow.click();
      // Widened in config.json, which is a change to trust: the card asks, with the new rule.
      const launch = card('reach').locator('[data-launch-sandbox]');
      await expect
        .poll(() => launch.locator('p').first().textContent())
        .toBe('Runs sandboxed — may also write: (none); may reach: (none); may read: ~/.aws/credentials.');
      expect((await savedServer('reach')).sandbox).toEqual({
        filesystem: { allowRead: ['~/.aws/credentials'] },
      });
      await shootCard(page, card('reach'), '5-allowed');

      // The narrower launch runs on meanwhile (issue 49 item 11): trusted, the wider one replaces it.
      expect(await card('reach').getByRole('region', { name: 'Update waiting: reach' }).count()).toBe(1);
      await card('reach')
        .getByRole('region', { name: 'Trust prompt' })
        .getByRole('button', { name: 'Trust and switch' })
        .click();
      await expect
        .poll(
          async () =>
            (await card('reach').locator('[data-launch-update]').count()) > 0
              ? 'switching'
              : card('reach').locator('[data-status]').getAttribute('data-status'),
          { timeout: 30_000 },
        )
        .toBe('running');
      expect(await attempt('read', secret)).toContain('ok PLANTED-AWS-KEY');
      // A new run: nothing denied in it yet.
      expect(await sandbox('reach').locator('[data-violation]').count()).toBe(0);
    }, 120_000);

    it('turning the sandbox off asks first; then it waits for trust, saying it would run with full rights, while the confined one runs on', async () => {
      await sandbox('reach').getByRole('button', { name: 'Turn off sandbox…' }).click();
      const confirm = sandbox('reach').getByRole('group', { name: 'Turn off the sandbox of reach?' });
      expect(await confirm.textContent()).toContain('can read, write and reach everything you can');
      await shootCard(page, card('reach'), '6-turn-off');
      await confirm.getByRole('button', { name: 'Run with full rights' }).click();
      const launch = card('reach').locator('[data-launch-sandbox]');
      await expect.poll(() => launch.getAttribute('data-launch-sandbox')).toBe('off');
      expect(await launch.textContent()).toBe(
        'Runs with your full rights: it can read, write and reach everything you can.',
      );
      expect((await savedServer('reach')).sandboxEnabled).toBe(false);
      // What runs until the person trusts the wider launch is the confined one, and the card says so.
      expect(await card('reach').getByRole('region', { name: 'Update waiting: reach' }).count()).toBe(1);
      expect(await sandbox('reach').getAttribute('data-sandbox')).toBe('confined');
      await card('reach')
        .getByRole('region', { name: 'Trust prompt' })
        .getByRole('button', { name: 'Trust and switch' })
        .click();
      await expect.poll(() => sandbox('reach').getAttribute('data-sandbox'), { timeout: 30_000 }).toBe('off');
    }, 120_000);

    it('Run sandboxed on a server with full rights saves it, and asks for trust with the sandbox', async () => {
      await sandbox('open').getByRole('button', { name: 'Run sandboxed' }).click();
      const launch = card('open').locator('[data-launch-sandbox]');
      await expect.poll(() => launch.getAttribute('data-launch-sandbox')).toBe('confined');
      expect((await savedServer('open')).sandboxEnabled).toBe(true);
      expect(await card('open').locator('[data-sandbox-badge]').textContent()).toBe('Sandboxed');
    });
  });

  describe('where the sandbox cannot run', () => {
    let work: string;
    let shell: RunningShell;
    let page: Page;

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'sb-e2e-nosandbox-'));
      const person = await personHome(work);
      const bare = path.join(work, 'bin');
      await mkdir(bare);
      shell = await startShell({
        servers: { reach: { command: process.execPath, args: [REACH], sandboxEnabled: true } },
        trusted: ['reach'],
        // A PATH with none of bwrap, socat and rg on it: the sandbox is unavailable to this shell.
        env: { HOME: person, XDG_CACHE_HOME: path.join(person, '.cache'), PATH: bare },
      });
      page = shell.page;
      await page.goto(shell.url);
      await goTo(page, 'Servers');
    }, 120_000);
    afterAll(async () => {
      await shell?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('the card names what is missing and the commands that install it; the server was not started', async () => {
      const card = page.locator('[data-server="reach"]');
      const section = card.getByRole('region', { name: 'Sandbox: reach' });
      await expect.poll(() => section.getAttribute('data-sandbox'), { timeout: 30_000 }).toBe('unavailable');
      const said = (await section.textContent()) ?? '';
      expect(said).toContain('the sandbox cannot run on this computer');
      expect(said).toMatch(/bwrap|bubblewrap/);
      expect(said).toContain('It was not started unconfined.');
      expect(await section.locator('.copy-text code').allTextContents()).toEqual([
        expect.stringMatching(/^sudo apt install .*bubblewrap/),
        expect.stringMatching(/^sudo dnf install .*bubblewrap/),
      ]);
      expect(await card.locator('[data-status]').getAttribute('data-status')).not.toBe('running');
      await shootCard(page, card, '7-unavailable');
    }, 120_000);
  });
});
