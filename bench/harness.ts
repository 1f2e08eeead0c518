// What the benchmarks share: contenders that echo, the two workloads, rounds with rotated order.

interface Echoer {
  echo(message: string): Promise<unknown>;
  close(): Promise<void>;
}
export interface Contender<S> {
  name: string;
  open(server: S): Promise<Echoer>;
}

export const QUICK = process.env.BENCH_QUICK === '1';
const WIDTH = 64;
export const ROUNDS = QUICK ? 1 : 5;
/**
 * Calls each contender makes before it is measured, every round: a host runs for hours, so the
 * steady state is what counts. Node's JIT takes thousands of calls to settle on a client's whole
 * path (300 warm-up calls left ours measured half-compiled: 2,700 concurrent calls/s over HTTP then,
 * 8,100 after 20,000).
 */
export const WARMUP = 3000;

async function sequential(e: Echoer, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await e.echo(`m${i}`);
  return n / ((performance.now() - start) / 1000);
}

async function concurrent(e: Echoer, n: number, width = WIDTH): Promise<number> {
  let issued = 0;
  const start = performance.now();
  const worker = async () => {
    while (issued < n) {
      issued++;
      await e.echo(`m${issued}`);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return n / ((performance.now() - start) / 1000);
}

export const median = (xs: number[]) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => (Number.isNaN(n) ? 'failed' : Math.round(n).toLocaleString('en-US')).padStart(9);
export const verdict = (ratio: number, target: number, higherIsBetter = true) =>
  Number.isNaN(ratio)
    ? 'n/a (a contender failed)'
    : (higherIsBetter ? ratio >= target : ratio <= target)
      ? 'meets'
      : 'MISSES';

export interface Throughput {
  seq: number;
  conc: number;
}

/**
 * Measures every contender against `server`: sequential and concurrent calls/s, median of the rounds,
 * the order of contenders rotated each round. Prints a table; returns the medians by contender name.
 */
export async function measureThroughput<S>(
  contenders: Contender<S>[],
  server: S,
  calls: { sequential: number; concurrent: number; warmup: number },
): Promise<Map<string, Throughput>> {
  const runs = new Map(contenders.map((c) => [c.name, { seq: [] as number[], conc: [] as number[] }]));
  const failures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
    for (const c of order) {
      // A contender that fails a round (a yardstick's connection dropped under load) is reported,
      // not allowed to end the run: its medians come from the rounds it finished.
      let e: Echoer | undefined;
      try {
        e = await c.open(server);
        await concurrent(e, calls.warmup); // JIT, buffers, connection pools
        const seq = await sequential(e, calls.sequential);
        const conc = await concurrent(e, calls.concurrent);
        const r = runs.get(c.name)!;
        r.seq.push(seq);
        r.conc.push(conc);
      } catch (error) {
        failures.push(`${c.name} failed in round ${round + 1}: ${describe(error)}`);
      } finally {
        await e?.close().catch(() => {});
      }
    }
  }
  console.log(
    `| client | sequential calls/s (min / median / max) | ${WIDTH} concurrent calls/s (min / median / max) |`,
  );
  console.log('| --- | ---: | ---: |');
  const medians = new Map<string, Throughput>();
  const spread = (xs: number[]) =>
    xs.length === 0
      ? fmt(Number.NaN)
      : `${fmt(Math.min(...xs)).trim()} / ${fmt(median(xs)).trim()} / ${fmt(Math.max(...xs)).trim()}`;
  for (const c of contenders) {
    const r = runs.get(c.name)!;
    medians.set(c.name, { seq: median(r.seq), conc: median(r.conc) });
    console.log(`| ${c.name} | ${spread(r.seq)} | ${spread(r.conc)} |`);
  }
  for (const failure of failures) console.log(`\n${failure}`);
  return medians;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/** Ratio rows; a row without a target is shown for what it tells (a lean server's raw floor). */
export function printRatios(rows: [string, number, number | undefined][]): void {
  console.log('\n| ratio | value | target |');
  console.log('| --- | ---: | --- |');
  for (const [name, ratio, target] of rows) {
    const judged =
      target === undefined ? "none (the client's own cost)" : `>= ${target}x: ${verdict(ratio, target)}`;
    console.log(`| ${name} | ${ratio.toFixed(2)}x | ${judged} |`);
  }
}
