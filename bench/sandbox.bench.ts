// The sandbox's cost (issue 48): the same server (e2e/fixtures/stdio/echo-server.mjs) started
// confined — the host's own path: ServerSandbox's wrap over the shared SandboxEngine
// (@anthropic-ai/sandbox-runtime: bubblewrap, seccomp, its proxy) — and unconfined, the yardstick, in
// the same run, alternating which goes first. Goals: start to initialized ≤ 300 ms added; tool-call
// latency ≤ 5 % added. And the proxy's memory: what starting the engine adds to this process (its
// proxy runs here) and its socat bridges, and what the sandbox's own processes add to each server.
// Not a test: it prints numbers and asserts nothing.
// Run: npx tsx bench/sandbox.bench.ts   (BENCH_QUICK=1 for a short run)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SandboxEngine } from '../electron/host/sandbox/sandboxEngine';
import { type SandboxHost, ServerSandbox } from '../electron/host/sandbox/serverSandbox';
import { McpClient, StdioTransport } from '../electron/mcp';
import { median, QUICK } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const ECHO = path.join(here, '../e2e/fixtures/stdio/echo-server.mjs');
const STARTS = QUICK ? 3 : 10;
const CALLS = 1000;
const WARMUP_CALLS = QUICK ? 200 : 1000;
const ENGINE_STARTS = QUICK ? 2 : 5;
// Rounds of calls are short (a second each): more of them, so that a shared machine's bursts of load
// fall on both sides alike.
const CALL_ROUNDS = QUICK ? 2 : 10;
const BLOCK = 100;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** This process's resident memory, garbage collected first (twice: weak references, finalizers). */
function rss(): number {
  gc();
  gc();
  return process.memoryUsage().rss;
}

/** A process's proportional set size (shared pages split among their users), else its RSS; bytes. */
function pss(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    try {
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  }
}

function children(): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(parent, [...(map.get(parent) ?? []), Number(name)]);
    } catch {
      // Gone while listed.
    }
  }
  return map;
}

/** `pid` and every process below it. */
function tree(pid: number): number[] {
  const map = children();
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(map.get(out[i]!) ?? []));
  return out;
}

