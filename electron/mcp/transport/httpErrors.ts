import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';

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

/** What went wrong with a fetch, in words a person can act on: DNS, refused, TLS, reset… */
export function describeFetchError(error: unknown, url: URL): string {
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
  if (message === 'bad port') {
    return `port ${url.port} is one the fetch standard blocks (a "bad port", reserved for other protocols); serve MCP on another port`;
  }
  return `request to ${url.origin} failed: ${message}${code ? ` (${code})` : ''}`;
}

/** An McpError for a non-2xx answer, with the status and the start of the body. */
export async function httpStatusError(
  response: Response,
  what: string,
  context: { server: string; method?: string },
): Promise<McpError> {
  let excerpt = '';
  try {
    excerpt = (await response.text()).slice(0, 500).trim();
  } catch {
    // the body is gone: the status says enough
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new McpError(ErrorCode.HttpError, `${what}: ${status}${excerpt ? ` — ${excerpt}` : ''}`, {
    ...context,
    data: { status: response.status, body: excerpt },
  });
}

/** Reads a body as text, refusing more than `maxBytes`. */
export async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const length = Number(response.headers.get('content-length'));
  if (length > maxBytes) {
    await response.body?.cancel();
    throw new Error(`response body of ${length} bytes is over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new Error(`response body is over the ${maxBytes}-byte limit`);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
