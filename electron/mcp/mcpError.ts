import { ErrorCode } from './jsonrpc/errorCodes';
import type { JsonRpcErrorObject } from './jsonrpc/message';

export interface McpErrorContext {
  /** Which server: its configured name or command, for a person to recognise. */
  server?: string;
  /** Which method was being called. */
  method?: string;
}

/**
 * Every failure the client reports is an McpError: a JSON-RPC error from the server (its code and
 * data kept), or one of our local codes (timeout, closed connection, cancelled, missing capability…).
 */
export class McpError extends Error {
  override readonly name = 'McpError';
  readonly code: number;
  readonly data: unknown;
  readonly server: string | undefined;
  readonly method: string | undefined;
  /** The message alone, without the server and method appended. */
  readonly reason: string;

  constructor(
    code: number,
    message: string,
    options: McpErrorContext & { data?: unknown; cause?: unknown } = {},
  ) {
    const where = [
      options.server && `server "${options.server}"`,
      options.method && `method ${options.method}`,
    ]
      .filter(Boolean)
      .join(', ');
    super(
      where ? `${message} (${where})` : message,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.code = code;
    this.reason = message;
    this.data = options.data;
    this.server = options.server;
    this.method = options.method;
  }

  static fromResponse(error: JsonRpcErrorObject, context: McpErrorContext): McpError {
    return new McpError(error.code, error.message, { ...context, data: error.data });
  }

  get isTimeout(): boolean {
    return this.code === ErrorCode.RequestTimeout;
  }
  get isConnectionClosed(): boolean {
    return this.code === ErrorCode.ConnectionClosed;
  }
  get isCancelled(): boolean {
    return this.code === ErrorCode.RequestCancelled;
  }
}
