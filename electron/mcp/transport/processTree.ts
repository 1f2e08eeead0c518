import { spawn } from 'node:child_process';

/**
 * Signals the whole process group led by `pid` (the child is spawned detached, so it leads its own
 * group) so that grandchildren — npx → node, uvx → python, sh -c → … — go down with it.
 */
export function signalTree(pid: number, signal: 'SIGTERM' | 'SIGKILL'): void {
  if (process.platform === 'win32') {
    // Windows has no process groups or SIGTERM: taskkill /T ends the tree.
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on(
      'error',
      () => {},
    );
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Whether any process of the group led by `pid` still exists. */
function treeAlive(pid: number): boolean {
  if (process.platform === 'win32') {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls until the group is gone or the time is up; true when gone. */
export async function waitTreeGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (treeAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
