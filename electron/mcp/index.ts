// The MCP client library: knows the spec, not the app. Everything outside electron/mcp imports from here.

export type { ClientHandlers, ServerRequestContext } from './client/handlers';
export type { Health, PingOptions } from './client/healthMonitor';
export type { CallOptions, McpClientOptions } from './client/mcpClient';
export { McpClient, SWITCHBOARD_CLIENT_INFO } from './client/mcpClient';
export { SchemaValidator } from './client/schemaValidator';
export type { Disposer } from './emitter';
export type { ConnectionLog, RequestOptions, WireTrace } from './jsonrpc/connection';
export { ErrorCode } from './jsonrpc/errorCodes';
export { McpError } from './mcpError';
export { buildChildEnv, INHERITED_ENV_VARS } from './transport/childEnv';
export { resolveLoginShellPath } from './transport/loginShellPath';
export type { StdioServerParams } from './transport/stdioTransport';
export { StdioTransport } from './transport/stdioTransport';
export type { MalformedInput, Transport, TransportClosed, TransportLog } from './transport/transport';
