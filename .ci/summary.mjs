// Prints the closing line CI reads, "N passed, M failed[, K skipped]", from vitest's JSON report
// and the conformance runner's results. A missing report counts as one failure: that run died.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, conformanceFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  // A file that fails to load has no tests but still failed: count each such file once.
  const brokenFiles = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
  ).length;
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + brokenFiles;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else {
  console.error(`no vitest report at ${vitestFile}: the test run did not finish`);
  failed += 1;
}

if (conformanceFile && existsSync(conformanceFile)) {
  const { results } = JSON.parse(readFileSync(conformanceFile, 'utf8'));
  passed += results.filter((r) => r.passed).length;
  // A known failure (a feature not built yet, named with its issue in the runner) counts as skipped.
  failed += results.filter((r) => !r.passed && !r.expected).length;
  skipped += results.filter((r) => !r.passed && r.expected).length;
} else if (conformanceFile) {
  console.error(`no conformance results at ${conformanceFile}: the conformance run did not finish`);
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
