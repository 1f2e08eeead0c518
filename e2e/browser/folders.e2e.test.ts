import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import { describeInChromium, goTo, type RunningShell, root, shots, startShellOpen } from './shellFixture';

/**
 * The Folders page in Chromium, with a server running, one waiting for trust, one the organization's
 * policy refuses and one turned off: "Received by" names only the one that runs (and says why the
 * others receive nothing now). The in-app folder browser opens on a home whose dot-folders stay
 * hidden until asked for, and takes a path typed or pasted.
 */
describeInChromium('Folders in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let work: string;
  let home: string;
  const MARKER = path.join(root, 'e2e/fixtures/stdio/marker-server.mjs');

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sb-folders-'));
    home = path.join(work, 'home');
    for (const dir of ['.cache', '.config', 'Documents', 'projects/alpha', 'projects/beta'])
      await mkdir(path.join(home, dir), { recursive: true });
    await writeFile(
      path.join(work, 'policy.json'),
      JSON.stringify({ deniedServers: [{ command: process.execPath, args: [MARKER] }] }),
    );
    shell = await startShellOpen(
      {
        servers: {
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
          waiting: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio', '--later'] },
          denied: { command: process.execPath, args: [MARKER, path.join(work, 'never')] },
          off: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio', '--off'], disabled: true },
        },
        trusted: ['everything', 'denied', 'off'],
        env: { HOME: home, SWITCHBOARD_POLICY_FILE: path.join(work, 'policy.json') },
      },
      ['everything'],
    );
    page = shell.page;
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const every = () => page.getByRole('region', { name: 'Every server' });

  it('"Received by" names the servers that run; the others are said not to receive it now, and why', async () => {
    await goTo(page, 'Folders');
    await expect
      .poll(() => every().locator('p.muted').first().textContent())
      .toBe(
        'Received by everything. Not running, so not received now: waiting (waits for your trust), denied (refused by policy), off (turned off).',
      );
    // Each server's own card says the same: following the list is not being sent it.
    const card = (id: string) => page.getByRole('region', { name: `Folders for ${id}` });
    expect(await card('everything').textContent()).toContain('Sees the folders above.');
    expect(await card('waiting').textContent()).toContain(
      'Follows the list above, but is sent no folders now (waits for your trust).',
    );
    expect(await card('denied').textContent()).toContain('is sent no folders now (refused by policy)');
    expect(await card('off').textContent()).toContain('is sent no folders now (turned off)');
    await page.screenshot({ path: path.join(shots, 'folders-1-received-by.png') });
  });

  it('the folder browser hides dot-folders until asked, and goes to a path typed into it', async () => {
    await every().getByRole('button', { name: 'Add folder…' }).click();
    const browser = page.getByRole('dialog', { name: 'Choose a folder' });
    const folders = browser.getByRole('list', { name: 'Folders' });
    await expect.poll(() => folders.textContent()).toContain('projects');
    expect(await folders.textContent()).toContain('Documents');
    expect(await folders.textContent()).not.toContain('.cache');
    await page.screenshot({ path: path.join(shots, 'folders-2-browser.png') });
    await browser.getByRole('checkbox', { name: 'Show hidden folders' }).check();
    await expect.poll(() => folders.textContent()).toContain('.cache');
    await browser.getByRole('checkbox', { name: 'Show hidden folders' }).uncheck();

    // A path pasted in: the browser goes there; one that is not there says so and stays.
    const where = browser.getByRole('textbox', { name: 'Path' });
    expect(await where.inputValue()).toBe(home);
    await where.fill(path.join(home, 'nowhere'));
    await where.press('Enter');
    await expect.poll(() => browser.getByRole('alert').textContent()).toContain('does not exist');
    await where.fill(path.join(home, 'projects'));
    await where.press('Enter');
    await expect.poll(() => folders.textContent()).toContain('alpha');
    expect(await where.inputValue()).toBe(path.join(home, 'projects'));
    expect(await browser.getByRole('alert').count()).toBe(0);
    await folders.getByRole('button', { name: /beta/ }).click();
    await expect.poll(() => where.inputValue()).toBe(path.join(home, 'projects', 'beta'));
    await page.screenshot({ path: path.join(shots, 'folders-3-typed.png') });
    await browser.getByRole('button', { name: 'Choose this folder' }).click();
    await expect.poll(() => every().textContent()).toContain(path.join(home, 'projects', 'beta'));
  });
});
