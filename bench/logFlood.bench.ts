// A stdio server sending 10,000 notifications/message a second, the Logs page open in Chromium: how
// the UI answers a click, how long a page→host call takes, how late the host's event loop runs, and
// whether memory stays flat once the caps are reached — beside the same measures with no flood (the
// yardstick, same run, same page). The host runs in this process (its loop lag and memory are read
// here); the page talks to it over the browser shell's WebSocket as always.
// Run: npx tsx bench/logFlood.bench.ts   (BENCH_QUICK=1: a 10 s flood instead of 60 s)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, root } from '../e2e/browser/shellFixture';
import { hostileStdio } from '../e2e/fixtures/servers';
import { trustServerAsShown } from '../e2e/fixtures/trust';
import { Host } from '../electron/host/host';
import { startWebShell } from '../electron/web/webShell';
import { QUICK } from './harness';

const FLOOD_SECONDS = QUICK ? 10 : 60;
const PER_SECOND = 10_000;
const SAMPLE_EVERY_MS = 250;

const pct = (xs: number[], p: number) =>
  xs.length === 0
    ? Number.NaN
    : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/**
 * A click on Follow as the browser itself times it (Event Timing, what Chromium's INP uses): from the
 * input event to the next paint after its handlers ran. Entries under 16 ms are not reported by the
 * browser: those count as 16 ms.
 */
async function clickLatency(page: Page, x: number, y: number): Promise<number> {
  await page.evaluate('window.__clicks = []');
  await page.mouse.click(x, y);
  // The entry is reported after the paint that follows: wait two frames for it.
  return page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
    setTimeout(() => resolve(Math.max(16, ...window.__clicks)), 50))))`);
}

/** One host API call from the page, on a WebSocket of its own (the session cookie lets it in). */
function roundTrip(page: Page): Promise<number> {
  // A string: tsx would wrap the page function's inner helpers in names the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const ws = window.__benchSocket;
    const id = Math.floor(Math.random() * 1e9);
    const start = performance.now();
    const onMessage = (m) => {
      if (typeof m.data !== 'string' || !m.data.startsWith('{"id":' + id + ',')) return;
      ws.removeEventListener('message', onMessage);
      resolve(performance.now() - start);
    };
    ws.addEventListener('message', onMessage);
    ws.send(JSON.stringify({ id, method: 'secretStorage', args: [] }));
  })`);
}

async function pageHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

async function main() {
  if (!chromiumAvailable) {
    console.log('skipped: needs Chromium at /usr/bin/chromium');
    return;
  }
  const home = await mkdtemp(path.join(tmpdir(), 'sb-bench-flood-'));
  const flood = hostileStdio('log-flood');
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({ mcpServers: { loud: { command: flood.command, args: flood.args } } }),
  );
  const host = await Host.create({ home });
  const service = host.serve({ browseDirectories: true });
  const shell = await startWebShell({ service, rendererDir: path.join(root, 'out/renderer') });
  await trustServerAsShown(service, 'loud');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Logs' }).first().click();
  const follow = page.getByLabel('Follow');
  await follow.waitFor();
  const box = (await follow.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.evaluate(`new Promise((resolve) => {
    window.__benchSocket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    window.__benchSocket.onopen = resolve;
  })`);
  await page.evaluate(`new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'click' || e.name === 'pointerup' || e.name === 'pointerdown') window.__clicks.push(e.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: false })`);
  const lag = monitorEventLoopDelay({ resolution: 10 });

  /** Samples clicks and round trips every SAMPLE_EVERY_MS for `seconds`; memory every 5 s. */
  async function phase(seconds: number) {
    const clicks: number[] = [];
    const trips: number[] = [];
    const memory: { at: number; host: number; page: number }[] = [];
    lag.reset();
    lag.enable();
    const start = performance.now();
    let nextMemory = 0;
    while (performance.now() - start < seconds * 1000) {
      const tick = performance.now();
      clicks.push(await clickLatency(page, x, y));
      trips.push(await roundTrip(page));
      if (performance.now() - start >= nextMemory) {
        memory.push({
          at: Math.round((performance.now() - start) / 1000),
          host: process.memoryUsage().heapUsed,
          page: await pageHeap(page),
        });
        nextMemory += 5000;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, SAMPLE_EVERY_MS - (performance.now() - tick))));
    }
    lag.disable();
    const loop = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
    return { clicks, trips, memory, loop };
  }

  const idle = await phase(QUICK ? 3 : 5);
  await host.registry.get('loud')!.callTool('echo', { perSecond: PER_SECOND, seconds: FLOOD_SECONDS });
  const flooded = await phase(FLOOD_SECONDS);
  const dropped = await page
    .locator('[data-logs-dropped]')
    .getAttribute('data-logs-dropped')
    .catch(() => null);
  const entries = await page.locator('.logs-page [aria-live]').textContent();

  console.log(
    `## Log flood (${new Date().toISOString().slice(0, 10)}): ${PER_SECOND.toLocaleString()} notifications/s for ${FLOOD_SECONDS} s, Logs page open\n`,
  );
  console.log('| measure | no flood (yardstick) p50 / p95 | during the flood p50 / p95 / max | target |');
  console.log('| --- | ---: | ---: | --- |');
  const row = (name: string, a: number[], b: number[], target: number, at = 0.95) =>
    console.log(
      `| ${name} | ${ms(pct(a, 0.5))} / ${ms(pct(a, 0.95))} | ${ms(pct(b, 0.5))} / ${ms(pct(b, 0.95))} / ${ms(Math.max(...b))} | p${Math.round(at * 100)} < ${target} ms: ${pct(b, at) < target ? 'meets' : 'MISSES'} |`,
    );
  row('UI click (Follow) → next paint (Event Timing)', idle.clicks, flooded.clicks, 50);
  row('page → host call → answer', idle.trips, flooded.trips, 25);
  console.log(
    `| host event loop lag p50 / p99 / max | ${ms(idle.loop.p50)} / ${ms(idle.loop.p99)} | ${ms(flooded.loop.p50)} / ${ms(flooded.loop.p99)} / ${ms(flooded.loop.max)} | p99 < 50 ms: ${flooded.loop.p99 < 50 ? 'meets' : 'MISSES'} |`,
  );
  console.log(`\nThe page at the end: ${entries?.trim()}; lines dropped: ${dropped ?? 0}`);
  console.log('\n| seconds into the flood | host heap | page heap |');
  console.log('| ---: | ---: | ---: |');
  for (const m of flooded.memory) console.log(`| ${m.at} | ${mb(m.host)} | ${mb(m.page)} |`);

  await browser.close();
  await shell.close();
  await host.shutdown();
  await rm(home, { recursive: true, force: true });
}

await main();
