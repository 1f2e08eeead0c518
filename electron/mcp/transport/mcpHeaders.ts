import type { JsonRpcMessage } from '../jsonrpc/message';

/** Methods whose `params.name` or `params.uri` travels in `Mcp-Name` (2026-07-28, Standard Request Headers). */
const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  // The tasks extension (SEP-2663) names the task.
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** Visible ASCII and space, with no space at either end: what a header may carry as it is. */
const PLAIN = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
const SENTINEL = /^=\?base64\?.*\?=$/s;

/**
 * A value as a header may carry it (2026-07-28, Value Encoding): as it is when it is plain visible
 * ASCII, else (non-ASCII, control characters, spaces at the ends, or what looks like the sentinel
 * itself) `=?base64?<UTF-8, Base64>?=`.
 */
export function headerValue(value: string | number | boolean): string {
  const text = String(value);
  if (text !== '' && PLAIN.test(text) && !SENTINEL.test(text)) return text;
  return `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** `Mcp-Method`, and `Mcp-Name` where the method names one, for a modern POST. */
export function standardHeaders(message: JsonRpcMessage): Record<string, string> {
  if (!('method' in message)) return {};
  const headers: Record<string, string> = { 'mcp-method': message.method };
  const field = NAMED[message.method];
  const value = field ? (message.params as Record<string, unknown> | undefined)?.[field] : undefined;
  if (typeof value === 'string') headers['mcp-name'] = headerValue(value);
  return headers;
}

/**
 * W3C Trace Context headers (`traceparent`, `tracestate`, `baggage`) for the POST of one request
 * whose `params._meta` carries them: the same context the server reads in `_meta`, so a proxy or
 * gateway in front of it that traces HTTP joins the same trace. Nothing when the request has none.
 */
export function traceHeaders(message: JsonRpcMessage | JsonRpcMessage[]): Record<string, string> | undefined {
  if (Array.isArray(message) || !('method' in message)) return undefined;
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  if (typeof meta?.traceparent !== 'string') return undefined;
  const headers: Record<string, string> = { traceparent: meta.traceparent };
  if (typeof meta.tracestate === 'string') headers.tracestate = meta.tracestate;
  if (typeof meta.baggage === 'string') headers.baggage = meta.baggage;
  return headers;
}
