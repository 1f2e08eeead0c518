// biome-ignore-all lint/suspicious/noConfusingVoidType: HostResults maps methods to what their promises resolve to; void is exactly that.
// The one list of what the renderer may ask of the host, and what the host tells it. Both shells
// (Electron IPC, the browser shell's WebSocket) are built from this file: the argument schemas
// validate every call at the boundary, the result and event types type both ends.
import { z } from 'zod';
import {
  type ChatEvent,
  type Conversation,
  type ConversationSettings,
  type ConversationSummary,
  MAX_MESSAGE_CHARS,
} from '../chat/conversation';
import type { OpenedView } from '../host/appView';
import type { ConsentAnswer, ConsentRequest, ConsentWithdrawn } from '../host/consent';
import {
  type ImportPreview,
  type ImportSelection,
  type ImportSource,
  type ServerDraft,
  serverDraftSchema,
} from '../host/serverDraft';
import type { LogEntry, ServerView } from '../host/serverView';
import type { Settings, SettingsView } from '../host/settings';
import type { ToolUi } from '../mcp/apps';
import type {
  CallToolResult,
  CompleteParams,
  CompleteReference,
  CompleteResult,
  GetPromptResult,
  JsonSchemaObject,
  Progress,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ToolAnnotations,
} from '../mcp/protocol';
import { LOGGING_LEVELS } from '../mcp/protocol';
import { createMessageParams, createMessageResult, elicitResult } from '../mcp/samplingSchemas';

const serverId = z.string().min(1).max(256);
const consentId = z.string().uuid();
const callId = z.string().uuid();
const viewId = z.string().regex(/^[0-9a-f]{24}$/, 'a view id');
const uri = z.string().min(1).max(8192);
const path = z.string().min(1).max(4096);
const providerId = z.string().min(1).max(40);
const settingsSchema = z
  .object({
    anthropic: z
      .object({ baseUrl: z.string().min(1).max(2048), defaultModel: z.string().min(1).max(256).optional() })
      .strict(),
    openai: z
      .array(
        z
          .object({
            id: providerId,
            name: z.string().min(1).max(200),
            baseUrl: z.string().min(1).max(2048),
            defaultModel: z.string().min(1).max(256).optional(),
            images: z.literal(false).optional(),
          })
          .strict(),
      )
      .max(50),
    defaultProvider: providerId,
    oauth: z.object({ clientMetadataUrl: z.string().min(1).max(2048).optional() }).strict(),
    sampling: z
      .object({
        maxTokensCap: z.number().int().min(1).max(1_000_000),
        perServerPerMinute: z.number().int().min(0).max(10_000),
      })
      .strict(),
    elicitation: z.object({ perServerPerMinute: z.number().int().min(0).max(10_000) }).strict(),
    toolTokenBudget: z.number().int().min(100).max(1_000_000).optional(),
  })
  .strict() satisfies z.ZodType<Settings>;
const conversationId = z.string().uuid();
const conversationSettings = z
  .object({
    provider: providerId.optional(),
    model: z.string().min(1).max(256).optional(),
    system: z.string().max(100_000).optional(),
    maxTokens: z.number().int().min(1).max(1_000_000),
    thinkingBudget: z.number().int().min(1024).max(1_000_000).optional(),
    compactBefore: z.string().min(1).max(100).optional(),
    leaveOut: z
      .object({
        servers: z.array(serverId).max(1000),
        tools: z
          .array(z.object({ server: serverId, tool: z.string().min(1).max(1024) }).strict())
          .max(10_000),
      })
      .strict()
      .optional(),
  })
  .strict() satisfies z.ZodType<ConversationSettings>;
const completeRef = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(1024) }),
  z.object({ type: z.literal('ref/resource'), uri }),
]) satisfies z.ZodType<CompleteReference>;
const completeArgument = z.object({
  name: z.string().min(1).max(1024),
  value: z.string().max(65_536),
}) satisfies z.ZodType<CompleteParams['argument']>;
const importSource = z.enum(['claude-desktop', 'cursor', 'vscode']) satisfies z.ZodType<ImportSource>;
const importSelection = z.object({
  servers: z.array(serverId).max(1000),
  inputs: z.record(z.string(), z.record(z.string(), z.string().max(65_536))),
}) satisfies z.ZodType<ImportSelection>;