const command = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!;
  } catch {
    return '';
  }
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const spread = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}`;

async function main() {
  const engine = SandboxEngine.shared();
  const readiness = await engine.ready();
  if (!readiness.ok) {
    console.log(`sandbox bench skipped: ${readiness.missing} (install: ${readiness.install})`);
    return;
  }
  const root = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-sandbox-'));
  const host: SandboxHost = {
    engine,
    home: path.join(root, 'person'),
    dataDir: path.join(root, 'data'),
    sandboxHome: path.join(root, 'own'),
    rootsFor: () => [],
  };
  await mkdir(host.home, { recursive: true });
  const config = { name: 'bench-echo', command: process.execPath, sandboxEnabled: true };

  const open = async (confined: boolean, env?: Record<string, string>) => {
    const sandbox = confined ? new ServerSandbox(config, host) : undefined;
    const transport = new StdioTransport({
      command: process.execPath,
      args: [ECHO],
      ...(env ? { env } : {}),
      ...(sandbox ? { wrap: sandbox.wrap()! } : {}),
    });
    const start = performance.now();
    const client = await McpClient.connect({ transport });
    const ms = performance.now() - start;
    return {
      client,
      ms,
      pid: transport.pid!,
      close: async () => {
        await client.close();
        sandbox?.dispose();
      },
    };
  };

  /** One confined launch's wrap, as the host makes it (released at once: nothing is spawned), in ms. */
  const timedWrap = async () => {
    const start = performance.now();
    const wrapped = await new ServerSandbox(config, host).wrap()!({
      program: process.execPath,
      args: [ECHO],
      cwd: undefined,
      env: {},
    });
    const ms = performance.now() - start;
    wrapped.release?.();
    return ms;
  };

  let bwrap = '';
  try {
    bwrap = execFileSync('bwrap', ['--version'], { encoding: 'utf8' }).trim();
  } catch {}
  console.log(
    `\n# The sandbox's cost — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${mb(os.totalmem())} memory, Linux ${os.release()}, Node ${process.version}, ${bwrap}, @anthropic-ai/sandbox-runtime ${
      JSON.parse(
        readFileSync(path.join(here, '../node_modules/@anthropic-ai/sandbox-runtime/package.json'), 'utf8'),
      ).version
    }; load average at the start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // The engine: started once per process by the first confined server (its proxy and socat bridges).
  // Stopped and started again each round: the same start a host makes, measured several times.
  console.log('\n## the engine (once per process): its start, and the memory its proxy holds');
  const engineMs: number[] = [];
  const processDelta: number[] = [];
  const bridges: number[] = [];
  for (let i = 0; i < ENGINE_STARTS; i++) {
    await engine.dispose();
    await new Promise((r) => setTimeout(r, 200));
    const before = rss();
    const own = new Set(tree(process.pid));
    engineMs.push(await timedWrap());
    processDelta.push(rss() - before);
    // What the engine spawned on this side (socat bridges from its Unix sockets to the proxy).
    bridges.push(
      tree(process.pid)
        .filter((p) => !own.has(p))
        .reduce((sum, p) => sum + pss(p), 0),
    );
  }
  console.log('| what | min / median / max |');
  console.log('| --- | ---: |');
  console.log(`| engine start, first confined launch's wrap (ms) | ${spread(engineMs)} |`);
  console.log(
    `| this process's RSS after the proxy started, minus before (MB) | ${spread(
      processDelta.map((b) => b / 1024 / 1024),
      1,
    )} |`,
  );
  console.log(
    `| its socat bridge processes, PSS (MB) | ${spread(
      bridges.map((b) => b / 1024 / 1024),
      1,
    )} |`,
  );

  // The wrap alone, the engine running, from where the host may have been started: a desktop may
  // start the app in `/`, and the runtime searches below the host's working directory at each launch.
  console.log("\n## one launch's wrap in the host, the engine running, by the host's working directory (ms)");
  console.log('| working directory | min / median / max |');
  console.log('| --- | ---: |');
  const startedIn = process.cwd();
  for (const dir of [startedIn, os.homedir(), '/']) {
    process.chdir(dir);
    const wraps: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      wraps.push(await timedWrap());
    }
    console.log(`| ${dir === startedIn ? `${dir} (this repository)` : dir} | ${spread(wraps)} |`);
  }
  process.chdir(startedIn);

  // Start to initialized: the engine already running, as for every server after the first.
  console.log(`\n## start to initialized, ${STARTS} starts each, alternating (engine running)`);
  const starts = { open: [] as number[], confined: [] as number[] };
  for (const confined of [false, true]) await (await open(confined)).close(); // file cache, JIT
  for (let i = 0; i < STARTS; i++) {
    for (const confined of i % 2 === 0 ? [false, true] : [true, false]) {
      const s = await open(confined);
      (confined ? starts.confined : starts.open).push(s.ms);
      await s.close();
    }
  }
  // Each start beside the other side's start of the same pair.
  const pairs = starts.confined.map((c, i) => c - starts.open[i]!);
  const added = median(pairs);
  console.log('| server | start → initialized, ms (min / median / max) |');
  console.log('| --- | ---: |');
  console.log(`| unconfined (yardstick) | ${spread(starts.open)} |`);
  console.log(`| confined | ${spread(starts.confined)} |`);
  console.log(
    `\nadded, each pair's confined start minus its unconfined one: ${spread(pairs)} ms (min / median / max) — goal ≤ 300 ms at the median: ${added <= 300 ? 'meets' : 'MISSES'}`,
  );

  // The servers open at once, their calls in blocks taking turns: on a shared machine load comes in
  // bursts, and a burst then falls on every side of a round alike. Each round's ratio is of calls
  // made side by side. Beside the confined server: a second unconfined one, whose ratio is this
  // method's own resolution (the same server against itself), and an unconfined one with the
  // variables the sandbox sets for Node (NODE_USE_ENV_PROXY and a proxy), to tell their cost apart.
  console.log(
    `\n## tools/call echo: ${CALLS} sequential calls a side a round, in blocks of ${BLOCK} taking turns, ${CALL_ROUNDS} rounds (per call, µs)`,
  );
  const SIDES = ['open', 'control', 'proxyEnv', 'confined'] as const;
  type Side = (typeof SIDES)[number];
  const latency = Object.fromEntries(SIDES.map((s) => [s, [] as number[]])) as Record<Side, number[]>;
  const ratios = Object.fromEntries(SIDES.map((s) => [s, [] as number[]])) as Record<Side, number[]>;
  // And block by block: each side's block of 100 calls over the yardstick's block of the same turn,
  // run within a few milliseconds of it — a burst of load that spans a turn falls on both.
  const blockRatios = Object.fromEntries(SIDES.map((s) => [s, [] as number[]])) as Record<Side, number[]>;
  const perServer = { open: [] as number[], confined: [] as number[] };
  const parts = new Map<string, number>();
  const PROXY_ENV = {
    NODE_USE_ENV_PROXY: '1',
    HTTP_PROXY: 'http://127.0.0.1:9',
    HTTPS_PROXY: 'http://127.0.0.1:9',
  };
  for (let round = 0; round < CALL_ROUNDS; round++) {
    // Rotated: which starts first, warms first and calls first changes every round.
    const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]!);
    const sides = {} as Record<Side, Awaited<ReturnType<typeof open>>>;
    for (const side of order)
      sides[side] = await open(side === 'confined', side === 'proxyEnv' ? PROXY_ENV : undefined);
    for (const side of order)
      for (let i = 0; i < WARMUP_CALLS; i++) await sides[side].client.callTool('echo', { message: `w${i}` });
    const spent = Object.fromEntries(SIDES.map((s) => [s, 0])) as Record<Side, number>;
    for (let block = 0; block < CALLS / BLOCK; block++) {
      const turn = {} as Record<Side, number>;
      for (const side of block % 2 === 0 ? order : [...order].reverse()) {
        const start = performance.now();
        for (let i = 0; i < BLOCK; i++) await sides[side].client.callTool('echo', { message: `m${i}` });
        turn[side] = performance.now() - start;
        spent[side] += turn[side];
      }
      for (const side of SIDES) blockRatios[side].push(turn[side] / turn.open);
    }
    for (const side of SIDES) {
      latency[side].push((spent[side] * 1000) / CALLS);
      ratios[side].push(spent[side] / spent.open);
    }
    for (const side of ['open', 'confined'] as const) {
      const pids = tree(sides[side].pid);
      perServer[side].push(pids.reduce((sum, p) => sum + pss(p), 0));
      if (side === 'confined' && round === 0)
        for (const p of pids) {
          const name = path.basename(command(p));
          parts.set(name, (parts.get(name) ?? 0) + 1);
        }
    }
    await Promise.all(SIDES.map((side) => sides[side].close()));
  }
  const ratio = median(ratios.confined);
  const label: Record<Side, string> = {
    open: 'unconfined (yardstick)',
    control: 'unconfined again (the method against itself)',
    proxyEnv: "unconfined, with the sandbox's Node variables (NODE_USE_ENV_PROXY=1, a proxy)",
    confined: 'confined',
  };
  const blockRatio = median(blockRatios.confined);
  console.log(
    '| server | per call, µs (min / median / max) | / yardstick, round by round (min / median / max) | / yardstick, block by block (min / median / max) |',
  );
  console.log('| --- | ---: | ---: | ---: |');
  for (const side of SIDES)
    console.log(
      `| ${label[side]} | ${spread(latency[side])} | ${side === 'open' ? '—' : spread(ratios[side], 3)} | ${side === 'open' ? '—' : spread(blockRatios[side], 3)} |`,
    );
  console.log(
    `\nconfined / unconfined at the median: ${ratio.toFixed(3)}x of rounds, ${blockRatio.toFixed(3)}x of blocks — goal ≤ 1.05x: ${ratio <= 1.05 ? 'meets' : 'MISSES'} by rounds, ${blockRatio <= 1.05 ? 'meets' : 'MISSES'} by blocks (the method's own spread: the "again" row)`,
  );

  console.log("\n## one server's processes, PSS after the calls (min / median / max)");
  console.log('| server | processes | PSS, MB |');
  console.log('| --- | --- | ---: |');
  console.log(
    `| unconfined (yardstick) | node | ${spread(
      perServer.open.map((b) => b / 1024 / 1024),
      1,
    )} |`,
  );
  console.log(
    `| confined | ${[...parts].map(([n, c]) => `${n} ×${c}`).join(', ')} | ${spread(
      perServer.confined.map((b) => b / 1024 / 1024),
      1,
    )} |`,
  );
  console.log(
    `\nadded per confined server (medians): ${mb(median(perServer.confined) - median(perServer.open))}`,
  );

  await engine.dispose();
  await rm(root, { recursive: true, force: true });
}

await main();
