import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.ts',
      // Component tests: each such file runs in happy-dom (see its first line).
      'renderer/**/*.test.tsx',
      'e2e/**/*.test.ts',
      'test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // No test is subject to a managed policy the machine may have (/etc/switchboard/policy.json):
    // a test that wants one writes its own and names it. This file never exists.
    env: {
      SWITCHBOARD_POLICY_FILE: path.join(import.meta.dirname, 'test-results', 'no-managed-policy.json'),
    },
    testTimeout: 30_000,
    // Polls wait on real processes and a real browser: give them time on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 30_000,
    // Tests spawn real server processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