// Each answer as its own kind and verdict: an approval may carry the person's edits, checked as the
// MCP shapes they are; a refusal carries nothing.
const consentAnswer = z.union([
  z.object({
    kind: z.literal('tool'),
    decision: z.enum(['deny', 'allow-once', 'allow-conversation', 'always-tool', 'always-server']),
  }),
  z.object({ kind: z.literal('sampling'), approve: z.literal(false) }),
  z.object({
    kind: z.literal('sampling'),
    approve: z.literal(true),
    params: createMessageParams.optional(),
    provider: providerId.optional(),
    model: z.string().min(1).max(256).optional(),
  }),
  z.object({ kind: z.literal('sampling-result'), approve: z.literal(false) }),
  z.object({
    kind: z.literal('sampling-result'),
    approve: z.literal(true),
    result: createMessageResult.optional(),
  }),
  z.object({ kind: z.literal('elicitation'), result: elicitResult }),
]) satisfies z.ZodType<ConsentAnswer>;

/** Every method, with the schema of its arguments (a tuple). */
export const HOST_METHODS = {
  listServers: z.tuple([]),
  startServer: z.tuple([serverId]),
  stopServer: z.tuple([serverId]),
  restartServer: z.tuple([serverId]),
  /** Lists a running server's tools, resources and prompts again, past any cached answer. */
  refreshServerLists: z.tuple([serverId]),
  signIn: z.tuple([serverId]),
  signOut: z.tuple([serverId]),
  setServerEnabled: z.tuple([serverId, z.boolean()]),
  trustServer: z.tuple([serverId, z.string().regex(/^[0-9a-f]{64}$/, 'a server identity')]),
  getLogs: z.tuple([serverId.nullable()]),
  setLogLevel: z.tuple([serverId, z.enum(LOGGING_LEVELS)]),
  /** Writes every message to and from the server into its log, or stops. */
  setWireTrace: z.tuple([serverId, z.boolean()]),
  listConsents: z.tuple([]),
  answerConsent: z.tuple([consentId, consentAnswer]),
  // ---- editing servers ----
  getServerDraft: z.tuple([serverId]),
  /** Saves under `id`; with `previousId`, the server is renamed (the old entry removed). */
  saveServer: z.tuple([serverId, serverDraftSchema, serverId.nullable()]),
  removeServer: z.tuple([serverId]),
  previewImport: z.tuple([importSource, path.nullable()]),
  applyImport: z.tuple([z.string().uuid(), importSelection]),
  // ---- tools ----
  getCatalog: z.tuple([]),
  setToolEnabled: z.tuple([serverId, z.string().min(1).max(256), z.boolean()]),
  getApprovals: z.tuple([serverId]),
  setReadOnlyPolicy: z.tuple([serverId, z.boolean()]),
  revokeApprovals: z.tuple([serverId]),
  /** Runs a tool by its catalog name (through consent), reporting progress under `callId`. */
  runTool: z.tuple([callId, z.string().min(1).max(256), z.record(z.string(), z.unknown())]),
  /** What is wrong with arguments for a tool (by catalog name) against its input schema; [] when nothing. */
  checkToolArguments: z.tuple([z.string().min(1).max(256), z.record(z.string(), z.unknown())]),
  cancelToolRun: z.tuple([callId]),
  // ---- resources and prompts ----
  readResource: z.tuple([serverId, uri]),
  setResourceSubscribed: z.tuple([serverId, uri, z.boolean()]),
  getPrompt: z.tuple([serverId, z.string().min(1).max(1024), z.record(z.string(), z.string().max(65_536))]),
  complete: z.tuple([serverId, completeRef, completeArgument, z.record(z.string(), z.string().max(65_536))]),
  // ---- roots ----
  getRoots: z.tuple([]),
  addRoot: z.tuple([path, serverId.nullable()]),
  removeRoot: z.tuple([path, serverId.nullable()]),
  /** The server follows the global list again. */
  useGlobalRoots: z.tuple([serverId]),
  /** The native folder dialog (Electron); the browser shell has none and says so. */
  pickRootDirectory: z.tuple([serverId.nullable()]),
  /** The in-app folder browser (browser shell only): the sub-folders of a folder (null: home). */
  listDirectory: z.tuple([path.nullable()]),
  secretStorage: z.tuple([]),
  // ---- settings ----
  getSettings: z.tuple([]),
  saveSettings: z.tuple([settingsSchema]),
  /**
   * Write-only: a provider's key goes into the SecretStore, bound to that provider and its base
   * URL's origin, and never comes back (null removes it).
   */
  setApiKey: z.tuple([providerId, z.string().min(1).max(1024).nullable()]),
  /** A provider's models (from its API, kept a while). */
  listModels: z.tuple([providerId]),
  // ---- chat ----
  listConversations: z.tuple([]),
  getConversation: z.tuple([conversationId]),
  createConversation: z.tuple([conversationSettings.partial()]),
  renameConversation: z.tuple([conversationId, z.string().min(1).max(200)]),
  deleteConversation: z.tuple([conversationId]),
  /** Every conversation's unsent draft, kept across reloads and launches. */
  listDrafts: z.tuple([]),
  /** What the person is writing in a conversation (blank: none). */
  saveDraft: z.tuple([conversationId, z.string().max(MAX_MESSAGE_CHARS)]),
  setConversationSettings: z.tuple([conversationId, conversationSettings]),
  searchConversations: z.tuple([z.string().max(500)]),
  exportConversation: z.tuple([conversationId, z.enum(['markdown', 'json'])]),
  /** Saves the message (with resources attached by reference) and starts the reply. */
  sendMessage: z.tuple([
    conversationId,
    z.string().max(MAX_MESSAGE_CHARS),
    /** `skill: true`: the SKILL.md of a skill to load (verified) into the message. */
    z.array(z.object({ server: serverId, uri, skill: z.literal(true).optional() }).strict()).max(20),
  ]),
  /** A server's prompt, its messages added to the conversation (then answered if it ends with the person). */
  sendPrompt: z.tuple([
    conversationId,
    serverId,
    z.string().min(1).max(1024),
    z.record(z.string(), z.string().max(65_536)),
    /** The person's own words, sent with the prompt's messages ('' for none). */
    z.string().max(1_000_000),
  ]),
  stopReply: z.tuple([conversationId]),
  /** Cancels one running tool call of a reply (on its server); the model is told. */
  cancelToolCall: z.tuple([conversationId, z.string().min(1).max(256)]),
  /** Answers again: after an error, or a new version of the last reply. */
  retryReply: z.tuple([conversationId]),
  /** Old tool results are sent as a line saying so from now on (the conversation keeps them); then the reply is asked again. */
  leaveOutOldToolResults: z.tuple([conversationId]),
  /** The model summarises the conversation; a new one with its settings starts with the summary. */
  continueWithSummary: z.tuple([conversationId]),
  editAndResend: z.tuple([
    conversationId,
    z.string().min(1).max(100),
    z.string().min(1).max(MAX_MESSAGE_CHARS),
  ]),
  // ---- views (MCP Apps): each call names the View the host opened; the host attributes by it ----
  /** Opens the View of a tool call the conversation keeps (by its tool use id). */
  loadView: z.tuple([conversationId, z.string().min(1).max(256)]),
  viewCallTool: z.tuple([viewId, z.string().min(1).max(256), z.record(z.string(), z.unknown())]),
  viewReadResource: z.tuple([viewId, uri]),
  viewLog: z.tuple([viewId, z.enum(LOGGING_LEVELS), z.string().max(100_000)]),
  /** What the View wants the model to know: sent with the person's next message. */
  viewUpdateContext: z.tuple([
    viewId,
    z.array(z.object({ type: z.string().max(64), text: z.string().max(100_000).optional() })).max(100),
    z.record(z.string(), z.unknown()).nullable(),
  ]),
  closeView: z.tuple([viewId]),
} as const;

