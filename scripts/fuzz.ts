// `npm run fuzz -- [--seed N] [--cases M] [--era legacy|modern|both] [--mutation NAME-or-prefix]
//                  [--host] [--concurrency K] [--json FILE]`
// The long run of the fuzzer (issue 35): the mutation × era matrix (filtered by --era and --mutation)
// run seed after seed from N (default 1) until M cases have run (default: the matrix once), each against
// a real fuzz-server process — through McpClient, or with --host through a real Host with
// server-everything beside it. Prints a table of outcomes per mutation and era and exits 1 when any
// case broke what a correct client must do (the oracle of e2e/fuzz/libraryCase.ts and hostCase.ts).
import { writeFile } from 'node:fs/promises';
import type { FuzzEra, MutationInfo } from '../e2e/fixtures/fuzz/mutations.mjs';
import { type HostCaseSpec, runHostCase, startHostRig } from '../e2e/fuzz/hostCase';
import { type CaseResult, catalog, explain, runLibraryCase } from '../e2e/fuzz/libraryCase';

const USAGE =
  'Usage: npm run fuzz -- [--seed N] [--cases M] [--era legacy|modern|both] [--mutation NAME] [--host] [--concurrency K] [--json FILE]';

function parse(argv: string[]) {
  const out = {
    seed: 1,
    cases: 0,
    eras: ['legacy', 'modern'] as FuzzEra[],
    mutation: '',
    host: false,
    concurrency: 0,
    json: '',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    if (a === '--seed') out.seed = Number(value());
    else if (a === '--cases') out.cases = Number(value());
    else if (a === '--era') {
      const era = value();
      if (era !== 'legacy' && era !== 'modern' && era !== 'both')
        throw new Error(`--era legacy|modern|both\n${USAGE}`);
      out.eras = era === 'both' ? ['legacy', 'modern'] : [era];
    } else if (a === '--mutation') out.mutation = value();
    else if (a === '--host') out.host = true;
    else if (a === '--concurrency') out.concurrency = Number(value());
    else if (a === '--json') out.json = value();
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (!Number.isInteger(out.seed) || !Number.isInteger(out.cases) || out.cases < 0)
    throw new Error(`--seed and --cases take integers\n${USAGE}`);
  return out;
}

interface Planned {
  mutation: MutationInfo;
  era: FuzzEra;
  seed: number;
}

/** The matrix, seed after seed, until `cases` (0: the matrix once). */
function plan(args: ReturnType<typeof parse>): Planned[] {
  const wanted = (m: MutationInfo) =>
    !args.mutation || m.name === args.mutation || m.name.startsWith(args.mutation);
  const planned: Planned[] = [];
  const width = catalog(args.seed).filter(wanted).length * args.eras.length;
  if (width === 0) throw new Error(`no mutation matches ${args.mutation} (see fuzz-server.mjs --list)`);
  const total = args.cases || width;
  for (let seed = args.seed; planned.length < total; seed++)
    for (const mutation of catalog(seed).filter(wanted))
      for (const era of args.eras) if (planned.length < total) planned.push({ mutation, era, seed });
  return planned;
}

async function pool<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, concurrency) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

function table(results: CaseResult[]): string {
  const rows = new Map<string, { expect: string; runs: number; failed: number; first?: string }>();
  for (const r of results) {
    const key = `${r.mutation}\t${r.era}`;
    const row = rows.get(key) ?? { expect: r.expect, runs: 0, failed: 0 };
    row.runs++;
    if (r.violations.length > 0) {
      row.failed++;
      row.first ??= `seed ${r.seed}: ${r.violations[0]!.split('\n')[0]!.slice(0, 110)}`;
    }
    rows.set(key, row);
  }
  const width = Math.max(8, ...[...rows.keys()].map((k) => k.split('\t')[0]!.length));
  const lines = [`${'mutation'.padEnd(width)}  era     expect          runs  fail  first violation`];
  for (const [key, row] of rows) {
    const [name, era] = key.split('\t');
    lines.push(
      `${name!.padEnd(width)}  ${era!.padEnd(6)}  ${row.expect.padEnd(14)}  ${String(row.runs).padStart(4)}  ${String(row.failed).padStart(4)}  ${row.first ?? ''}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const planned = plan(args);
  const results: CaseResult[] = [];
  const started = Date.now();
  const report = (r: CaseResult) => {
    results.push(r);
    const mark = r.violations.length === 0 ? 'pass' : 'FAIL';
    console.error(`${mark} ${r.mutation} (${r.era}, seed ${r.seed}) ${r.ms} ms`);
    if (r.violations.length > 0) console.error(explain(r));
  };
  if (args.host) {
    // One host for the run: each case's server is its own entry in the config, trusted when its turn comes.
    const specs: HostCaseSpec[] = planned.map((p, i) => ({ id: `fz${i}`, ...p }));
    const rig = await startHostRig(specs);
    try {
      // One at a time by default: an error the process cannot attribute then belongs to one case.
      await pool(specs, args.concurrency || 1, async (spec) => report(await runHostCase(rig, spec)));
    } finally {
      await rig.close();
    }
  } else {
    await pool(planned, args.concurrency || 4, async (p) => report(await runLibraryCase(p)));
  }
  const failed = results.filter((r) => r.violations.length > 0);
  console.log(table(results));
  console.log(
    `\n${results.length} ${args.host ? 'host' : 'library'} cases (seeds ${args.seed}–${planned.at(-1)!.seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${failed.length} broke the oracle`,
  );
  if (args.json) await writeFile(args.json, JSON.stringify(results, null, 2));
  process.exitCode = failed.length > 0 ? 1 : 0;
}

main().then(
  // Child processes are all closed by now; what is left (a timer of a stopped server) must not hold us.
  () => process.exit(),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
