// What the benchmarks share: contenders that echo, the two workloads, rounds with rotated order.

export interface Echoer {
  echo(message: string): Promise<unknown>;
  close(): Promise<void>;
}
export interface Contender<S> {
  name: string;
  open(server: S): Promise<Echoer>;
}

export const QUICK = process.env.BENCH_QUICK === '1';
export const WIDTH = 64;
export const ROUNDS = QUICK ? 1 : 5;

export async function sequential(e: Echoer, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await e.echo(`m${i}`);
  return n / ((performance.now() - start) / 1000);
}

export async function concurrent(e: Echoer, n: number, width = WIDTH): Promise<number> {
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

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9);
export const verdict = (ratio: number, target: number, higherIsBetter = true) =>
  (higherIsBetter ? ratio >= target : ratio <= target) ? 'meets' : 'MISSES';

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
  for (let round = 0; round < ROUNDS; round++) {
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
    for (const c of order) {
      const e = await c.open(server);
      await concurrent(e, calls.warmup); // JIT, buffers, connection pools
      const r = runs.get(c.name)!;
      r.seq.push(await sequential(e, calls.sequential));
      r.conc.push(await concurrent(e, calls.concurrent));
      await e.close();
    }
  }
  console.log(`| client | sequential calls/s | ${WIDTH} concurrent calls/s |`);
  console.log('| --- | ---: | ---: |');
  const medians = new Map<string, Throughput>();
  for (const c of contenders) {
    const r = runs.get(c.name)!;
    medians.set(c.name, { seq: median(r.seq), conc: median(r.conc) });
    console.log(`| ${c.name} | ${fmt(median(r.seq))} | ${fmt(median(r.conc))} |`);
  }
  return medians;
}

export function printRatios(rows: [string, number, number][]): void {
  console.log('\n| ratio | value | target |');
  console.log('| --- | ---: | --- |');
  for (const [name, ratio, target] of rows) {
    console.log(`| ${name} | ${ratio.toFixed(2)}x | >= ${target}x: ${verdict(ratio, target)} |`);
  }
}
