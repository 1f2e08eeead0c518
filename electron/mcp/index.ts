// The MCP client library: knows the spec, not the app. Everything outside electron/mcp imports from here.

export { idJagFrom } from './auth/assertionGrant';
export type { AuthBinding, AuthStore, StoredClient, StoredTokens } from './auth/authStore';
export { isAuthBinding, isStoredClient, isStoredTokens, MemoryAuthStore, tokensKey } from './auth/authStore';
export type { HttpAuth } from './auth/httpAuth';
export { OAuthAuthorizer } from './auth/oauthAuthorizer';
export type {
  ClientCredentials,
  OAuthOptions,
  PreRegisteredClient,
  SignInRequest,
} from './auth/oauthOptions';
export type { ClientHandlers } from './client/handlers';
export type { Health, PingOptions } from './client/healthMonitor';
export { McpClient } from './client/mcpClient';
export type { CallOptions, McpClientOptions } from './client/mcpClientOptions';
export { traceContextFromEnv } from './client/modern/modernMeta';
export { SchemaValidator } from './client/schemaValidator';
export type { OpenedSession, SessionObserver } from './client/sessionObserver';
export { type LoadedSkill, listSkills, loadSkill, offersSkills, type SkillEntry } from './client/skills';
export type { TaskState } from './client/taskState';
export { type Disposable, DisposableStore } from './disposableStore';
export type { Disposer } from './emitter';
export { Emitter } from './emitter';
export type { ConnectionLog, WireTrace } from './jsonrpc/connection';
export { ErrorCode } from './jsonrpc/errorCodes';
export type { RequestOutcome, RequestWatch } from './jsonrpc/requestObserver';
export { McpError } from './mcpError';
export type { HttpTransportKind } from './transport/autoHttpTransport';
export { AutoHttpTransport, createHttpTransport } from './transport/autoHttpTransport';
export { buildChildEnv } from './transport/childEnv';
export { findProgram, searchPathOf } from './transport/findProgram';
export { resolveLoginShellPath } from './transport/loginShellPath';
export type { SpawnedLaunch, StdioServerParams, WrappedLaunch } from './transport/stdioTransport';
export { STDERR_CUT, StdioTransport } from './transport/stdioTransport';
export type { HttpServerParams } from './transport/streamableHttpTransport';
export type { Transport, TransportClosed } from './transport/transport';
