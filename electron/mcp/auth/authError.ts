import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';

export function authFailed(server: string, message: string, cause?: unknown): McpError {
  return new McpError(ErrorCode.AuthFailed, `Authorization failed: ${message}`, { server, cause });
}

export function signInRequired(server: string, message: string, data?: unknown): McpError {
  return new McpError(ErrorCode.SignInRequired, message, { server, data });
}
