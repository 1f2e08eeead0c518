// The short, deterministic run of the fuzzer (issue 35) against the host: a real Host with
// server-everything running beside each fuzzed server, every event serialised for the page, consents
// answered as a person would (see hostCase.ts). Every mutation runs once, its era alternating down the
// catalog (so each era meets half of it, and another seed swaps them); the crash paths of the issue
// (the `deep` ones) run in both eras, each alone. The browser shell's own process: shellFuzz.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FuzzEra } from '../fixtures/fuzz/mutations.mjs';
import { type HostCaseSpec, type HostRig, runHostCase, startHostRig } from './hostCase';
import { type CaseResult, catalog, explain } from './libraryCase';

const SEED = 35;
/** Fuzzed servers at once in the one host: each case's server is its own, and so are its consents. */
const CONCURRENCY = 4;

const cases: HostCaseSpec[] = catalog(SEED).flatMap((mutation, i) => {
  const era: FuzzEra = (i + SEED) % 2 === 0 ? 'legacy' : 'modern';
  const eras: FuzzEra[] = mutation.issue === 'deep' ? ['legacy', 'modern'] : [era];
  return eras.map((e) => ({ id: `fz${i}-${e[0]}`, mutation, era: e, seed: SEED }));
});
/**
 * Run alone, after the others: what can crash the process (an error then belongs to the one case
 * running) and what loads it enough to slow a neighbour past its 3 s timeout.
 */
const alone = (spec: HostCaseSpec) =>
  spec.mutation.issue === 'deep' ||
  /huge|flood|million|over-cap|many-blocks|endless/.test(spec.mutation.name);
const results = new Map<string, CaseResult>();
let rig: HostRig;

beforeAll(async () => {
  rig = await startHostRig(cases);
  const together = cases.filter((c) => !alone(c));
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < together.length) {
        const spec = together[next++]!;
        results.set(spec.id, await runHostCase(rig, spec));
      }
    }),
  );
  for (const spec of cases.filter(alone)) results.set(spec.id, await runHostCase(rig, spec));
}, 600_000);
afterAll(async () => {
  await rig?.close();
});

describe(`the host under fuzzed server traffic, server-everything beside it (seed ${SEED})`, () => {
  for (const spec of cases) {
    test(`${spec.mutation.name} (${spec.era}): ${spec.mutation.expect[spec.era]}`, () => {
      const result = results.get(spec.id);
      expect(result, 'the case ran').toBeDefined();
      expect(result!.violations, explain(result!)).toEqual([]);
    });
  }
});
