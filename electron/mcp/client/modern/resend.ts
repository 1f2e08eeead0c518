import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { offersOurVersion } from './discover';

/** A broken response stream (2026-07-28 HTTP) loses the request: it is sent again this many times. */
const MAX_REISSUES = 2;
/**
 * Requests that only read (and tasks/cancel, harmless twice), sent again freely when their answer is
 * lost. Anything else — a tool call above all, whatever its annotations claim (hints, not trusted
 * for this) — may already have acted: sent again only when the caller's `confirmResend` allows.
 */
const RESENDABLE_METHODS = new Set<string>([
  'server/discover',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'skills/list',
  'tasks/get',
  'tasks/cancel',
  'ping',
]);

/**
 * One modern request on the wire. Refused for a version it then lists as supported: once more,
 * with it. Its response stream broke (no resuming in this era): sent again as a new request, with a
 * new id, as the 2026-07-28 transport requires — at most MAX_REISSUES times, and a request that may
 * have acted only with the caller's consent.
 */
export async function sendWithResend<T>(
  method: string,
  send: () => Promise<T>,
  confirmResend: (() => Promise<boolean>) | undefined,
  peer: { serverName: string; warn: (message: string) => void },
): Promise<T> {
  const mayResend = RESENDABLE_METHODS.has(method) ? async () => true : confirmResend;
  for (let reissued = 0; ; reissued++) {
    try {
      return await send();
    } catch (error) {
      if (offersOurVersion(error)) return send();
      if (!(error instanceof McpError) || error.code !== ErrorCode.ResponseLost) throw error;
      // The listen stream has its own reopening, with backoff (modern/subscriptions.ts).
      if (method === 'subscriptions/listen') throw error;
      if (reissued >= MAX_REISSUES)
        throw new McpError(
          ErrorCode.ResponseLost,
          `${method}: the response stream broke ${reissued + 1} times before the answer; not sent again`,
          { server: peer.serverName, method, cause: error },
        );
      if (!(await mayResend?.()))
        throw new McpError(
          ErrorCode.ResponseLost,
          `${method}: the connection was lost before the answer; it may have run on the server, so it is not sent again`,
          { server: peer.serverName, method, cause: error },
        );
      peer.warn(`${method}: the response stream broke before the answer; sent again as a new request`);
    }
  }
}
