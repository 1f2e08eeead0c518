// The MCP client library: knows the spec, not the app. Everything outside electron/mcp imports from here.

export { type EnterpriseIdp, idJagFrom } from './auth/assertionGrant';
export type { AuthBinding, AuthStore, StoredClient, StoredTokens } from './auth/authStore';
export {
  isAuthBinding,
  isStoredClient,
  isStoredTokens,
  MemoryAuthStore,
  tokensKey,
} from './auth/authStore';
export { FileAuthStore } from './auth/fileAuthStore';
export type { AuthChallenge, HttpAuth } from './auth/httpAuth';
export { OAuthAuthorizer } from './auth/oauthAuthorizer';
export type {
  AssertionGrant,
  AssertionTarget,
  ClientCredentials,
  OAuthOptions,
  PreRegisteredClient,
  SignInRequest,
} from './auth/oauthOptions';
export type { ClientHandlers, ServerRequestContext } from './client/handlers';
export type { Health, PingOptions } from './client/healthMonitor';
export { McpClient } from './client/mcpClient';
export { type CallOptions, type McpClientOptions, SWITCHBOARD_CLIENT_INFO } from './client/mcpClientOptions';
export { traceContextFromEnv } from './client/modern/modernMeta';
export { LIST_TIME_LIMIT_MS, MAX_LIST_ITEMS, MAX_LIST_PAGES } from './client/pagination';
export { SchemaValidator } from './client/schemaValidator';
export {
  type LoadedSkill,
  listSkills,
  loadSkill,
  offersSkills,
  SKILLS_EXTENSION,
  type SkillEntry,
} from './client/skills';
export type { TaskState, TaskStatus } from './client/taskState';
export { type Disposable, DisposableStore } from './disposableStore';
export type { Disposer, Listener } from './emitter';
export { Emitter } from './emitter';
export type { ConnectionLog, RequestOptions, WireTrace } from './jsonrpc/connection';
export { ErrorCode } from './jsonrpc/errorCodes';
export { MAX_MESSAGE_DEPTH } from './jsonrpc/parseMessage';
export { McpError } from './mcpError';
export type { HttpTransportKind } from './transport/autoHttpTransport';
export { AutoHttpTransport, createHttpTransport } from './transport/autoHttpTransport';
export { buildChildEnv, INHERITED_ENV_VARS } from './transport/childEnv';
export { type FindProgramOptions, findProgram, searchPathOf } from './transport/findProgram';
export { resolveLoginShellPath } from './transport/loginShellPath';
export { SseTransport } from './transport/sseTransport';
export type { SpawnedLaunch, StdioServerParams, WrappedLaunch } from './transport/stdioTransport';
export { STDERR_CUT, StdioTransport } from './transport/stdioTransport';
export type { HttpServerParams } from './transport/streamableHttpTransport';
export { StreamableHttpTransport } from './transport/streamableHttpTransport';
export type {
  MalformedInput,
  NamedMessage,
  RequestFailure,
  Transport,
  TransportClosed,
  TransportLog,
} from './transport/transport';
export { type HeldLock, withFileLock } from './withFileLock';
