import type { Progress, RequestId } from '../../../shared/mcp/protocol';
import { McpError } from '../mcpError';
import { DeadlineTimer } from './deadlineTimer';
import { ErrorCode } from './errorCodes';

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 10 * 60_000;

export interface RequestOptions {
  /** Time without a response (or, with resetTimeoutOnProgress, without progress) before giving up. */
  timeoutMs?: number;
  /** Hard limit from the start, whatever progress says. */
  maxTotalTimeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** One request of ours waiting for its response. */
export interface Pending {
  readonly method: string;
  readonly resolve: (result: Record<string, unknown>) => void;
  readonly reject: (error: McpError) => void;
}

interface Entry extends Pending {
  options: RequestOptions;
  /** performance.now() times: idle deadline (moved by progress when allowed) and hard deadline. */
  deadline: number;
  hardDeadline: number;
  startedAt: number;
  timeoutMs: number;
  lastProgress: number;
  detachAbort: (() => void) | undefined;
}

export interface PendingPeer {
  /** Tell the peer we stopped waiting (notifications/cancelled); never called for initialize. */
  cancelled(id: RequestId, reason: string): void;
  log(level: 'debug' | 'warning' | 'error', message: string, data?: unknown): void;
  /**
   * What the peer sent since `since` (performance.now()) that was refused and named no request (a
   * line over the cap, bytes that are not UTF-8): a timeout says so, as the likely reason, without
   * guessing which request it was.
   */
  refusedSince?(since: number): string | undefined;
}

/**
 * Our requests in flight: their deadlines (idle, reset by progress when allowed, and a hard cap), one
 * path for abort and timeout, progress routed to its request, and clocks that stand still while the
 * peer waits on us.
 */
/** How many requests given up on are remembered, for telling their late answers from strays. */
const GIVEN_UP_KEPT = 64;

export class PendingRequests {
  private readonly entries = new Map<RequestId, Entry>();
  /** Requests we stopped waiting for (timed out, cancelled), newest last: why, by id. */
  private readonly givenUp = new Map<RequestId, { method: string; why: string }>();
  private readonly deadlines = new DeadlineTimer((now) => this.expire(now));
  /** Requests of the peer we are still answering, and since when (performance.now()) there were any. */
  private answering = 0;
  private answeringSince = 0;
  private closed = false;

  constructor(
    private readonly serverLabel: string,
    private readonly peer: PendingPeer,
  ) {}

  track(id: RequestId, pending: Pending, options: RequestOptions): void {
    const now = performance.now();
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const entry: Entry = {
      ...pending,
      options,
      deadline: now + timeoutMs,
      hardDeadline: options.resetTimeoutOnProgress
        ? now + (options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS)
        : Number.POSITIVE_INFINITY,
      timeoutMs,
      startedAt: now,
      lastProgress: Number.NEGATIVE_INFINITY,
      detachAbort: undefined,
    };
    this.entries.set(id, entry);
    this.deadlines.ensure(Math.min(entry.deadline, entry.hardDeadline));
    const signal = options.signal;
    if (signal) {
      const onAbort = () =>
        this.cancel(id, cancelledError(this.serverLabel, pending.method, signal.reason), signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      entry.detachAbort = () => signal.removeEventListener('abort', onAbort);
    }
  }

  /** Stops tracking a request and hands it over to be resolved or rejected. */
  settle(id: RequestId): Pending | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    entry.detachAbort?.();
    return entry;
  }

  /**
   * The request an answer names by an id of the other type ("1" for our 1, which JSON-RPC says is
   * another id): stopped tracking, with words for the mismatch. Undefined when there is none.
   */
  settleMistyped(id: RequestId): { pending: Pending; why: string } | undefined {
    const other = typeof id === 'number' ? String(id) : /^-?\d{1,15}$/.test(id) ? Number(id) : undefined;
    const pending = other === undefined ? undefined : this.settle(other);
    if (!pending) return undefined;
    const why = `the server answered with id ${JSON.stringify(id)} (a ${typeof id}) for request ${JSON.stringify(other)}`;
    return { pending, why };
  }

  /**
   * A request of ours we stopped waiting for (it timed out or was cancelled), whose answer came after
   * all: what it was and why we gave up. Taken once; undefined for an id we never gave up on.
   */
  lateAnswer(id: RequestId): { method: string; why: string } | undefined {
    const known = this.givenUp.get(id);
    this.givenUp.delete(id);
    return known;
  }

