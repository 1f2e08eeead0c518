import type { RequestId } from '../../../shared/mcp/protocol';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { parseMessage } from '../jsonrpc/parseMessage';
import { McpError } from '../mcpError';
import { type HttpResponse, HttpTimeoutError } from './httpClient';

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** What went wrong with an HTTP request, in words a person can act on: DNS, refused, TLS, reset… */
export function describeRequestError(error: unknown, url: URL): string {
  if (error instanceof HttpTimeoutError) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const host = url.host;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `DNS lookup failed for ${url.hostname} (${code})`;
  if (code === 'ECONNREFUSED') return `connection refused by ${host}: is the server running?`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `connection to ${host} was reset (${code})`;
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `connecting to ${host} timed out`;
  if (code && (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL'))) {
    return `TLS error talking to ${host}: ${cause?.message ?? code} (${code})`;
  }
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `request to ${url.origin} failed: ${message}${code ? ` (${code})` : ''}`;
}

/** An McpError for a non-2xx answer, with the status and the start of the body. */
export async function httpStatusError(
  response: HttpResponse,
  what: string,
  context: { server: string; method?: string },
): Promise<McpError> {
  return statusError(response, await response.text(64 * 1024).catch(() => ''), what, context);
}

function statusError(
  response: HttpResponse,
  body: string,
  what: string,
  context: { server: string; method?: string },
): McpError {
  const excerpt = body.slice(0, 500).trim();
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new McpError(ErrorCode.HttpError, `${what}: ${status}${excerpt ? ` — ${excerpt}` : ''}`, {
    ...context,
    data: { status: response.status, body: excerpt },
  });
}

/** What a server says of a session it does not know: "No valid session ID provided", "Session not found"… */
const SESSION_GONE =
  /session.{0,40}\b(?:no valid|invalid|unknown|not found|expired|terminated|missing|required)\b|\b(?:no valid|invalid|unknown|missing)\b.{0,40}session/i;

/**
 * The error for a 404 or a 400 to a request sent with session `session`. The spec has a server end
 * a session with 404; the official SDK's servers (server-everything among them) answer a session
 * they do not know — after a restart above all — with 400 "No valid session ID provided". Either is
 * SessionExpired (the client initializes once more and retries once); any other 400 is the HTTP
 * error it always was. Reads the body (64 KiB at most).
 */
export async function sessionError(
  response: HttpResponse,
  session: string,
  what: string,
  context: { server: string; method?: string },
): Promise<McpError> {
  const body = await response.text(64 * 1024).catch(() => '');
  if (response.status !== 404 && !SESSION_GONE.test(body)) return statusError(response, body, what, context);
  const said = response.status === 404 ? '' : `: ${body.slice(0, 200).trim()}`;
  return new McpError(
    ErrorCode.SessionExpired,
    `The server no longer knows session ${session} (HTTP ${response.status}${said})`,
    { ...context, data: { status: response.status } },
  );
}

/** What the body of a refused modern request said: its JSON-RPC error, else the HTTP status. */
export async function jsonRpcRefusal(
  response: HttpResponse,
  id: RequestId,
  label: string,
): Promise<McpError> {
  const text = await response.text(64 * 1024).catch(() => '');
  // Refused like any message when too deep: its error's data reaches the host.
  const parsed = parseMessage(text);
  const body = parsed.ok ? parsed.value : undefined;
  const error = (body as { error?: unknown; id?: unknown } | undefined)?.error as
    | { code?: unknown; message?: unknown; data?: unknown }
    | undefined;
  const answerId = (body as { id?: unknown } | undefined)?.id;
  if (
    typeof error?.code === 'number' &&
    Number.isInteger(error.code) &&
    typeof error.message === 'string' &&
    (answerId === id || answerId === null)
  ) {
    return new McpError(error.code, error.message, {
      server: label,
      data: error.data === undefined ? { status: response.status } : error.data,
    });
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const excerpt = text.slice(0, 500).trim();
  return new McpError(ErrorCode.HttpError, `POST: ${status}${excerpt ? ` — ${excerpt}` : ''}`, {
    server: label,
    data: { status: response.status, body: excerpt },
  });
}
