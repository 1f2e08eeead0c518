import { fieldOf } from '../../../shared/fieldOf';
import type { ServerError, SignInNeeded } from '../../../shared/host/serverView';
import { ErrorCode, McpError } from '../../mcp';
import type { Redactor } from '../logs/redactor';
import { permanentCause } from './permanentFailure';
import { ConfigProblem } from './serverLaunch';

/** What a closed connection's error data may carry: the plain reason and the stderr tail, apart. */
interface ClosedData {
  stderrTail?: string[];
  reason?: string;
  spawnError?: string;
  timeoutMs?: number;
  status?: unknown;
}

/**
 * Why an attempt to start a server failed, for its card: the reason in words a person can act on,
 * the last stderr lines (`output` when the error carries none), redacted; `permanent` when trying
 * again would fail the same way (a config problem, a program that cannot start, an HTTP refusal).
 */
export function startError(error: unknown, output: string[], redactor: Redactor): ServerError {
  const data = error instanceof McpError ? closedData(error.data) : undefined;
  const tail = data?.stderrTail ?? output;
  let message = data?.reason ?? (error instanceof Error ? error.message : String(error));
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout && error.method === 'initialize') {
    const ms = data?.timeoutMs ?? 0;
    const waited = ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
    message =
      `No answer to initialize within ${waited}: the program started but did not speak MCP in time ` +
      '(still downloading a package, waiting for a proxy or for input, or not an MCP server).';
  }
  const signIn = error instanceof McpError ? signInNeeded(error) : undefined;
  const authFailed = error instanceof McpError && error.code === ErrorCode.AuthFailed;
  // The process's own words may say a retry would fail the same way (npm E404, a missing module…).
  const cause = permanentCause(tail);
  if (cause) message = `${cause} (${message.replace(/[.:]\s*$/, '')})`;
  return {
    message: redactor.redact(message),
    stderrTail: tail.map((l) => redactor.redact(l)),
    at: Date.now(),
    ...(error instanceof ConfigProblem ||
    data?.spawnError !== undefined ||
    refusedForGood(data?.status) ||
    cause !== undefined ||
    signIn ||
    authFailed
      ? { permanent: true }
      : {}),
    ...(signIn ? { signIn } : {}),
  };
}

/** A sign-in only the person can give: with whom, and for which scopes. */
function signInNeeded(error: McpError): SignInNeeded | undefined {
  if (error.code !== ErrorCode.SignInRequired) return undefined;
  const issuer = fieldOf(error.data, 'issuer');
  if (typeof issuer !== 'string') return undefined;
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  const newScopes = strings(fieldOf(error.data, 'newScopes'));
  return {
    issuer,
    scopes: strings(fieldOf(error.data, 'scopes')),
    ...(newScopes.length > 0 ? { newScopes } : {}),
  };
}

function closedData(data: unknown): ClosedData | undefined {
  return typeof data === 'object' && data !== null ? (data as ClosedData) : undefined;
}

/** An HTTP answer that retrying will not change (401, 403, 404…; not 408 or 429, which pass). */
function refusedForGood(status: unknown): boolean {
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}
