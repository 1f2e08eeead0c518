// The short, deterministic run of the fuzzer (issue 35) against the MCP client library: every mutation
// of the catalog (e2e/fixtures/fuzz/mutations.mjs) in both eras, with the fixed CI seed, each against a
// real fuzz-server process. The long run is `npm run fuzz` (scripts/fuzz.ts); the README says how.
import { beforeAll, describe, expect, test } from 'vitest';
import type { FuzzEra } from '../fixtures/fuzz/mutations.mjs';
import { type CaseResult, catalog, explain, runLibraryCase } from './libraryCase';

/** The CI seed: fixed, so a failure here is the same failure on every machine. */
const SEED = 35;
/**
 * Cases at once. Most of a failing case's time is a request timeout (idle), and each case is one
 * small server process: eight at a time keep two cores busy without starving the timers.
 */
const CONCURRENCY = 8;
const ERAS: FuzzEra[] = ['legacy', 'modern'];

const cases = catalog(SEED).flatMap((mutation) => ERAS.map((era) => ({ mutation, era })));
const results = new Map<string, CaseResult>();
const key = (name: string, era: FuzzEra) => `${name}/${era}`;

beforeAll(async () => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const { mutation, era } = cases[next++]!;
        results.set(key(mutation.name, era), await runLibraryCase({ mutation, era, seed: SEED }));
      }
    }),
  );
}, 300_000);

describe(`the client library under fuzzed server traffic (seed ${SEED})`, () => {
  for (const { mutation, era } of cases) {
    test(`${mutation.name} (${era}): ${mutation.expect[era]}`, () => {
      const result = results.get(key(mutation.name, era));
      expect(result, 'the case ran').toBeDefined();
      expect(result!.violations, explain(result!)).toEqual([]);
    });
  }
});