export type HostMethod = keyof typeof HOST_METHODS;

export interface ToolView {
  /** The catalog name (what a model sees and runTool takes). */
  name: string;
  server: string;
  tool: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  /** The server's claims about the tool: hints, never trusted. */
  annotations?: ToolAnnotations;
  enabled: boolean;
  /** MCP Apps: the tool's View and who may call it (the model, its View, or both). */
  ui?: ToolUi;
}
export interface CatalogView {
  tools: ToolView[];
  resources: { server: string; resource: Resource; subscribed: boolean }[];
  templates: { server: string; template: ResourceTemplate }[];
  prompts: { server: string; prompt: Prompt }[];
  /** Skills servers offer (SEP-2640): only what the listing says; nothing of a skill is read until it is loaded. */
  skills: SkillView[];
}
export interface SkillView {
  server: string;
  /** Its SKILL.md. */
  uri: string;
  name: string;
  description: string;
  files: number;
  bytes: number;
}
export interface RootsView {
  global: string[];
  servers: Record<string, string[]>;
  /** Whether this shell has a native folder dialog (else the in-app browser is used). */
  nativePicker: boolean;
}
export interface ApprovalsView {
  /** Tools whose server marks them read-only run without asking. */
  readOnlyAuto: boolean;
  /** Tools approved always, by tool name. */
  alwaysTools: string[];
  /** Tools approved for this server as a whole. */
  serverTools: string[];
}
export type ToolRunOutcome =
  | { status: 'done'; result: CallToolResult }
  | { status: 'refused'; reason: string }
  | { status: 'failed'; error: string; code?: number };
