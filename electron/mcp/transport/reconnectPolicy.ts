export interface ReconnectPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** Consecutive failed attempts before giving up. */
  maxAttempts: number;
}

/**
 * Delay before reconnect attempt `attempt` (1-based): the server's `retry` when it gave one (the spec
 * says the client MUST respect it), growing exponentially after repeated failures, never above the cap.
 */
export function reconnectDelay(policy: ReconnectPolicy, attempt: number, serverRetryMs?: number): number {
  const base = serverRetryMs ?? policy.initialDelayMs;
  return Math.min(policy.maxDelayMs, base * 2 ** Math.max(0, attempt - 1));
}
