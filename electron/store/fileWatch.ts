import { type FSWatcher, statSync, watch } from 'node:fs';
import path from 'node:path';

export interface FileWatch {
  /** Runs the check now (after one already running, if any) and resolves when it is done. */
  check(): Promise<void>;
  dispose(): void;
}

export interface FileWatchOptions {
  /** How long to let a burst of file events settle before checking: editors write in several steps. */
  debounceMs?: number;
  /** Checks this often whatever the events say (fs.watch can miss some); 0: never. */
  pollMs?: number;
}

/**
 * Calls `check` whenever `file` may have changed: its folder is watched (fs.watch reports an edit, a
 * rename over it — an atomic write — and a deletion alike), events are debounced, and the folder is
 * watched again when it is removed or recreated. A folder that does not exist yet is waited for by
 * watching the nearest folder above it that does. Checks never overlap: events during one run it
 * once more after it. `check` reads the file itself and decides whether anything changed; a check
 * that throws is the caller's to report (it is caught here, so the watch goes on).
 */
export function watchFile(
  file: string,
  check: () => Promise<void>,
  options: FileWatchOptions = {},
): FileWatch {
  const debounceMs = options.debounceMs ?? 250;
  const pollMs = options.pollMs ?? 60_000;
  let watcher: FSWatcher | undefined;
  let watched: { dir: string; ino: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = () => {
    if (disposed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), debounceMs);
  };

  /** The folder to watch: the file's own, or the nearest one above it that exists. */
  const arm = () => {
    const target = nearestDir(path.dirname(file));
    if (watched && target && watched.dir === target.dir && watched.ino === target.ino) return;
    watcher?.close();
    watcher = undefined;
    watched = undefined;
    if (!target || disposed) return;
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

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        arm();
        if (disposed) return;
        await check().catch(() => {});
      } while (again && !disposed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  arm();
  const poll = pollMs > 0 ? setInterval(schedule, pollMs) : undefined;
  poll?.unref();

  return {
    // Asked while a check runs: that run checks once more before it resolves.
    check: () => run(),
    dispose() {
      disposed = true;
      clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
      watcher = undefined;
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