export interface DirectoryListing {
  path: string;
  parent: string | null;
  directories: string[];
  /** More sub-folders than were listed. */
  truncated: boolean;
}
export type ImportPreviewView = ImportPreview & { planId: string };

/** What each method resolves to. */
export interface HostResults {
  listServers: ServerView[];
  startServer: void;
  stopServer: void;
  restartServer: void;
  refreshServerLists: void;
  /** Resolves when the server runs signed in, or the sign-in failed (the server's card says why). */
  signIn: void;
  signOut: void;
  setServerEnabled: void;
  trustServer: void;
  getLogs: LogEntry[];
  setLogLevel: void;
  setWireTrace: void;
  listConsents: ConsentRequest[];
  answerConsent: void;
  getServerDraft: ServerDraft;
  saveServer: void;
  removeServer: void;
  previewImport: ImportPreviewView;
  applyImport: void;
  getCatalog: CatalogView;
  setToolEnabled: void;
  getApprovals: ApprovalsView;
  setReadOnlyPolicy: void;
  revokeApprovals: void;
  runTool: ToolRunOutcome;
  checkToolArguments: string[];
  cancelToolRun: void;
  readResource: ReadResourceResult;
  setResourceSubscribed: void;
  getPrompt: GetPromptResult;
  complete: CompleteResult['completion'];
  getRoots: RootsView;
  addRoot: string;
  removeRoot: void;
  useGlobalRoots: void;
  /** The folder added, or null when the person cancelled the dialog. */
  pickRootDirectory: string | null;
  listDirectory: DirectoryListing;
  /** Whether secrets are encrypted at rest (the UI warns when they are not). */
  secretStorage: { encrypted: boolean };
  getSettings: SettingsView;
  saveSettings: void;
  setApiKey: void;
  listModels: { models: string[]; source: 'api' | 'fallback'; error?: string };
  listConversations: ConversationSummary[];
  getConversation: ConversationView;
  createConversation: ConversationView;
  renameConversation: void;
  deleteConversation: void;
  listDrafts: Record<string, string>;
  saveDraft: void;
  setConversationSettings: void;
  searchConversations: (ConversationSummary & { snippet: string })[];
  exportConversation: string;
  sendMessage: void;
  sendPrompt: void;
  stopReply: void;
  cancelToolCall: void;
  retryReply: void;
  leaveOutOldToolResults: void;
  continueWithSummary: ConversationView;
  editAndResend: void;
  loadView: OpenedView;
  viewCallTool: CallToolResult;
  viewReadResource: ReadResourceResult;
  viewLog: void;
  viewUpdateContext: void;
  closeView: void;
}

