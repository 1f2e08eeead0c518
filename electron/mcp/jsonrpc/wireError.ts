import type { RequestId } from '../../../shared/mcp/protocol';
import { McpError } from '../mcpError';
import { ErrorCode } from './errorCodes';
import type { JsonRpcResponse } from './message';

/** An error answer of ours, as it goes on the wire. */
export function errorResponse(id: RequestId | null, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The codes that mean something to the peer; the rest are ours alone (timeouts, closed…). */
const WIRE_CODES = new Set<number>([
  ErrorCode.ParseError,
  ErrorCode.InvalidRequest,
  ErrorCode.MethodNotFound,
  ErrorCode.InvalidParams,
  ErrorCode.InternalError,
  ErrorCode.UserRejected,
  ErrorCode.UrlElicitationRequired,
]);

/** What a handler's failure looks like on the wire: McpErrors keep their wire codes, the rest is -32603. */
export function toWireError(error: unknown): { code: number; message: string; data?: unknown } {
  if (error instanceof McpError && WIRE_CODES.has(error.code)) {
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data };
  }
  return { code: ErrorCode.InternalError, message: error instanceof Error ? error.message : String(error) };
}
