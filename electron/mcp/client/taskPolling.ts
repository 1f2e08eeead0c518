import { fieldOf } from '../../../shared/fieldOf';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';

// What following a task to its end needs in either era: pauses between polls, when to give up, and
// the errors that say so.

/** Polling between these bounds, whatever pollInterval says. */
const MIN_POLL_MS = 250;
export const MAX_POLL_MS = 10_000;
const DEFAULT_POLL_MS = 1000;
/** tasks/get failing this many times in a row ends the wait. */
const MAX_POLL_FAILURES = 5;

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (no listener left behind). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
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
export const pollWait = (ms: number | undefined) =>
  Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, ms ?? DEFAULT_POLL_MS));

/** The one error for a task that ended cancelled (by us, or by the server). */
export function taskCancelled(server: string, taskId: string, cause?: unknown): McpError {
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
export function pollFailure(
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
export function isToolResult(value: unknown): value is CallToolResult {
  return Array.isArray(fieldOf(value, 'content'));
}
