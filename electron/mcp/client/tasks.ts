import { fieldOf } from '../../../shared/fieldOf';
import type { CallToolResult, ServerCapabilities, Tool } from '../../../shared/mcp/protocol';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';

/**
 * Task-augmented tool calls, as 2025-11-25 defines them (basic/utilities/tasks, experimental): the
 * server answers `tools/call` with a task at once; the client follows its status (`tasks/get` at
 * the server's pollInterval, and `notifications/tasks/status` when sent) and takes the result from
 * `tasks/result`, which the server holds until the task ends — and over which it sends what it
 * needs from the person meanwhile (elicitation, sampling), answered by the usual handlers.
 * Cancel is `tasks/cancel`.
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
export interface TaskState {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  pollInterval?: number;
}
const STATUSES = new Set<string>(['working', 'input_required', 'completed', 'failed', 'cancelled']);
export const isTerminal = (status: TaskStatus) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/** How long a task may live on the server after it is created (asked; the server decides). */
const TASK_TTL_MS = 60 * 60 * 1000;
/** Polling between these bounds, whatever pollInterval says. */
const MIN_POLL_MS = 250;
const MAX_POLL_MS = 10_000;
const DEFAULT_POLL_MS = 1000;
/** tasks/get failing this many times in a row ends the wait. */
const MAX_POLL_FAILURES = 5;

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (no listener left behind). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    timer.unref?.();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
const pollWait = (ms: number | undefined) =>
  Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, ms ?? DEFAULT_POLL_MS));

/**
 * Whether a call of `tool` goes as a task: only when the server offers task-augmented tools/call,
 * and then as the tool says ("required": always; "optional": when the caller prefers it).
 */
export function callsAsTask(caps: ServerCapabilities, tool: Tool | undefined, preferTask: boolean): boolean {
  const offered = (caps.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)?.requests?.tools
    ?.call;
  if (!offered) return false;
  const support = (tool as { execution?: { taskSupport?: unknown } } | undefined)?.execution?.taskSupport;
  return support === 'required' || (support === 'optional' && preferTask);
}

/** The promise, or a rejection with the signal's reason as soon as it aborts (the promise goes on). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      void promise.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => {});
    }),
  ]);
}

/** The one error for a task that ended cancelled (by us, or by the server). */
function taskCancelled(server: string, taskId: string, cause?: unknown): McpError {
  return new McpError(ErrorCode.RequestCancelled, `Task ${taskId} was cancelled`, {
    server,
    method: 'tools/call',
    ...(cause !== undefined ? { cause } : {}),
  });
}

/**
 * Why following a task stops on a failed tasks/get: a -32602 says the server knows no such task
 * (expired, or never its own) — asking again cannot help, and there is nothing to cancel; any other
 * failure is tried again until MAX_POLL_FAILURES in a row, then the task is given up (and cancelled).
 */
function pollFailure(
  server: string,
  taskId: string,
  error: unknown,
  failures: number,
): { unknown: true; error: McpError } | { unknown: false; error?: McpError } {
  const why =
    error instanceof McpError ? error.reason : error instanceof Error ? error.message : String(error);
  if (error instanceof McpError && error.code === ErrorCode.InvalidParams)
    return {
      unknown: true,
      error: new McpError(
        ErrorCode.InvalidResult,
        `tools/call task ${taskId}: the server no longer knows this task (tasks/get: ${why}), so its result cannot be had`,
        { server, method: 'tools/call', cause: error },
      ),
    };
  if (failures < MAX_POLL_FAILURES) return { unknown: false };
  return {
    unknown: false,
    error: new McpError(
      ErrorCode.InternalError,
      `tools/call task ${taskId}: tasks/get failed ${failures} times in a row, so the task was given up (and cancelled on the server, if it could be reached); the last failure: ${why}`,
      { server, method: 'tools/call', cause: error },
    ),
  };
}

/** A tool result as far as a task's answer must be one: it has its content array. */
function isToolResult(value: unknown): value is CallToolResult {
  return Array.isArray(fieldOf(value, 'content'));
}

