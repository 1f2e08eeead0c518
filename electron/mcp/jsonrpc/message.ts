import type { RequestId } from '../../../shared/mcp/protocol';

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}
interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Record<string, unknown>;
}
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: JsonRpcErrorObject;
}
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** What an incoming value turned out to be. `invalid` carries the id when one could be read. */
export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | { kind: 'invalid'; id: RequestId | null; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isId = (v: unknown): v is RequestId =>
  typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

type Checked<T> = Record<string, unknown> & T;

// What each kind must hold, checked field by field: the narrowing is only as good as these checks.
const isParams = (v: unknown) => v === undefined || isObject(v);
const isNotification = (v: Record<string, unknown>): v is Checked<JsonRpcNotification> =>
  v.jsonrpc === '2.0' && typeof v.method === 'string' && isParams(v.params);
const isRequest = (v: Record<string, unknown>): v is Checked<JsonRpcRequest> =>
  isNotification(v) && isId(v.id);
const isErrorObject = (e: unknown): e is JsonRpcErrorObject =>
  isObject(e) && Number.isInteger(e.code) && typeof e.message === 'string';
const isError = (v: Record<string, unknown>): v is Checked<JsonRpcErrorResponse> =>
  v.jsonrpc === '2.0' && (v.id === null || isId(v.id)) && isErrorObject(v.error);
const isResult = (v: Record<string, unknown>): v is Checked<JsonRpcResultResponse> =>
  v.jsonrpc === '2.0' && isId(v.id) && isObject(v.result);

/** Classifies one parsed JSON value (not a batch) by the JSON-RPC 2.0 rules, as MCP narrows them. */
export function classify(value: unknown): Classified {
  if (!isObject(value)) return { kind: 'invalid', id: null, reason: 'message is not a JSON object' };
  const id = isId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  if ('params' in value && value.params !== undefined && !isObject(value.params)) {
    return { kind: 'invalid', id, reason: 'params must be an object' };
  }
  if ('method' in value) {
    if (typeof value.method !== 'string') return { kind: 'invalid', id, reason: 'method must be a string' };
    if (!('id' in value) && isNotification(value)) return { kind: 'notification', message: value };
    if (isRequest(value)) return { kind: 'request', message: value };
    return { kind: 'invalid', id: null, reason: 'request id must be a string or an integer' };
  }
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult === hasError) {
    return { kind: 'invalid', id, reason: 'a response carries exactly one of result and error' };
  }
  if (hasError) {
    if (!isErrorObject(value.error)) {
      return { kind: 'invalid', id, reason: 'error must have an integer code and a string message' };
    }
    if (isError(value)) return { kind: 'response', message: value };
    return { kind: 'invalid', id: null, reason: 'bad response id' };
  }
  if (id === null) return { kind: 'invalid', id: null, reason: 'response id must be a string or an integer' };
  if (isResult(value)) return { kind: 'response', message: value };
  return { kind: 'invalid', id, reason: 'result must be an object' };
}

export const isErrorResponse = (r: JsonRpcResponse): r is JsonRpcErrorResponse => 'error' in r;

/** One of our own outgoing messages that expects an answer. */
export const isRequestMessage = (m: JsonRpcMessage): m is JsonRpcRequest => 'method' in m && 'id' in m;
