// `npx -y` of a real MCP server package from the npm registry, confined: the package is fetched
// through the sandbox's proxy (the npm registry is its launcher's one allowed host) into the npm
// cache of the server's own folder (npm_config_cache, set by sandboxPlan), never the person's ~/.npm,
// which the sandbox would not let it write. Skipped, saying why, where the registry is unreachable.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliAsync, envWithHome } from '../../e2e/fixtures/cliProcess';
import { npmRegistryUnreachable } from '../../e2e/fixtures/npmRegistry';
import { skipWithoutSandbox } from '../../e2e/fixtures/sandboxSkip';
import { skipWhen } from '../../e2e/fixtures/skipWhen';

// The version the repo already has: its tarball is small and the registry has it; fetched here all
// the same, into an empty cache, since the run is outside the repo's node_modules.
const VERSION = createRequire(import.meta.url)('@modelcontextprotocol/server-everything/package.json')
  .version as string;
const noSandbox = await skipWithoutSandbox('the npx-in-the-sandbox test');
const unreachable = noSandbox ? undefined : await npmRegistryUnreachable();

let root: string | undefined;
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(
  noSandbox || skipWhen(unreachable !== undefined, () => `the npx-in-the-sandbox test: ${unreachable}`),
)('npx -y a real package, confined', () => {
  it(`fetches @modelcontextprotocol/server-everything@${VERSION} into its own folder's cache and lists its tools`, async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sb-npx-sandbox-'));
    const home = path.join(root, 'home');
    const away = path.join(root, 'elsewhere');
    await mkdir(home, { recursive: true });
    await mkdir(away, { recursive: true });
    const r = await cliAsync(
      [
        '--stdio',
        `npx -y @modelcontextprotocol/server-everything@${VERSION} stdio`,
        '--sandbox',
        '--timeout',
        '240000',
        'tools',
      ],
      {
        // The person's environment (a company CA, a proxy) with a home of its own.
        env: envWithHome(home, path.join(root, 'data')),
        // Not the repo: there npx would take the copy in its node_modules instead of fetching one.
        cwd: away,
        timeoutMs: 280_000,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { name: string }[]).map((t) => t.name)).toContain('echo');
    expect(r.stderr).toMatch(
      /^sandbox: confined; writes only to its own folder; reaches only registry\.npmjs\.org;/m,
    );
    // Nothing it needed was denied: every write went to its own folder.
    expect(r.stderr).not.toMatch(/^sandbox: tried/m);
    const sandboxHome = path.join(home, '.cache', 'switchboard-sandbox');
    const own = await readdir(sandboxHome);
    expect(own).toHaveLength(1);
    const cache = path.join(sandboxHome, own[0]!, 'npm-cache');
    expect(existsSync(path.join(cache, '_npx'))).toBe(true);
    expect(existsSync(path.join(cache, '_cacache'))).toBe(true);
    // The person's own npm cache was never made.
    expect(existsSync(path.join(home, '.npm'))).toBe(false);
  }, 300_000);
});
