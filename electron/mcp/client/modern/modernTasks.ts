import { fieldOf } from '../../../../shared/fieldOf';
import type { CallToolResult } from '../../../../shared/mcp/protocol';
import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { isToolResult, MAX_POLL_MS, pollFailure, pollWait, sleep, taskCancelled } from '../taskPolling';
import { type TaskState, taskStateOf } from '../taskState';

// 2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663).

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
