// Start-up as a person meets it, on a built checkout: how much the UI loads before it shows (both
// builds), its first contentful paint, how soon `npm run web` prints its link, and the built CLI's
// wall time — each beside a yardstick measured in the same run. Run: npx tsx bench/startup.bench.ts
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, root } from '../e2e/browser/shellFixture';
import { EVERYTHING_ENTRY } from '../e2e/fixtures/servers';
import { START_GZIP_BUDGET, startFiles } from '../test/build/startFiles';
import { QUICK } from './harness';

const RUNS = QUICK ? 2 : 5;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** min / median / max of a list, in ms. */
function spread(xs: number[]): { min: number; median: number; max: number; text: string } {
  const s = [...xs].sort((a, b) => a - b);
  const min = s[0]!;
  const median = s[Math.floor(s.length / 2)]!;
  const max = s.at(-1)!;
  return { min, median, max, text: `${min.toFixed(0)} / ${median.toFixed(0)} / ${max.toFixed(0)} ms` };
}

/** Starts `command`, resolves with the ms until a line of its output matches `ready`, then stops it. */
function timeUntil(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ ms: number; output: string; child: ChildProcess }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ ms: performance.now() - started, output, child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${command} exited (${code}) before it was ready: ${output}`)),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Wall time of a command run to its end. */
function wall(command: string, args: string[]): number {
  const started = performance.now();
  execFileSync(command, args, { cwd: root, stdio: 'ignore' });
  return performance.now() - started;
}

async function main() {
  console.log(
    `## Start-up (${new Date().toISOString().slice(0, 10)}, ${RUNS} runs each, min / median / max)\n`,
  );

  // ---- the UI's start, in both builds -----------------------------------------------------------
  console.log('| build | files at start | raw | gzip | target (gzip) |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const [name, script] of [
    ['Electron (npm run build)', 'build'],
    ['browser shell (npm run build:renderer)', 'build:renderer'],
  ] as const) {
    execFileSync(npm, ['run', '-s', script], { cwd: root, stdio: 'ignore' });
    const size = startFiles(path.join(root, 'out/renderer'));
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    console.log(
      `| ${name} | ${size.files.length} | ${kb(size.raw)} | ${kb(size.gzip)} | <= ${kb(START_GZIP_BUDGET)}: ${size.gzip <= START_GZIP_BUDGET ? 'meets' : 'MISSES'} |`,
    );
  }
  execFileSync(npm, ['run', '-s', 'build:node'], { cwd: root, stdio: 'ignore' });

  // ---- npm run web: time to the printed link ----------------------------------------------------
  const yardstick = `require('http').createServer().listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port + '/?token=x') })`;
  const web: number[] = [];
  const bare: number[] = [];
  const fcp: number[] = [];
  const blankFcp: number[] = [];
  const browser = chromiumAvailable
    ? await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-background-networking'],
      })
    : undefined;
  // The yardstick page: the same browser's first paint of a page with one line of text.
  const blank = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>x</title><p>Switchboard</p>');
  });
  await new Promise<void>((r) => blank.listen(0, '127.0.0.1', r));
  const blankUrl = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/`;
  for (let i = 0; i < RUNS; i++) {
    const home = await mkdtemp(path.join(tmpdir(), 'sb-bench-start-'));
    const env = { ...process.env, SWITCHBOARD_HOME: home };
    const started = await timeUntil(npm, ['run', '-s', 'web', '--', '--port', '0'], /token=\S+/, env);
    web.push(started.ms);
    const link = /(http:\/\/\S+token=\S+)/.exec(started.output)![1]!;
    if (browser) {
      for (const [url, into] of [
        [link, fcp],
        [blankUrl, blankFcp],
      ] as const) {
        const page = await browser.newPage();
        await page.goto(url);
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
        into.push(
          await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime),
        );
        await page.close();
      }
    }
    await stop(started.child);
    await rm(home, { recursive: true, force: true });
    const yard = await timeUntil(process.execPath, ['-e', yardstick], /token=x/);
    bare.push(yard.ms);
    await stop(yard.child);
  }
  await browser?.close();
  blank.close();
  console.log('\n| start-up | ours | yardstick | target |');
  console.log('| --- | ---: | ---: | --- |');
  const w = spread(web);
  console.log(
    `| npm run web → link printed | ${w.text} | ${spread(bare).text} (a bare Node HTTP server printing its URL, no npm) | <= 1000 ms: ${w.median <= 1000 ? 'meets' : 'MISSES'} |`,
  );
  if (browser) {
    const f = spread(fcp);
    console.log(
      `| first contentful paint (browser shell) | ${f.text} | ${spread(blankFcp).text} (a one-line page, same browser) | <= 400 ms: ${f.median <= 400 ? 'meets' : 'MISSES'} |`,
    );
  } else console.log('| first contentful paint | skipped: needs Chromium at /usr/bin/chromium | | |');

  // ---- the CLI, built, beside a minimal SDK client doing the same ------------------------------
  const sdkScript = path.join(root, 'bench/sdkListTools.mjs');
  const ours: number[] = [];
  const throughNpm: number[] = [];
  const sdk: number[] = [];
  const server = ['--stdio', `"${process.execPath}" "${EVERYTHING_ENTRY}" stdio`, 'tools'];
  for (let i = 0; i < RUNS; i++) {
    // Rotated, so that neither always runs on a warmer machine.
    const order = [
      () => ours.push(wall(process.execPath, [path.join(root, 'scripts/mcp.mjs'), ...server])),
      () => sdk.push(wall(process.execPath, [sdkScript, process.execPath, EVERYTHING_ENTRY, 'stdio'])),
      () => throughNpm.push(wall(npm, ['run', '-s', 'mcp', '--', ...server])),
    ];
    for (let k = 0; k < order.length; k++) order[(k + i) % order.length]!();
  }
  const ratio = spread(ours).median / spread(sdk).median;
  console.log(
    `| CLI \`tools\` on server-everything (stdio), wall | ${spread(ours).text} (node scripts/mcp.mjs; through npm run -s mcp: ${spread(throughNpm).text}) | ${spread(sdk).text} (a minimal official SDK client) | <= 1.1x: ${ratio.toFixed(2)}x ${ratio <= 1.1 ? 'meets' : 'MISSES'} |`,
  );
}

await main();
