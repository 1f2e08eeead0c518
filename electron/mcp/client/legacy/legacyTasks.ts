import type { CallToolResult, ServerCapabilities, Tool } from '../../../../shared/mcp/protocol';
import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { abortable } from '../abortable';
import { isToolResult, pollFailure, pollWait, sleep, taskCancelled } from '../taskPolling';
import { isTerminal, type TaskState, taskStateOf } from '../taskState';

// Task-augmented tool calls, as 2025-11-25 defines them (basic/utilities/tasks, experimental): the
// server answers `tools/call` with a task at once; the client follows its status (`tasks/get` at
// the server's pollInterval, and `notifications/tasks/status` when sent) and takes the result from
// `tasks/result`, which the server holds until the task ends — and over which it sends what it
// needs from the person meanwhile (elicitation, sampling), answered by the usual handlers.
// Cancel is `tasks/cancel`.

/** How long a task may live on the server after it is created (asked; the server decides). */
const TASK_TTL_MS = 60 * 60 * 1000;

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
