// MCP protocol types for the handshake era (2024-11-05 … 2025-11-25), as the client sees them.
// Type-only: this file must not import or export anything that exists at run time except constants.

export const LATEST_PROTOCOL_VERSION = '2025-11-25';
/** Newest first: the order we prefer them in. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/**
 * The modern revision (no initialize: every request carries its version, capabilities and client
 * info in `_meta`). A server speaks either era; `protocol` in a server's config can force one.
 */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export type Era = 'modern' | 'legacy';
/** The `_meta` keys of the modern revision. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
} as const;

export type RequestId = string | number;
export type Meta = Record<string, unknown>;

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

export interface ClientCapabilities {
  experimental?: Record<string, object>;
  roots?: { listChanged?: boolean };
  sampling?: { tools?: object; context?: object };
  elicitation?: { form?: object; url?: object };
  /** 2026-07-28 extensions by identifier, e.g. io.modelcontextprotocol/tasks. */
  extensions?: Record<string, object>;
}

export interface ServerCapabilities {
  experimental?: Record<string, object>;
  logging?: object;
  completions?: object;
  prompts?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  tools?: { listChanged?: boolean };
  tasks?: object;
  /** Extensions by identifier (SEP-2133), each with its settings inline, e.g. io.modelcontextprotocol/skills. */
  extensions?: Record<string, object>;
}

export interface InitializeResult {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
  _meta?: Meta;
}

// ---- content ----------------------------------------------------------------------------------

type Role = 'user' | 'assistant';

export interface Annotations {
  audience?: Role[];
  priority?: number;
  lastModified?: string;
}

interface TextContent {
  type: 'text';
  text: string;
  annotations?: Annotations;
  _meta?: Meta;
}
interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: Meta;
}
interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: Meta;
}
interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Meta;
}
interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  blob: string;
  _meta?: Meta;
}
export type ResourceContents = TextResourceContents | BlobResourceContents;
interface EmbeddedResource {
  type: 'resource';
  resource: ResourceContents;
  annotations?: Annotations;
  _meta?: Meta;
}
interface ResourceLink extends Resource {
  type: 'resource_link';
}
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

// ---- tools ------------------------------------------------------------------------------------

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: Meta;
}

export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Meta;
}

// ---- resources --------------------------------------------------------------------------------

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Meta;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Meta;
}

export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: Meta;
}

// ---- prompts ----------------------------------------------------------------------------------

interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  _meta?: Meta;
}
interface PromptMessage {
  role: Role;
  content: ContentBlock;
}
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: Meta;
}

// ---- completion -------------------------------------------------------------------------------

export type CompleteReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
export type CompleteParams = {
  ref: CompleteReference;
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
};
export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
  _meta?: Meta;
}

// ---- logging ----------------------------------------------------------------------------------

/** RFC 5424 severities, least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

export interface LoggingMessageParams {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

// ---- progress ---------------------------------------------------------------------------------

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
  /**
   * Not on the wire: the host's own note that the call runs as a task (2025-11-25 tasks), with the
   * task's status; `message` is then the task's statusMessage.
   */
  task?: { taskId: string; status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled' };
}

// ---- roots ------------------------------------------------------------------------------------

export interface Root {
  uri: string;
  name?: string;
  _meta?: Meta;
}

// ---- sampling ---------------------------------------------------------------------------------

interface ToolUseContent {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  _meta?: Meta;
}
interface ToolResultContent {
  type: 'tool_result';
  toolUseId: string;
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Meta;
}
export type SamplingContent = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

export interface SamplingMessage {
  role: Role;
  content: SamplingContent | SamplingContent[];
  _meta?: Meta;
}

export interface ModelPreferences {
  hints?: { name?: string }[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
}

export interface CreateMessageParams {
  messages: SamplingMessage[];
  modelPreferences?: ModelPreferences;
  systemPrompt?: string;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  maxTokens: number;
  stopSequences?: string[];
  metadata?: Record<string, unknown>;
  tools?: Tool[];
  toolChoice?: { mode?: 'auto' | 'required' | 'none' };
  _meta?: Meta;
}

export interface CreateMessageResult {
  role: Role;
  content: SamplingContent | SamplingContent[];
  model: string;
  stopReason?: 'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse' | (string & {});
  _meta?: Meta;
}

// ---- elicitation ------------------------------------------------------------------------------

export interface ElicitFormParams {
  mode?: 'form';
  message: string;
  requestedSchema: JsonSchemaObject;
  _meta?: Meta;
}
export interface ElicitUrlParams {
  mode: 'url';
  message: string;
  url: string;
  elicitationId: string;
  _meta?: Meta;
}
export type ElicitParams = ElicitFormParams | ElicitUrlParams;

export type ElicitValue = string | number | boolean | string[];
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, ElicitValue>;
  _meta?: Meta;
}