/** A task state as the server sent it, checked; the problem in words otherwise. */
export function taskStateOf(raw: unknown): TaskState | string {
  const t = raw as Partial<TaskState> | null;
  if (typeof t !== 'object' || t === null) return 'no task object';
  if (typeof t.taskId !== 'string' || t.taskId === '') return 'a task without a taskId';
  if (typeof t.status !== 'string' || !STATUSES.has(t.status))
    return `an unknown task status ${JSON.stringify(t.status)}`;
  return {
    taskId: t.taskId,
    status: t.status,
    ...(typeof t.statusMessage === 'string' ? { statusMessage: t.statusMessage } : {}),
    ...(typeof t.createdAt === 'string' ? { createdAt: t.createdAt } : {}),
    ...(typeof t.lastUpdatedAt === 'string' ? { lastUpdatedAt: t.lastUpdatedAt } : {}),
    ...(typeof t.pollInterval === 'number' && Number.isFinite(t.pollInterval)
      ? { pollInterval: t.pollInterval }
      : {}),
  };
}

/** What running a task needs of the client. */
export interface TaskPeer {
  readonly serverName: string;
  readonly capabilities: ServerCapabilities;
  /** A request's usual time limit: tasks/result must answer within it once the task has ended. */
  readonly requestTimeoutMs: number;
  send(
    method: string,
    params: Record<string, unknown>,
    options: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<Record<string, unknown>>;
  /** notifications/tasks/status, while subscribed. */
  onStatus(listener: (state: TaskState) => void): () => void;
}

/**
 * Runs one tool call as a task and returns its result. `onTask` hears each new state (the
 * CreateTaskResult's, each poll's, each status notification's). An abort cancels the task on the
 * server (tasks/cancel, when offered) and rejects with RequestCancelled.
 */
export async function callToolAsTask(
  peer: TaskPeer,
  name: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; onTask?: (state: TaskState) => void },
): Promise<CallToolResult> {
  const fail = (why: string) =>
    new McpError(ErrorCode.InvalidResult, `tools/call as a task: ${why}`, {
      server: peer.serverName,
      method: 'tools/call',
    });
  const cancelOffered = () => Boolean((peer.capabilities.tasks as { cancel?: unknown } | undefined)?.cancel);
  // A task-augmented request is never cancelled with notifications/cancelled (2025-11-25
  // cancellation): it goes without the person's signal and without a timeout of the connection's
  // (whose expiry would send that notice). A stop, or our own timeout, answers at once; the task the
  // server then makes after all is cancelled with tasks/cancel.
  if (options.signal?.aborted)
    throw new McpError(ErrorCode.RequestCancelled, 'tools/call was cancelled before it was sent', {
      server: peer.serverName,
      method: 'tools/call',
    });
  const creating = peer.send(
    'tools/call',
    { name, arguments: args, task: { ttl: TASK_TTL_MS } },
    { timeoutMs: Number.POSITIVE_INFINITY },
  );
  const giveUp = new AbortController();
  const onStop = () => giveUp.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onStop, { once: true });
  const timer = setTimeout(() => giveUp.abort(), peer.requestTimeoutMs);
  const created = await abortable(creating, giveUp.signal)
    .catch((error: unknown) => {
      if (!giveUp.signal.aborted) throw error;
      void creating.then(
        (answer) => {
          const made = taskStateOf(answer.task);
          if (typeof made !== 'string' && cancelOffered())
            void peer.send('tasks/cancel', { taskId: made.taskId }, { timeoutMs: 10_000 }).catch(() => {});
        },
        () => {},
      );
      if (options.signal?.aborted)
        throw new McpError(
          ErrorCode.RequestCancelled,
          'tools/call was cancelled before the server made it a task',
          {
            server: peer.serverName,
            method: 'tools/call',
            cause: error,
          },
        );
      throw new McpError(
        ErrorCode.RequestTimeout,
        `tools/call: the server did not answer within ${peer.requestTimeoutMs / 1000} s (the task it makes after all is cancelled)`,
        { server: peer.serverName, method: 'tools/call' },
      );
    })
    .finally(() => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onStop);
    });
  const first = taskStateOf(created.task);
  if (typeof first === 'string') {
    // A server that ran it at once after all: a plain result is a result.
    if (isToolResult(created)) return created;
    throw fail(`the server answered with ${first}`);
  }
  const { taskId } = first;
  let last = first;
  const seen = (state: TaskState) => {
    if (state.taskId !== taskId) return;
    // A terminal state is final: a late "working" does not undo it.
    if (isTerminal(last.status) && !isTerminal(state.status)) return;
    if (state.status === last.status && state.statusMessage === last.statusMessage && state !== first) return;
    last = state;
    options.onTask?.(state);
  };
  options.onTask?.(first);
  const stop = new AbortController();
  const offStatus = peer.onStatus(seen);
  const cancelOnServer = () => {
    if (cancelOffered() && !isTerminal(last.status))
      void peer.send('tasks/cancel', { taskId }, { timeoutMs: 10_000 }).then(
        (r) => {
          const state = taskStateOf(r);
          if (typeof state !== 'string') seen(state);
        },
        () => {},
      );
  };
  const onAbort = () => {
    stop.abort();
    cancelOnServer();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // Status for the person, while tasks/result waits for the end.
  const polling = (async () => {
    let failures = 0;
    while (!stop.signal.aborted && !isTerminal(last.status)) {
      try {
        await sleep(pollWait(last.pollInterval), stop.signal);
      } catch {
        return;
      }
      try {
        const state = taskStateOf(
          await peer.send('tasks/get', { taskId }, { signal: stop.signal, timeoutMs: 30_000 }),
        );
        if (typeof state === 'string') throw fail(`tasks/get returned ${state}`);
        seen(state);
        failures = 0;
      } catch (error) {
        if (stop.signal.aborted) return;
        const failed = pollFailure(peer.serverName, taskId, error, ++failures);
        if (failed.error) {
          if (!failed.unknown) cancelOnServer();
          stop.abort(failed.error);
          return;
        }
      }
    }
    if (stop.signal.aborted) return;
    // Ended, as far as the server says: its result is due now, within a request's usual time.
    await sleep(peer.requestTimeoutMs, stop.signal).catch(() => {});
    if (!stop.signal.aborted)
      stop.abort(
        fail(
          `task ${taskId} ended ${last.status}, but tasks/result did not answer within ${peer.requestTimeoutMs / 1000} s`,
        ),
      );
  })();
  try {
    // Held by the server until the task ends; no timeout of ours (the polling says it is alive).
    const result = await Promise.race([
      peer.send('tasks/result', { taskId }, { signal: stop.signal, timeoutMs: Number.POSITIVE_INFINITY }),
      new Promise<never>((_, reject) =>
        stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true }),
      ),
    ]);
    if (!isToolResult(result)) throw fail('tasks/result returned no content array');
    if (!isTerminal(last.status)) seen({ ...last, status: result.isError ? 'failed' : 'completed' });
    return result;
  } catch (error) {
    if (options.signal?.aborted) {
      if (cancelOffered()) throw taskCancelled(peer.serverName, taskId, error);
      throw new McpError(
        ErrorCode.RequestCancelled,
        `Stopped following task ${taskId}; the server offers no tasks/cancel, so it may still run there`,
        { server: peer.serverName, method: 'tools/call', cause: error },
      );
    }
    throw error;
  } finally {
    stop.abort();
    options.signal?.removeEventListener('abort', onAbort);
    offStatus();
    await polling;
  }
}

