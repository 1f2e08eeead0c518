import type {
  CallToolResult,
  ClientCapabilities,
  CompleteParams,
  CompleteResult,
  GetPromptResult,
  Implementation,
  InitializeResult,
  LoggingLevel,
  Meta,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '../../../shared/mcp/protocol';

type Page = {
  nextCursor?: string;
  _meta?: Meta;
};
type Empty = { _meta?: Meta };
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
  _meta?: Meta;
}
type PageParams = { cursor: string } | undefined;
/** What a subscriptions/listen asks to hear about (2026-07-28 basic/patterns/subscriptions). */
export interface ListenFilter {
  toolsListChanged?: true;
  promptsListChanged?: true;
  resourcesListChanged?: true;
  resourceSubscriptions?: string[];
}

/**
 * Every request the client sends, by method: its params and its result as the spec defines them.
 * `McpClient.request` takes only these methods, so a typo or a wrong params shape does not compile.
 */
interface ClientRequests {
  initialize: {
    params: { protocolVersion: string; capabilities: ClientCapabilities; clientInfo: Implementation };
    result: InitializeResult;
  };
  ping: { params: undefined; result: Empty };
  /** 2026-07-28: the change notifications asked for; answered only when the server ends the stream. */
  'subscriptions/listen': { params: { notifications: ListenFilter }; result: Empty };
  /** 2026-07-28: what the server speaks and offers (its identity in `_meta`). */
  'server/discover': { params: undefined; result: DiscoverResult };
  'tools/list': { params: PageParams; result: Page & { tools: Tool[] } };
  'tools/call': {
    params: { name: string; arguments: Record<string, unknown> };
    result: CallToolResult;
  };
  'resources/list': { params: PageParams; result: Page & { resources: Resource[] } };
  'resources/templates/list': {
    params: PageParams;
    result: Page & { resourceTemplates: ResourceTemplate[] };
  };
  'resources/read': { params: { uri: string }; result: ReadResourceResult };
  'resources/subscribe': { params: { uri: string }; result: Empty };
  'resources/unsubscribe': { params: { uri: string }; result: Empty };
  'prompts/list': { params: PageParams; result: Page & { prompts: Prompt[] } };
  'prompts/get': {
    params: { name: string; arguments: Record<string, string> };
    result: GetPromptResult;
  };
  'completion/complete': { params: CompleteParams; result: CompleteResult };
  'logging/setLevel': { params: { level: LoggingLevel }; result: Empty };
  /** The tasks extension (SEP-2663, 2026-07-28): a task's state (result or error inlined when it ended). */
  'tasks/get': { params: { taskId: string }; result: Record<string, unknown> };
  'tasks/update': { params: { taskId: string; inputResponses: Record<string, unknown> }; result: Empty };
  'tasks/cancel': { params: { taskId: string }; result: Empty };
  /** The Skills extension (SEP-2640): entries as the server sent them, checked in client/skills.ts. */
  'skills/list': { params: PageParams; result: Page & { skills: unknown[] } };
}

export type ClientMethod = keyof ClientRequests;
export type ParamsOf<M extends ClientMethod> = ClientRequests[M]['params'];
export type ResultOf<M extends ClientMethod> = ClientRequests[M]['result'];

/** The paginated lists, and the key each page's items come under. */
export const LIST_KEYS = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
  'skills/list': 'skills',
} as const;
export type ListMethod = keyof typeof LIST_KEYS;
export type ListItem<M extends ListMethod> =
  ResultOf<M> extends Record<(typeof LIST_KEYS)[M], (infer T)[]> ? T : never;