  /** The connection closed: nothing more times out; everything still waiting gets `error`. */
  closeAll(error: (method: string) => McpError): void {
    this.closed = true;
    this.deadlines.stop();
    for (const id of [...this.entries.keys()]) {
      const entry = this.settle(id);
      entry?.reject(error(entry.method));
    }
  }

  /** notifications/progress from the peer, for the request whose id is its token. */
  progress(params: Record<string, unknown>): void {
    const token = params.progressToken;
    const entry =
      typeof token === 'string' || typeof token === 'number' ? this.entries.get(token) : undefined;
    if (!entry?.options.onProgress || typeof params.progress !== 'number') {
      this.peer.log('debug', 'progress for an unknown or finished request ignored', params);
      return;
    }
    if (params.progress <= entry.lastProgress) {
      this.peer.log('warning', 'progress that did not increase ignored', params);
      return;
    }
    entry.lastProgress = params.progress;
    if (entry.options.resetTimeoutOnProgress) entry.deadline = performance.now() + entry.timeoutMs;
    const progress: Progress = { progress: params.progress };
    if (typeof params.total === 'number') progress.total = params.total;
    if (typeof params.message === 'string') progress.message = params.message;
    try {
      entry.options.onProgress(progress);
    } catch (error) {
      this.peer.log('error', `progress callback threw: ${String(error)}`);
    }
  }

  /**
   * While the peer waits for our answer to one of its requests (a person reading a sampling or
   * elicitation dialog, typically one the peer sends while working on our tool call), our requests'
   * clocks stand still: time spent waiting on us is not the peer being slow. When the last answer is
   * sent, every pending deadline moves on by the time it stood still.
   */
  holdClocks(): () => void {
    if (this.answering++ === 0) this.answeringSince = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.answering > 0 || this.closed) return;
      const now = performance.now();
      let next = Number.POSITIVE_INFINITY;
      for (const entry of this.entries.values()) {
        const stood = now - Math.max(this.answeringSince, entry.startedAt);
        entry.deadline += stood;
        entry.hardDeadline += stood;
        next = Math.min(next, entry.deadline, entry.hardDeadline);
      }
      // Anything that came due while the clocks stood still is swept now.
      this.deadlines.stop();
      if (next !== Number.POSITIVE_INFINITY) this.deadlines.ensure(next);
    };
  }

  /** One path for abort and timeout: stop waiting, tell the peer (never for initialize). */
  private cancel(id: RequestId, error: McpError, reason: unknown): void {
    const entry = this.settle(id);
    if (!entry) return;
    const text =
      reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : error.message;
    if (entry.method !== 'initialize' && !this.closed) this.peer.cancelled(id, text);
    // The peer may answer anyway (a slow starter answering the era probe): that answer is expected.
    this.givenUp.set(id, { method: entry.method, why: text });
    if (this.givenUp.size > GIVEN_UP_KEPT) this.givenUp.delete(this.givenUp.keys().next().value!);
    entry.reject(error);
  }

  /** Times out every request whose deadline has passed; returns the next deadline. */
  private expire(now: number): number {
    // The clocks stand still while the peer waits on us (see holdClocks).
    if (this.answering > 0) return Number.POSITIVE_INFINITY;
    let next = Number.POSITIVE_INFINITY;
    for (const [id, entry] of [...this.entries]) {
      if (now >= entry.hardDeadline)
        this.timeOut(id, entry.method, entry.options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS, true);
      else if (now >= entry.deadline) this.timeOut(id, entry.method, entry.timeoutMs, false);
      else next = Math.min(next, entry.deadline, entry.hardDeadline);
    }
    return next;
  }

  private timeOut(id: RequestId, method: string, ms: number, hard: boolean): void {
    const what = hard ? 'maximum total time' : 'timeout';
    const startedAt = this.entries.get(id)?.startedAt ?? 0;
    const refused = this.peer.refusedSince?.(startedAt);
    const meanwhile = refused ? `; meanwhile the server sent something that was refused: ${refused}` : '';
    const error = new McpError(
      ErrorCode.RequestTimeout,
      `Request timed out after ${ms} ms (${what})${meanwhile}`,
      {
        server: this.serverLabel,
        method,
        data: { timeoutMs: ms },
      },
    );
    this.cancel(id, error, `timed out after ${ms} ms`);
  }
}

export function cancelledError(server: string, method: string, reason: unknown): McpError {
  const why = reason instanceof Error ? reason.message : reason === undefined ? 'aborted' : String(reason);
  return new McpError(ErrorCode.RequestCancelled, `Request cancelled: ${why}`, { server, method });
}