// ---- 2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663) ----------------------------

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** A person answers each round of a task's input requests; a task that keeps asking is stopped after this many. */
const MAX_TASK_INPUT_ROUNDS = 10;

/** What following a modern task needs of the client: modern requests, and answering input requests. */
export interface ModernTaskPeer {
  readonly serverName: string;
  request(
    method: 'tasks/get' | 'tasks/update' | 'tasks/cancel',
    params: Record<string, unknown>,
    options: { signal?: AbortSignal },
  ): Promise<Record<string, unknown>>;
  /** One input request (elicitation, sampling, roots), through the same handlers and consent as any. */
  answer(key: string, request: unknown, signal: AbortSignal): Promise<unknown>;
}

/**
 * A tools/call a modern server answered with a task (`resultType: "task"`, the task's fields at the
 * top level): followed by `tasks/get` at its pollIntervalMs until it ends — its result inlined when
 * completed, its JSON-RPC error when failed; what it asks for (`input_required` with inputRequests)
 * answered through the usual handlers and sent with `tasks/update`. Abort: `tasks/cancel`.
 */
export async function followModernTask(
  peer: ModernTaskPeer,
  created: object,
  options: { signal?: AbortSignal; onTask?: (state: TaskState) => void },
): Promise<CallToolResult> {
  const fail = (why: string, data?: unknown) =>
    new McpError(ErrorCode.InvalidResult, `tools/call task: ${why}`, {
      server: peer.serverName,
      method: 'tools/call',
      ...(data !== undefined ? { data } : {}),
    });
  const pollOf = (raw: object) => {
    const ms = fieldOf(raw, 'pollIntervalMs');
    return typeof ms === 'number' && Number.isFinite(ms) ? ms : undefined;
  };
  const first = taskStateOf(created);
  if (typeof first === 'string') throw fail(`the server answered with ${first}`);
  const { taskId } = first;
  let poll = pollOf(created);
  let last: TaskState | undefined;
  const report = (state: TaskState) => {
    if (last && state.status === last.status && state.statusMessage === last.statusMessage) return;
    last = state;
    options.onTask?.(state);
  };
  report(first);
  const signal = options.signal ?? new AbortController().signal;
  const cancel = () => void peer.request('tasks/cancel', { taskId }, {}).catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  /** tasks/get, tried again (with growing pauses) when it fails; see pollFailure for when it is given up. */
  const get = async (): Promise<Record<string, unknown>> => {
    for (let failures = 1; ; failures++) {
      try {
        return await peer.request('tasks/get', { taskId }, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        const failed = pollFailure(peer.serverName, taskId, error, failures);
        if (failed.error) {
          if (!failed.unknown) cancel();
          throw failed.error;
        }
        await sleep(Math.min(MAX_POLL_MS, pollWait(poll) * 2 ** (failures - 1)), signal);
      }
    }
  };
  try {
    let rounds = 0;
    let current: object = created;
    for (;;) {
      const state = taskStateOf(current);
      if (typeof state === 'string') throw fail(`tasks/get returned ${state}`);
      report(state);
      if (state.status === 'completed') {
        const result = fieldOf(current, 'result');
        if (!isToolResult(result)) throw fail('a completed task without a result');
        return result;
      }
      if (state.status === 'failed') {
        const error = fieldOf(current, 'error');
        const code = fieldOf(error, 'code');
        const message = fieldOf(error, 'message');
        if (typeof code === 'number' && typeof message === 'string')
          throw new McpError(code, message, {
            server: peer.serverName,
            method: 'tools/call',
            data: fieldOf(error, 'data'),
          });
        throw fail(`task ${taskId} failed${state.statusMessage ? `: ${state.statusMessage}` : ''}`);
      }
      if (state.status === 'cancelled') throw taskCancelled(peer.serverName, taskId);
      const asked = fieldOf(current, 'inputRequests');
      if (state.status === 'input_required' && asked !== undefined) {
        if (typeof asked !== 'object' || asked === null || Array.isArray(asked))
          throw fail('inputRequests that are not a map');
        if (++rounds > MAX_TASK_INPUT_ROUNDS)
          throw fail(`task ${taskId} still asks for more input after ${MAX_TASK_INPUT_ROUNDS} rounds`);
        const inputResponses: Record<string, unknown> = {};
        for (const [key, request] of Object.entries(asked)) {
          signal.throwIfAborted();
          inputResponses[key] = await peer.answer(key, request, signal);
        }
        await peer.request('tasks/update', { taskId, inputResponses }, { signal });
      } else {
        await sleep(pollWait(poll), signal);
      }
      current = await get();
      poll = pollOf(current) ?? poll;
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof McpError && error.isCancelled))
      throw taskCancelled(peer.serverName, taskId, error);
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
