// `npm run web`: builds the renderer only when its sources (renderer/, shared/, the build config)
// changed since the last build, so a restart takes a second, not a rebuild.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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

export function rendererIsStale(dir = root) {
  const built = newest(path.join(dir, 'out/renderer/index.html'));
  const sources = ['renderer', 'shared', 'package-lock.json'].map((p) => newest(path.join(dir, p)));
  return built === 0 || Math.max(...sources) > built;
}

/** Builds the renderer when it is stale; a failed build ends the process with its status. */
export function ensureRenderer() {
  if (rendererIsStale()) {
    console.error('Building the UI…');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', '-s', 'build:renderer'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureRenderer();
