import { type FSWatcher, statSync, watch } from 'node:fs';
import path from 'node:path';
import { type PolicyState, readPolicy } from './policyFile';

export interface PolicyWatcher {
  /** What the file held when last read. */
  readonly state: PolicyState;
  /** Hears each new state: only when what the file holds changes, not on every file event. */
  onChange(listener: (state: PolicyState) => void): () => void;
  /** Reads the file again now (and tells listeners if it changed). */
  refresh(): Promise<PolicyState>;
  dispose(): void;
}

export interface PolicyWatchOptions {
  /** How long to let a burst of file events settle before reading: editors write in several steps. */
  debounceMs?: number;
  /** Reads again this often whatever the events say (fs.watch can miss some); 0: never. */
  pollMs?: number;
}

/**
 * Reads the policy file, then again whenever it may have changed: its folder is watched (fs.watch
 * reports an edit, a rename over it — an atomic write — and a deletion alike), events are debounced,
 * and the folder is watched again when it is removed or recreated. A folder that does not exist yet
 * (no policy deployed) is waited for by watching the nearest folder above it that does.
 */
export async function watchPolicy(file: string, options: PolicyWatchOptions = {}): Promise<PolicyWatcher> {
  const debounceMs = options.debounceMs ?? 250;
  const pollMs = options.pollMs ?? 60_000;
  const listeners = new Set<(state: PolicyState) => void>();
  let state = await readPolicy(file);
  let watcher: FSWatcher | undefined;
  let watched: { dir: string; ino: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;
  let reading: Promise<PolicyState> | undefined;
  let again = false;

  const schedule = () => {
    if (disposed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void read(), debounceMs);
  };

  /** The folder to watch: the policy's own, or the nearest one above it that exists. */
  const arm = () => {
    const target = nearestDir(path.dirname(file));
    if (watched && target && watched.dir === target.dir && watched.ino === target.ino) return;
    watcher?.close();
    watcher = undefined;
    watched = undefined;
    if (!target) return;
    const next = target.dir === path.dirname(file) ? path.basename(file) : nextName(target.dir, file);
    try {
      // The folder's own name: on some systems, the folder itself was removed or renamed.
      const self = path.basename(target.dir);
      watcher = watch(target.dir, { persistent: false }, (_event, name) => {
        if (name === null || name.toString() === next || name.toString() === self) schedule();
      });
      watcher.on('error', () => {
        watcher?.close();
        watcher = undefined;
        watched = undefined;
        schedule();
      });
      watched = target;
    } catch {
      watched = undefined;
    }
  };

  const read = (): Promise<PolicyState> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        arm();
        const next = await readPolicy(file);
        if (disposed) return state;
        if (JSON.stringify(next) !== JSON.stringify(state)) {
          state = next;
          for (const listener of [...listeners]) listener(state);
        }
      } while (again && !disposed);
      return state;
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  arm();
  const poll = pollMs > 0 ? setInterval(schedule, pollMs) : undefined;
  poll?.unref();

  return {
    get state() {
      return state;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: () => read(),
    dispose() {
      disposed = true;
      clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
      watcher = undefined;
      listeners.clear();
    },
  };
}

function nearestDir(dir: string): { dir: string; ino: number } | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      const info = statSync(d);
      if (info.isDirectory()) return { dir: d, ino: info.ino };
    } catch {
      // Not there (yet): look one folder up.
    }
    if (path.dirname(d) === d) return undefined;
  }
}

/** The name inside `dir` on the way down to `file`. */
function nextName(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep)[0]!;
}
