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
 * How long to wait before the next try after `tries` failed ones, or undefined to give up. A remote
 * server that went away is expected back (a deploy, a network change): tried again for as long as it
 * is configured. A local one that keeps crashing is not.
 */
export function restartDelay(policy: RestartPolicy, tries: number, remote: boolean): number | undefined {
  if (!remote && tries > policy.maxTries) return undefined;
  const backoff = policy.baseDelayMs * 2 ** Math.min(tries - 1, 16);
  return remote ? Math.min(backoff, REMOTE_RETRY_CAP_MS) : backoff;
}