/** A conversation, and whether a reply is being written now. */
export type ConversationView = Conversation & { replying: boolean };

export type HostApi = {
  [M in HostMethod]: (...args: z.infer<(typeof HOST_METHODS)[M]>) => Promise<HostResults[M]>;
};

/** What the host pushes to the renderer. */
export interface HostEvents {
  serversChanged: ServerView[];
  /** New log entries, in order (gathered for a few milliseconds: a flood is a few frames, not 100k). */
  logEntries: LogEntry[];
  /** Entries not sent live because the page fell behind (a flood): the log files have them. */
  logsDropped: { count: number };
  consentsChanged: ConsentRequest[];
  /** A dialog closed without an answer, and why (the server withdrew or stopped, the deadline passed). */
  consentWithdrawn: ConsentWithdrawn;
  catalogChanged: CatalogView;
  rootsChanged: RootsView;
  toolRunProgress: { callId: string; progress: Progress };
  resourceUpdated: { server: string; uri: string };
  /** A URL elicitation the server reported complete (notifications/elicitation/complete). */
  elicitationComplete: { server: string; elicitationId: string };
  /** Open this authorization page: the person asked to sign in to the server (its card showed with whom). */
  openSignIn: { server: string; url: string; issuer: string };
  chat: ChatEvent;
  conversationsChanged: ConversationSummary[];
}
export type HostEventName = keyof HostEvents;
export const HOST_EVENTS: readonly HostEventName[] = [
  'serversChanged',
  'logEntries',
  'logsDropped',
  'consentsChanged',
  'consentWithdrawn',
  'catalogChanged',
  'rootsChanged',
  'toolRunProgress',
  'resourceUpdated',
  'elicitationComplete',
  'openSignIn',
  'chat',
  'conversationsChanged',
];
export type HostEvent = { [E in HostEventName]: { event: E; payload: HostEvents[E] } }[HostEventName];

/** Checks a call's name and arguments; the message says what was wrong. */
export function parseCall(
  method: unknown,
  args: unknown,
): { ok: true; method: HostMethod; args: unknown[] } | { ok: false; error: string } {
  if (typeof method !== 'string' || !Object.hasOwn(HOST_METHODS, method)) {
    return { ok: false, error: `unknown method ${JSON.stringify(method)}` };
  }
  const schema = HOST_METHODS[method as HostMethod];
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    parsed = schema.safeParse(args);
  } catch (error) {
    return { ok: false, error: `${method}: arguments could not be checked: ${(error as Error).message}` };
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const shown = issue && shownIssue(issue);
    return {
      ok: false,
      error: `${method}: bad arguments${shown ? ` at ${shown.path.join('.') || '(all)'}: ${shown.message}` : ''}`,
    };
  }
  return { ok: true, method: method as HostMethod, args: parsed.data as unknown[] };
}

/**
 * The issue worth showing. A union reports only "Invalid input"; when just one of its options has the
 * value's shape — its type and its literal fields (kind, approve) match, so it fails deeper — that
 * option's own issue says what is wrong.
 */
function shownIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union') {
    const near = issue.errors.filter((option) => !option.some(missesShape));
    const inner = near.length === 1 ? near[0]?.[0] : undefined;
    if (inner) {
      const shown = shownIssue(inner);
      return { path: [...issue.path, ...shown.path], message: shown.message };
    }
  }
  return { path: issue.path, message: issue.message };
}

function missesShape(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'invalid_type') return issue.path.length === 0;
  return issue.code === 'invalid_value' && issue.path.length === 1 && issue.values.length === 1;
}
