// `npm run web` and `npm run mcp` run what was built, and build it first only when its sources
// changed since the last build — a start takes well under a second, not a compile.
import { spawnSync } from 'node:child_process';
import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under `p` (a file or a folder), 0 when it does not exist. */
export function newest(p) {
  let stat;
  try {
    stat = statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(p, name)));
  }
  return latest;
}

/** What each build makes (the file whose age stands for the build) and what it is made from. */
export const BUILDS = {
  renderer: {
    built: 'out/renderer/index.html',
    sources: ['renderer', 'shared', 'package-lock.json'],
    what: 'the UI',
    script: 'build:renderer',
  },
  node: {
    built: 'out/node/web.mjs',
    sources: ['electron', 'shared', 'package-lock.json', 'node.vite.config.ts'],
    what: 'the host',
    script: 'build:node',
  },
};

export function isStale(name, dir = root) {
  const { built, sources } = BUILDS[name];
  const at = newest(path.join(dir, built));
  return at === 0 || Math.max(...sources.map((p) => newest(path.join(dir, p)))) > at;
}
export const rendererIsStale = (dir = root) => isStale('renderer', dir);

/**
 * Builds `name` when it is stale; a failed build ends the process with its status. Its output goes
 * to stderr (a CLI's stdout may be JSON someone parses). The host is built beside and then moved
 * into place, so that a second start meanwhile never runs half a build.
 */
export function ensureBuilt(name) {
  if (!isStale(name)) return;
  const { what, script } = BUILDS[name];
  console.error(`Building ${what}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const aside = name === 'node' ? path.join(root, `out/node-${process.pid}`) : undefined;
  const build = spawnSync(npm, ['run', '-s', script, ...(aside ? ['--', '--outDir', aside] : [])], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    if (aside) rmSync(aside, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
  if (aside) {
    // Another start built it meanwhile, and may be running it: theirs stays.
    if (!isStale(name)) rmSync(aside, { recursive: true, force: true });
    else {
      rmSync(path.join(root, 'out/node'), { recursive: true, force: true });
      renameSync(aside, path.join(root, 'out/node'));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuilt('renderer');
  ensureBuilt('node');
}
