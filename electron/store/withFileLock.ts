import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lock } from 'proper-lockfile';

/**
 * A lock its holder has not refreshed for this long was left by a process that died (or froze) and
 * is taken over. The holder refreshes it every half of this, so a live one never looks stale.
 */
const STALE_MS = 10_000;
/** How long a change waits for the lock: past STALE_MS, so a dead holder's lock is recovered first. */
const WAIT_MS = 20_000;

/** The lock as its task holds it. */
export interface HeldLock {
  /**
   * Throws when the lock was lost while held (this process froze past the stale time and another
   * took it over): call it just before writing, so nothing is written without the lock.
   */
  check(): void;
}

/** In-process waiters per file, so changes from one process take the lock in the order asked. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` holding an exclusive lock on `file` that other processes honour too (a `<file>.lock`
 * directory beside it, which proper-lockfile keeps fresh and takes over once stale): the way to
 * re-read, change and write a file another process may change at the same time without losing its
 * change. A lock that stays taken past the wait is an error naming the file (`what` says what it is).
 */
export function withFileLock<T>(
  file: string,
  what: string,
  task: (held: HeldLock) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const key = path.resolve(file);
  const run = (queues.get(key) ?? Promise.resolve()).then(() =>
    locked(key, what, task, options.waitMs ?? WAIT_MS),
  );
  const tail = run.catch(() => {});
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

async function locked<T>(
  file: string,
  what: string,
  task: (held: HeldLock) => Promise<T>,
  waitMs: number,
): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  let lost: Error | undefined;
  const options = {
    // The file itself may not exist yet: its lock is named after the path as given.
    realpath: false,
    stale: STALE_MS,
    // The library's default throws from a timer, which would end the process: noted instead.
    onCompromised: (error: Error) => {
      lost = error;
    },
  };
  const deadline = Date.now() + waitMs;
  let release: () => Promise<void>;
  for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
    try {
      release = await lock(file, options);
      break;
    } catch (error) {
      if (Reflect.get(Object(error), 'code') !== 'ELOCKED')
        throw new Error(`cannot lock the ${what} ${file}: ${(error as Error).message}`);
      if (Date.now() >= deadline)
        throw new Error(
          `the ${what} ${file} is locked by another process that has not let go of it for ${Math.round(waitMs / 1000)} s; nothing was changed. Try again; if no other Switchboard process (app, mcp chat, CLI) runs, remove ${file}.lock`,
        );
      // Jittered, so two waiters do not retry in step.
      await sleep(pause * (1 + Math.random()));
    }
  }
  try {
    return await task({
      check() {
        if (lost)
          throw new Error(
            `lost the lock on the ${what} ${file} (this process was paused for over ${STALE_MS / 1000} s and another took it over); nothing was written, try again`,
          );
      },
    });
  } finally {
    // A lost lock is no longer ours to remove: its release says so, and there is nothing to do.
    await release().catch(() => {});
  }
}
