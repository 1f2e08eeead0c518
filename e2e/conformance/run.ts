// npm run test:conformance — every non-auth client scenario of @modelcontextprotocol/conformance,
// run against e2e/conformance/client.ts. Prints PASS/FAIL per scenario and totals; writes
// test-results/conformance.json for CI's summary line. Exit 1 when any scenario fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const pkg = path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json'));
const { bin } = require('@modelcontextprotocol/conformance/package.json') as {
  bin: string | Record<string, string>;
};
const cli = path.join(pkg, typeof bin === 'string' ? bin : Object.values(bin)[0]!);
// The suite splits --command on spaces: keep every part free of them.
const client = path.relative(root, path.join(root, 'e2e/conformance/client.ts'));
const command = `${process.execPath} --import tsx ${client}`;
if (command.includes('  ') || process.execPath.includes(' '))
  throw new Error('paths with spaces are not supported here');

function conformance(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
}

const listed = conformance(['list']).stdout;
const clientSection = listed.slice(listed.indexOf('Client scenarios'));
const scenarios = [...clientSection.matchAll(/^\s+- (\S+)/gm)]
  .map((m) => m[1]!)
  .filter((s) => !s.startsWith('auth/'));
if (scenarios.length === 0) throw new Error(`no client scenarios found in:\n${listed}`);

const results: { scenario: string; passed: boolean; checks: string }[] = [];
for (const scenario of scenarios) {
  const run = conformance(['client', '--command', command, '--scenario', scenario]);
  const out = `${run.stdout}\n${run.stderr}`;
  const checks = out.match(/Passed: (\d+\/\d+, \d+ failed, \d+ warnings)/)?.[1] ?? 'no result';
  const passed = run.status === 0 && /OVERALL: PASSED/.test(out);
  results.push({ scenario, passed, checks });
  console.log(`${passed ? 'PASS' : 'FAIL'}  ${scenario.padEnd(40)} ${checks}`);
  if (!passed)
    console.log(
      out
        .split('\n')
        .filter((l) => /FAILURE|error|Error/.test(l))
        .slice(0, 20)
        .join('\n'),
    );
}
const failed = results.filter((r) => !r.passed).length;
console.log(
  `\nconformance: ${results.length - failed} passed, ${failed} failed (${results.length} non-auth client scenarios)`,
);
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results/conformance.json'), JSON.stringify({ results }, null, 2));
process.exitCode = failed > 0 ? 1 : 0;
