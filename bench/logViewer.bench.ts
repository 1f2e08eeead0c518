// The log viewer with 100,000 entries, in Chromium: how long the UI takes to take them in, to filter
// them, and how smoothly it scrolls — against a yardstick in the same run: the same entries as a plain
// (non-virtualised) list in the same browser. Run: npx tsx bench/logViewer.bench.ts
import type { Page } from 'playwright-core';
import { chromiumAvailable, goTo, startShell } from '../e2e/browser/shellFixture';
import { hostileStdio } from '../e2e/fixtures/servers';

const FRAMES = 240;

/** Scrolls an element by a fixed step each animation frame; returns the frame intervals in ms. */
function scrollFrames(page: Page, selector: string): Promise<number[]> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const el = ${JSON.stringify(selector)} === 'document' ? document.scrollingElement : document.querySelector(${JSON.stringify(selector)});
    el.scrollTop = 0;
    const times = [];
    let last = performance.now();
    function step(now) {
      times.push(now - last);
      last = now;
      el.scrollTop += 400;
      if (times.length < ${FRAMES}) requestAnimationFrame(step);
      else resolve(times.slice(1));
    }
    requestAnimationFrame(step);
  })`);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const summary = (name: string, xs: number[]) =>
  `${name.padEnd(34)} p50 ${pct(xs, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 0.95).toFixed(1).padStart(6)} ms   max ${Math.max(
    ...xs,
  )
    .toFixed(1)
    .padStart(7)} ms   missed frames (> 25 ms): ${xs.filter((x) => x > 25).length}/${xs.length}`;

async function main() {
  if (!chromiumAvailable) {
    console.log('skipped: needs Chromium at /usr/bin/chromium');
    return;
  }
  // 10,000 notifications/message a second for 10 s: the rate the host passes on whole (a burst past
  // what the page takes is dropped and counted, by design: bench/logFlood.bench.ts measures that).
  const flood = hostileStdio('log-flood');
  const shell = await startShell({
    servers: { flood: { command: flood.command, args: flood.args } },
    trusted: ['flood'],
  });
  const { page } = shell;
  try {
    await page.goto(shell.url);
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="flood"] [data-status="running"]', { timeout: 20_000 });
    const card = page.locator('[data-server="flood"]');
    await card.locator('details.server-tools summary').click();
    await card.locator('li[data-tool="echo"] button').click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('button', { name: 'Allow once' }).click();
    const started = performance.now();
    await page.getByRole('region', { name: 'Result' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await goTo(page, 'Logs');
    await page.waitForFunction(
      () =>
        // The cap reached (a few lifecycle lines came first: "… · the N oldest let go of" follows).
        /^100,000 of 100,000 entries/.test(
          document.querySelector('.logs-page p[aria-live]')?.textContent ?? '',
        ),
      null,
      { timeout: 120_000 },
    );
    const ingest = performance.now() - started;

    const filterStart = performance.now();
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('flood line 1999');
    await page.waitForFunction(
      () =>
        /^\d[\d,]* of 100,000 entries/.test(
          document.querySelector('.logs-page p[aria-live]')?.textContent ?? '',
        ) && !document.querySelector('.logs-page p[aria-live]')?.textContent?.startsWith('100,000'),
    );
    const filter = performance.now() - filterStart;
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('');
    await page.getByLabel('Follow').uncheck();
    await page.waitForTimeout(300);
    const virtualised = await scrollFrames(page, '.log-scroller');
    const domRows = await page.locator('.log-scroller .log').count();

    // The yardstick: the same 100,000 lines as a plain list, in a fresh page of the same browser.
    const plain = await shell.browser.newPage({ viewport: { width: 1280, height: 860 } });
    const buildStart = performance.now();
    await plain.setContent('<ol id="list" style="font:12px monospace;margin:0"></ol>');
    await plain.evaluate(`(() => {
      const list = document.getElementById('list');
      const frag = document.createDocumentFragment();
      for (let i = 0; i < 100000; i++) {
        const li = document.createElement('li');
        li.textContent = '21:00:00 flood info server flood flood line ' + i;
        frag.appendChild(li);
      }
      list.appendChild(frag);
      return document.body.offsetHeight;
    })()`);
    const plainBuild = performance.now() - buildStart;
    const plainFrames = await scrollFrames(plain, 'document');

    console.log('\nLog viewer, 100,000 entries, Debian Chromium (headless), this machine\n');
    console.log(
      `ingest: tool call to all 100,000 entries shown   ${(ingest / 1000).toFixed(1)} s (10,000 log notifications a second for 10 s, through the host)`,
    );
    console.log(`filter: text search over 100,000 entries           ${filter.toFixed(0)} ms`);
    console.log(`rows in the DOM while scrolling                     ${domRows} (virtualised)`);
    console.log(`yardstick build: a plain list of 100,000 rows       ${plainBuild.toFixed(0)} ms`);
    console.log(`\nscroll, ${FRAMES} frames, 400 px per frame:`);
    console.log(summary('Switchboard log viewer', virtualised));
    console.log(summary('yardstick: plain 100,000-row list', plainFrames));
    await plain.close();
  } finally {
    await shell.stop();
  }
}

await main();
