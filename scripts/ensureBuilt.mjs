// `npm run web` and `npm run mcp` run what was built, and build it first only when its sources
// changed since the last build — a start takes well under a second, not a compile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
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
 * Puts a build made aside in place. The host's folder is swapped whole. The UI's is never taken
 * away: a running shell (an open tab, another test's page) serves from it, and its pages fetch
 * chunks later — each file is moved in over the old (hashed names: a page of the old build still
 * finds its own), index.html last.
 */
export function install(name, aside, dir = root) {
  const target = path.join(dir, path.dirname(BUILDS[name].built));
  if (name !== 'renderer') {
    rmSync(target, { recursive: true, force: true });
    renameSync(aside, target);
    return;
  }
  const move = (from, to) => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (from === aside && entry.name === 'index.html') continue;
      const source = path.join(from, entry.name);
      const destination = path.join(to, entry.name);
      if (entry.isDirectory()) {
        mkdirSync(destination, { recursive: true });
        move(source, destination);
      } else renameSync(source, destination);
    }
  };
  mkdirSync(target, { recursive: true });
  move(aside, target);
  renameSync(path.join(aside, 'index.html'), path.join(target, 'index.html'));
  rmSync(aside, { recursive: true, force: true });
}

/**
 * Builds `name` when it is stale; a failed build throws, its output on stderr (a CLI's stdout may
 * be JSON someone parses). Built aside and then put in place, so that a start meanwhile (another
 * `npm run web`, the e2e tests' shells in parallel) never serves or runs half a build, nor has
 * its files emptied from under it.
 */
export function buildIfStale(name, dir = root) {
  if (!isStale(name, dir)) return;
  const { what, script } = BUILDS[name];
  console.error(`Building ${what}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Its own folder, even for two builders in one process (test workers may be threads).
  const aside = path.join(dir, `out/${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const build = spawnSync(npm, ['run', '-s', script, '--', '--outDir', aside], {
    cwd: dir,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    rmSync(aside, { recursive: true, force: true });
    throw Object.assign(new Error(`Building ${what} failed (npm run ${script}: ${build.status})`), {
      status: build.status ?? 1,
    });
  }
  // Another start built it meanwhile, and may be running it: theirs stays.
  if (!isStale(name, dir)) rmSync(aside, { recursive: true, force: true });
  else install(name, aside, dir);
}

/** As `buildIfStale`, for a command: a failed build ends the process with its status. */
export function ensureBuilt(name) {
  try {
    buildIfStale(name);
  } catch (error) {
    process.exit(error.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuilt('renderer');
  ensureBuilt('node');
}
