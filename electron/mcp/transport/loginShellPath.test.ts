import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../../../e2e/fixtures/skipWhen';
import { resolveLoginShellPath } from './loginShellPath';

const windows = skipWhen(
  process.platform === 'win32',
  'Windows has no login shell to read PATH from (resolveLoginShellPath returns undefined there)',
);

describe.skipIf(windows)('resolveLoginShellPath', () => {
  it('reads PATH as a login shell sets it, ignoring what rc files print', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'sb-shell-'));
    try {
      await writeFile(
        path.join(home, '.bash_profile'),
        'echo "Welcome banner"\nexport PATH="/opt/from-profile/bin:$PATH"\n',
      );
      const resolved = await resolveLoginShellPath({
        shell: '/bin/bash',
        fresh: true,
        env: { HOME: home, PATH: '/usr/bin:/bin' },
      });
      expect(resolved?.split(':')[0]).toBe('/opt/from-profile/bin');
      expect(resolved).not.toContain('Welcome');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('gives undefined for a shell that cannot run', async () => {
    expect(await resolveLoginShellPath({ shell: '/nonexistent/shell', fresh: true })).toBeUndefined();
  });
});
