import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, hostileStdio } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  type RunningShell,
  runToolByHand,
  shots,
  startShell,
} from './shellFixture';

/**
 * Attacks through the browser: a server's bytes that would be a page in the app's origin, and the
 * browser shell's one-time link. The hostile server's page reports to a beacon when its script runs.
 */
describeInChromium('security in Chromium', () => {
  let shell: RunningShell;
  let page: Page;
  let beacon: Server;
  let beaconHits = 0;
  let port: number;

  beforeAll(async () => {
    beacon = createServer((_req, res) => {
      beaconHits++;
      res.end();
    });
    await new Promise<void>((r) => beacon.listen(0, '127.0.0.1', () => r()));
    const beaconPort = (beacon.address() as { port: number }).port;
    const bytes = hostileStdio('html-bytes');
    port = await freePort();
    shell = await startShell({
      port,
      servers: {
        bytes: {
          command: bytes.command,
          args: bytes.args,
          env: { HOSTILE_BEACON: `http://127.0.0.1:${beaconPort}/ran` },
        },
      },
      trusted: ['bytes'],
    });
    page = shell.page;
    // Every object URL the app makes, with the type of what it holds.
    await page.addInitScript(() => {
      const made: { url: string; type: string }[] = [];
      (window as unknown as { __objectUrls: typeof made }).__objectUrls = made;
      const original = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        const url = original(blob);
        made.push({ url, type: (blob as Blob).type });
        return url;
      };
    });
  });

  afterAll(async () => {
    await shell?.stop();
    await new Promise((r) => beacon?.close(r));
  });

  it('the link opens the app once, leaves the address bar, and a copy of it opens nothing elsewhere', async () => {
    await page.goto(shell.url);
    expect(new URL(page.url()).search).toBe('');
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="bytes"] [data-status="running"]', { timeout: 20_000 });
    // The same browser opening the link again just goes on in its session.
    const again = await page.context().newPage();
    await again.goto(shell.url);
    await expect.poll(() => again.getByRole('navigation', { name: 'Sections' }).count()).toBe(1);
    await again.close();
    // Another browser (no cookie) with the copied link: refused.
    const other = await shell.browser.newContext();
    const stranger = await other.newPage();
    const response = await stranger.goto(shell.url);
    expect(response?.status()).toBe(403);
    expect(await stranger.textContent('body')).toMatch(/already used/);
    await other.close();
  });

  it("a server's text/html and SVG bytes are never a page in the app's origin: saved as octet-stream only", async () => {
    const runner = await runToolByHand(page, 'bytes', 'echo');
    const result = runner.getByRole('region', { name: 'Result' });
    await expect.poll(() => result.textContent()).toContain('Here is your report.');
    expect(await result.textContent()).toContain('image/svg+xml (not shown inline)');
    // Nothing to open: no link to the bytes, no image made of the SVG, no frame.
    expect(await result.locator('a[href], img, iframe, object, embed').count()).toBe(0);
    await page.screenshot({ path: `${shots}/security-1-bytes.png` });

    const saves = result.getByRole('button', { name: 'Download' });
    expect(await saves.count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), saves.first().click()]);
    expect(download.suggestedFilename()).toBe('report.html');
    expect(await readFile((await download.path())!, 'utf8')).toContain('<script>');
    await Promise.all([page.waitForEvent('download'), saves.last().click()]);

    const made = await page.evaluate(
      () => (window as unknown as { __objectUrls: { url: string; type: string }[] }).__objectUrls,
    );
    expect(made.map((m) => m.type)).toEqual(['application/octet-stream', 'application/octet-stream']);
    // Even opened as a page (a person pasting it, a script navigating to it), it is a download.
    const tab = await page.context().newPage();
    await expect(tab.goto(made[0]!.url)).rejects.toThrow(/Download is starting|ERR_ABORTED/);
    expect(await tab.title()).not.toBe('PWNED');
    await tab.close();
    await page.waitForTimeout(500);
    expect(beaconHits).toBe(0);
    expect(await page.title()).not.toBe('PWNED');
    await runner.getByRole('button', { name: 'Close' }).click();
  });

  it('a page on another port of this computer cannot open an install preview or the app with the session', async () => {
    // This browser holds a session (the link opened, or opened already by the first test).
    await page.goto(shell.url);
    const app = new URL(shell.url).origin;
    const link = `cursor://anysphere.cursor-deeplink/mcp/install?name=evil&config=${Buffer.from(
      JSON.stringify({ command: 'sh', args: ['-c', 'touch /tmp/pwned'] }),
    ).toString('base64')}`;
    const target = `${app}/install?link=${encodeURIComponent(link)}`;
    // The attacker's page: another loopback port is the same site, so its navigations carry the cookie.
    // `/auto` navigates the tab by script; `/click` holds a link the person clicks.
    const attacker = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        req.url === '/auto'
          ? `<!doctype html><script>location.href = ${JSON.stringify(target)};</script>`
          : `<!doctype html><a id="go" href="${target}">win a prize</a>`,
      );
    });
    await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', () => r()));
    const attackerOrigin = `http://127.0.0.1:${(attacker.address() as { port: number }).port}`;
    const tab = await page.context().newPage();
    const preview = tab.getByRole('dialog', { name: 'Add from link' });
    try {
      for (const how of ['auto', 'click']) {
        const answered = tab.waitForResponse((r) => r.url().startsWith(`${app}/install`));
        await tab.goto(`${attackerOrigin}/${how}`);
        if (how === 'click') await tab.click('#go');
        expect((await answered).status(), how).toBe(403);
        await expect
          .poll(() => tab.textContent('body'), { message: how })
          .toMatch(/another page on this computer/);
        expect(await preview.count(), how).toBe(0);
      }
      await tab.screenshot({ path: `${shots}/security-2-other-page-refused.png` });
      // The person opening the same address themselves (pasted, typed): the preview, nothing written.
      await tab.goto(target);
      await expect
        .poll(() => preview.getByTestId('link-origin').textContent())
        .toContain('A Cursor install link');
    } finally {
      await tab.close();
      await new Promise((r) => attacker.close(r));
    }
  });

  it('a second instance (another data folder and port) in the same browser leaves the first signed in', async () => {
    await page.goto(shell.url);
    const tab = await page.context().newPage();
    const other = await startShell({ servers: {}, page: tab });
    try {
      await tab.goto(other.url);
      await expect.poll(() => tab.getByRole('navigation', { name: 'Sections' }).count()).toBe(1);
      // Both pages load again on their session: neither cookie took the other's place.
      expect((await page.reload())?.status()).toBe(200);
      await expect.poll(() => page.getByRole('navigation', { name: 'Sections' }).count()).toBe(1);
      expect((await tab.reload())?.status()).toBe(200);
      const names = (await page.context().cookies())
        .map((c) => c.name)
        .filter((n) => n.startsWith('sb_session'));
      expect(new Set(names).size).toBe(2);
    } finally {
      await other.kill({ keepBrowser: true });
      await tab.close();
      await rm(other.home, { recursive: true, force: true });
    }
  });

  it('after the host restarts on its port, the open tab reconnects with its session: no new link', async () => {
    await goTo(page, 'Servers');
    await shell.kill({ keepBrowser: true });
    await expect.poll(() => page.getByText('Connecting to Switchboard…').count()).toBe(1);
    const { home } = shell;
    shell = await startShell({ servers: {}, home, port, page });
    // The page was not reloaded or given a link: its cookie is still a session after the restart.
    await expect
      .poll(() => page.getByText('Connecting to Switchboard…').count(), { timeout: 15_000 })
      .toBe(0);
    await page.waitForSelector('[data-server="bytes"] [data-status="running"]', { timeout: 20_000 });
    expect(new URL(page.url()).search).toBe('');
  });
});
