export interface RestartPolicy {
  /** First restart delay; doubles each try (1 s, 2 s, 4 s…). */
  baseDelayMs: number;
  maxTries: number;
  /** Up this long, a server has proven itself: its next crash starts the count afresh. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  baseDelayMs: 1000,
  maxTries: 5,
  stableAfterMs: 30_000,
};

/** A remote server that went away is tried again for as long as it is configured, this far apart at most. */
const REMOTE_RETRY_CAP_MS = 30_000;
/**
 * Its first tries come one base delay apart (a second), not doubling: a restart or a deploy is back
 * within seconds, and should be found within a second or two of it, not after a growing wait.
 */
export const REMOTE_QUICK_TRIES = 30;

/**
 * How long to wait before the next try after `tries` failed ones, or undefined to give up. A remote
 * server that went away is expected back (a deploy, a network change): tried again every second for
 * its first REMOTE_QUICK_TRIES tries, then backing off, for as long as it is configured. A local one
 * that keeps crashing is not. A crash after a stable run (tries counted afresh: 0) waits as a first.
 */
export function restartDelay(policy: RestartPolicy, tries: number, remote: boolean): number | undefined {
  const nth = Math.max(tries, 1);
  if (!remote && nth > policy.maxTries) return undefined;
  if (remote && nth <= REMOTE_QUICK_TRIES) return policy.baseDelayMs;
  const doublings = remote ? nth - REMOTE_QUICK_TRIES : nth - 1;
  const backoff = policy.baseDelayMs * 2 ** Math.min(doublings, 16);
  return remote ? Math.min(backoff, REMOTE_RETRY_CAP_MS) : backoff;
}
