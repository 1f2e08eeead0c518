// Telemetry's cost (issue 51): tools/call echo over stdio through our McpClient with telemetry off
// (the yardstick: no HostTelemetry, no observer) and on exactly as the host runs it (HostTelemetry
// from a configuration naming a real OTLP/HTTP collector, http/protobuf, and the session observer the
// host gives each server), in the same run — goal ≤ 5 % slower; and the export queue's memory under a
// burst of 10,000 calls, to a collector that is up, one that is down and one that hangs.
// Each side runs in a process of its own (bench/telemetryWorker.ts says why); this process only
// hands out the turns, and each side times its own calls.
// Not a test: it prints numbers and asserts nothing.
// Run: npx tsx bench/telemetry.bench.ts   (BENCH_QUICK=1 for a short run)
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVERYTHING_ENTRY } from '../e2e/fixtures/servers';
import type { ExportCounts } from '../electron/host/telemetry/exportCounts';
import { median, QUICK, WARMUP } from './harness';
import {
  type BurstReport,
  type Command,
  type Memory,
  type Reply,
  type Request,
  type ServerSpec,
  serveCommands,
  type TelemetrySetting,
} from './telemetryWorker';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVERS: ServerSpec[] = [
  { name: 'server-everything (official SDK server)', args: [EVERYTHING_ENTRY, 'stdio'], real: true },
  { name: 'lean echo server (raw Node)', args: [path.join(here, '../e2e/fixtures/stdio/echo-server.mjs')] },
];
// Rounds of calls are short: more of them, so that a shared machine's bursts of load fall on every
// side alike (as in bench/sandbox.bench.ts).
const ROUNDS = QUICK ? 2 : 10;
const WARMUP_CALLS = QUICK ? 300 : WARMUP;
/**
 * And sequential ones: a warm-up of calls in flight leaves the one-at-a-time path half-compiled (a
 * side's first blocks of sequential calls took two to three times its later ones when tried).
 */
const WARMUP_SEQUENTIAL = QUICK ? 100 : 500;
/** Per side per round; calls in blocks, the sides taking turns block by block. */
const WORKLOADS = [
  { name: 'sequential', inFlight: 1, calls: QUICK ? 200 : 1000, block: 100 },
  { name: '64 in flight', inFlight: 64, calls: QUICK ? 2000 : 10_000, block: 1000 },
] as const;
const BURST = 10_000;

const SIDES = ['off', 'offAgain', 'on', 'onDown'] as const;
type Side = (typeof SIDES)[number];
const LABEL: Record<Side, string> = {
  off: 'off (yardstick: no HostTelemetry, no observer)',
  offAgain: 'off again (the method against itself)',
  on: 'on, collector up (http/protobuf)',
  onDown: 'on, collector down (a closed port)',
};

/** A process of bench/telemetryWorker.ts, asked one command at a time. */
class Worker {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.seq);
      this.waiting.delete(reply.seq);
      if (reply.ok) w?.resolve(reply.value);
      else w?.reject(new Error(reply.error));
    });
    child.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`a bench process exited (${code})`));
      this.waiting.clear();
    });
  }

  /**
   * `collector`: the OTLP receiver, at the lowest priority — on two cores its decoding (protobufjs,
   * every span flattened) would take the CPU from whichever side's turn it falls in, a cost no host
   * pays for a collector elsewhere; its CPU time is reported instead.
   */
  static start(collector = false): Worker {
    // The same file, under the same loader (tsx), told to serve.
    const child = fork(fileURLToPath(import.meta.url), ['worker'], { execArgv: process.execArgv });
    if (collector && child.pid !== undefined) os.setPriority(child.pid, 19);
    return new Worker(child);
  }

  ask<T>(command: Command): Promise<T> {
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(seq, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ seq, command } satisfies Request);
    });
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}

