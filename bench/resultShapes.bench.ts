// The cost of checking a result's shape (issue 50, item 3): our check (resultShapes.ts: JSON Schemas
// compiled by ajv) against the official SDK v1 client's own check of the same result (its zod
// ListToolsResultSchema / ReadResourceResultSchema, which its client parses every result with), on
// results from a real server (server-everything's tools/list and a resources/read) and a 1,000-tool
// listing. Not a test: it prints numbers and asserts nothing.
// Run: npx tsx bench/resultShapes.bench.ts   (BENCH_QUICK=1 for a short run)
import { ListToolsResultSchema, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { everythingStdio } from '../e2e/fixtures/servers';
import { McpClient, StdioTransport } from '../electron/mcp';
import { checkedResult } from '../electron/mcp/client/resultShapes';
import { median, QUICK } from './harness';

const ROUNDS = QUICK ? 2 : 7;
const ITERATIONS = QUICK ? 2000 : 20_000;

async function realResults() {
  const client = await McpClient.connect({ transport: new StdioTransport(everythingStdio()) });
  try {
    const tools = await client.listTools();
    const resource = await client.readResource('demo://resource/static/document/architecture.md');
    return { tools: { tools }, resource };
  } finally {
    await client.close();
  }
}

function timed(check: () => unknown, n: number): number {
  const start = performance.now();
  for (let i = 0; i < n; i++) check();
  return ((performance.now() - start) * 1000) / n;
}

async function main() {
  const real = await realResults();
  const many = {
    tools: Array.from({ length: 1000 }, (_, i) => ({
      name: `tool_${i}`,
      title: `Tool ${i}`,
      description: 'Does one thing, well, for the benchmark.',
      inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      annotations: { readOnlyHint: true },
    })),
  };
  const cases = [
    ['tools/list, server-everything', 'tools/list', real.tools, ListToolsResultSchema],
    ['resources/read, server-everything', 'resources/read', real.resource, ReadResourceResultSchema],
    ['tools/list, 1,000 tools', 'tools/list', many, ListToolsResultSchema],
  ] as const;
  console.log(
    `\n# Checking a result's shape — ${ROUNDS} rounds of ${ITERATIONS} checks each side, alternating (µs per check, min / median / max of the rounds)`,
  );
  console.log(
    '| result | ours (ajv, resultShapes.ts) | the official SDK v1 client (zod) | ours / SDK at the median |',
  );
  console.log('| --- | ---: | ---: | ---: |');
  for (const [label, method, result, schema] of cases) {
    const n = label.includes('1,000') ? Math.max(50, ITERATIONS / 100) : ITERATIONS;
    const ours: number[] = [];
    const sdk: number[] = [];
    const runOurs = () => checkedResult(method, result, 'bench');
    const runSdk = () => schema.parse(result);
    timed(runOurs, n);
    timed(runSdk, n);
    for (let r = 0; r < ROUNDS; r++)
      for (const side of r % 2 === 0 ? ['ours', 'sdk'] : ['sdk', 'ours'])
        if (side === 'ours') ours.push(timed(runOurs, n));
        else sdk.push(timed(runSdk, n));
    const f = (xs: number[]) =>
      `${Math.min(...xs).toFixed(2)} / ${median(xs).toFixed(2)} / ${Math.max(...xs).toFixed(2)}`;
    console.log(`| ${label} | ${f(ours)} | ${f(sdk)} | ${(median(ours) / median(sdk)).toFixed(2)}x |`);
  }
}

await main();