/** An address where nothing listens: a port taken and let go (a collector that is down). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const spread = (xs: number[], digits = 0) =>
  xs.length === 0
    ? 'failed'
    : `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function latency(server: ServerSpec, up: string, down: string) {
  const setting: Record<Side, TelemetrySetting> = {
    off: { kind: 'off' },
    offAgain: { kind: 'off' },
    on: { kind: 'on', endpoint: up },
    onDown: { kind: 'on', endpoint: down },
  };
  const workers = Object.fromEntries(SIDES.map((s) => [s, Worker.start()])) as Record<Side, Worker>;
  type Series = Record<Side, number[]>;
  const series = (): Series => Object.fromEntries(SIDES.map((s) => [s, [] as number[]])) as Series;
  const results = WORKLOADS.map(() => ({ perCall: series(), rounds: series(), blocks: series() }));
  const failures: string[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Rotated: which opens, warms and calls first changes every round.
    const order = SIDES.map((_, i) => SIDES[(i + r) % SIDES.length]!);
    try {
      // The server started afresh each round, as after a restart (the on sides get a new observer).
      for (const side of order) await workers[side].ask({ kind: 'open', server, telemetry: setting[side] });
      for (const side of order) {
        await workers[side].ask({ kind: 'calls', calls: WARMUP_CALLS, inFlight: 64 });
        await workers[side].ask({ kind: 'calls', calls: WARMUP_SEQUENTIAL, inFlight: 1 });
      }
      // Kept only once the whole round is done: a round a side failed in is left out whole.
      const round: (() => void)[] = [];
      for (const [w, workload] of WORKLOADS.entries()) {
        const spent = Object.fromEntries(SIDES.map((s) => [s, 0])) as Record<Side, number>;
        const blocks = series();
        for (let block = 0; block < workload.calls / workload.block; block++) {
          const turn = {} as Record<Side, number>;
          // Back and forth, so no side is always the one right after another.
          for (const side of block % 2 === 0 ? order : [...order].reverse()) {
            turn[side] = await workers[side].ask<number>({
              kind: 'calls',
              calls: workload.block,
              inFlight: workload.inFlight,
            });
            spent[side] += turn[side];
          }
          for (const side of SIDES) blocks[side].push(turn[side] / turn.off);
        }
        round.push(() => {
          for (const side of SIDES) {
            results[w]!.blocks[side].push(...blocks[side]);
            results[w]!.perCall[side].push((spent[side] * 1000) / workload.calls);
            results[w]!.rounds[side].push(spent[side] / spent.off);
          }
        });
      }
      for (const keep of round) keep();
    } catch (error) {
      // A round a side failed (a server lost under load) is said, and its numbers left out.
      failures.push(`round ${r + 1}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await Promise.all(SIDES.map((side) => workers[side].ask({ kind: 'close' }).catch(() => {})));
    }
  }
  // Undefined when that side's process is gone (its failure is said above).
  const countsOf = (side: Side) => workers[side].ask<ExportCounts>({ kind: 'counts' }).catch(() => undefined);
  const counts = { on: await countsOf('on'), onDown: await countsOf('onDown') };
  await Promise.all(SIDES.map((side) => workers[side].stop()));

  for (const [w, workload] of WORKLOADS.entries()) {
    const r = results[w]!;
    console.log(
      `\n## tools/call echo, ${server.name}, ${workload.name}: ${workload.calls.toLocaleString('en-US')} calls a side a round in blocks of ${workload.block} taking turns, ${ROUNDS} rounds`,
    );
    console.log(
      '| telemetry | per call, µs (min / median / max of rounds) | / yardstick, round by round (min / median / max) | / yardstick, block by block (min / median / max) |',
    );
    console.log('| --- | ---: | ---: | ---: |');
    for (const side of SIDES)
      console.log(
        `| ${LABEL[side]} | ${spread(r.perCall[side], 1)} | ${side === 'off' ? '—' : spread(r.rounds[side], 3)} | ${side === 'off' ? '—' : spread(r.blocks[side], 3)} |`,
      );
    const ratio = median(r.rounds.on);
    console.log(
      `\non / off at the median of rounds: ${ratio.toFixed(3)}x — goal ≤ 1.05x: ${Number.isNaN(ratio) ? 'n/a (no round finished)' : ratio <= 1.05 ? 'meets' : 'MISSES'} (the method's own spread: the "off again" row; collector down: ${median(r.rounds.onDown).toFixed(3)}x)`,
    );
  }
  for (const failure of failures) console.log(`\n${server.name} failed in ${failure}`);
  const said = (c: ExportCounts | undefined) =>
    !c
      ? 'not read (the process is gone)'
      : `${c.spans.exported.toLocaleString('en-US')} exported, ${c.spans.dropped.toLocaleString('en-US')} dropped, ${c.spans.queued} queued, ${c.spans.inflight} in flight`;
  console.log(
    `\nspans, as the SDK counted them — on: ${said(counts.on)}; collector down: ${said(counts.onDown)}`,
  );
}

const queueRow = (c: ExportCounts | undefined) =>
  c
    ? `${c.spans.queued.toLocaleString('en-US')} / ${c.spans.capacity.toLocaleString('en-US')} | ${c.spans.inflight.toLocaleString('en-US')} | ${c.spans.exported.toLocaleString('en-US')} | ${c.spans.dropped.toLocaleString('en-US')}`
    : '— | — | — | —';
const memoryRow = (m: Memory) => `${mb(m.heapUsed)} | ${mb(m.rss)}`;

async function burst(up: string, down: string) {
  const server = SERVERS.find((s) => !s.real)!;
  console.log(
    `\n## the export queue under a burst: ${BURST.toLocaleString('en-US')} calls at once (${server.name}), each case in a fresh process`,
  );
  console.log(
    '| telemetry | moment | heap used, MB | RSS, MB | spans queued / bound | in flight | exported | dropped |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const hanging = Worker.start(true);
  const hang = await hanging.ask<string>({ kind: 'collector', behaviour: 'hang' });
  const cases: [string, TelemetrySetting][] = [
    ['off (yardstick)', { kind: 'off' }],
    ['on, collector up', { kind: 'on', endpoint: up }],
    ['on, collector down (a closed port)', { kind: 'on', endpoint: down }],
    ['on, collector hangs (accepts, never answers)', { kind: 'on', endpoint: hang }],
  ];
  const notes: string[] = [];
  for (const [name, telemetry] of cases) {
    const worker = Worker.start();
    try {
      const r = await worker.ask<BurstReport>({
        kind: 'burst',
        server,
        telemetry,
        calls: BURST,
        warmup: QUICK ? 200 : 1000,
      });
      const rows: [string, Memory, ExportCounts | undefined][] = [
        ['before (collected)', r.before, r.counts?.before],
        ['peak (sampled every 10 ms)', r.peak, undefined],
        ['every call answered (collected)', r.settled, r.counts?.settled],
        ['after a flush, ≤ 3 s (collected)', r.after, r.counts?.after],
      ];
      for (const [moment, memory, counts] of rows)
        console.log(`| ${name} | ${moment} | ${memoryRow(memory)} | ${queueRow(counts)} |`);
      const last = r.counts?.after.spans;
      notes.push(
        `${name}: the burst took ${r.burstMs.toFixed(0)} ms; ${r.requests.toLocaleString('en-US')} requests sent in all${
          last
            ? `, the SDK accounts for ${(last.exported + last.dropped + last.queued + last.inflight).toLocaleString('en-US')} spans (exported + dropped + queued + in flight; the session's own span is still open)`
            : ''
        }`,
      );
    } catch (error) {
      console.log(
        `| ${name} | failed: ${error instanceof Error ? error.message : String(error)} | | | | | | |`,
      );
    } finally {
      await worker.stop();
    }
  }
  await hanging.stop();
  console.log(`\n${notes.join('\n')}`);
}

async function main() {
  console.log(
    `\n# Telemetry's cost — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${mb(os.totalmem())} MB memory, Linux ${os.release()}, Node ${process.version}; load average at the start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}${QUICK ? ' — BENCH_QUICK=1: a check that it runs, not a result' : ''}`,
  );
  const collector = Worker.start(true);
  const up = await collector.ask<string>({ kind: 'collector', behaviour: 'ok' });
  const down = await closedPort();
  // The real server first: its rows are the headline; the lean one shows the client's own cost.
  for (const server of SERVERS) await latency(server, up, down);
  const received = await collector.ask<{ spans: number; requests: number; cpuMs: number }>({
    kind: 'received',
  });
  console.log(
    `\nthe collector (nice 19, a process of its own) received ${received.spans.toLocaleString('en-US')} spans in ${received.requests.toLocaleString('en-US')} exports (all signals), using ${(received.cpuMs / 1000).toFixed(1)} s of CPU`,
  );
  await burst(up, down);
  await collector.stop();
}

if (process.argv[2] === 'worker') serveCommands();
else await main();
