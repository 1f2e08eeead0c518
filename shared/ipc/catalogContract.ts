// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
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
import { jsonObject, serverId, stringArguments, uri } from './argumentSchemas';

const callId = z.string().uuid();
const completeRef = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(1024) }),
  z.object({ type: z.literal('ref/resource'), uri }),
]) satisfies z.ZodType<CompleteReference>;
const completeArgument = z.object({
  name: z.string().min(1).max(1024),
  value: z.string().max(65_536),
}) satisfies z.ZodType<CompleteParams['argument']>;

/** What the running servers offer, together: tools (and the tool runner), resources, prompts. */
export const CATALOG_METHODS = {
  getCatalog: z.tuple([]),
  setToolEnabled: z.tuple([serverId, z.string().min(1).max(256), z.boolean()]),
  /** Sent whole even when the model searches the tools (tool search): the person's "always offer". */
  setToolAlwaysOffer: z.tuple([serverId, z.string().min(1).max(256), z.boolean()]),
  /** Runs a tool by its catalog name (through consent), reporting progress under `callId`. */
  runTool: z.tuple([callId, z.string().min(1).max(256), jsonObject]),
  /** What is wrong with arguments for a tool (by catalog name) against its input schema; [] when nothing. */
  checkToolArguments: z.tuple([z.string().min(1).max(256), jsonObject]),
  cancelToolRun: z.tuple([callId]),
  readResource: z.tuple([serverId, uri]),
  setResourceSubscribed: z.tuple([serverId, uri, z.boolean()]),
  getPrompt: z.tuple([serverId, z.string().min(1).max(1024), stringArguments]),
  complete: z.tuple([serverId, completeRef, completeArgument, stringArguments]),
} as const;

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
  /** The person's "always offer": sent whole when the model searches the other tools. */
  alwaysOffer: boolean;
  /** MCP Apps: the tool's View and who may call it (the model, its View, or both). */
  ui?: ToolUi;
}
/** What the running servers offer, together (each list server by server, in the servers' order). */
export interface CatalogView extends CatalogLists {
  /** Each running server, its mark (see ServerCatalog.version) and its lists not yet listed, in the servers' order. */
  servers: { server: string; version: number; listing?: CatalogListName[] }[];
  /** The catalog's mark when this was made: a later view or change of the same run has a larger one. */
  at: number;
  /** This run of the host: marks are compared only within one run. */
  run: string;
}
export interface CatalogLists {
  tools: ToolView[];
  resources: { server: string; resource: Resource; subscribed: boolean }[];
  templates: { server: string; template: ResourceTemplate }[];
  prompts: { server: string; prompt: Prompt }[];
  /** Skills servers offer (SEP-2640): only what the listing says; nothing of a skill is read until it is loaded. */
  skills: SkillView[];
}
/** A server's list as the catalog asks for it (resources/list brings templates and skills with it). */
type CatalogListName = 'tools' | 'resources' | 'prompts';
/** What one running server offers; `version` grows with every change to it (lists, choices). */
export interface ServerCatalog extends CatalogLists {
  server: string;
  version: number;
  /**
   * Its lists not listed yet in this run (absent: none): an empty list here is not known to be empty,
   * so a card says "listing…" rather than that the server offers nothing.
   */
  listing?: CatalogListName[];
}
/**
 * The catalog changed: every running server in order, and whole only the servers that changed since
 * the last change sent (a server's `list_changed` sends that server, not 1,000 tools).
 */
export interface CatalogChange {
  order: string[];
  changed: ServerCatalog[];
  at: number;
  run: string;
}
interface SkillView {
  server: string;
  /** Its SKILL.md. */
  uri: string;
  name: string;
  description: string;
  files: number;
  bytes: number;
}
/** `durationMs`: the tool's own time, from the call sent to its answer (no consent, no queue). */
export type ToolRunOutcome =
  | { status: 'done'; result: CallToolResult; durationMs?: number }
  | { status: 'refused'; reason: string }
  | { status: 'failed'; error: string; code?: number; durationMs?: number };

export interface CatalogResults {
  getCatalog: CatalogView;
  setToolEnabled: void;
  setToolAlwaysOffer: void;
  runTool: ToolRunOutcome;
  checkToolArguments: string[];
  cancelToolRun: void;
  readResource: ReadResourceResult;
  setResourceSubscribed: void;
  getPrompt: GetPromptResult;
  complete: CompleteResult['completion'];
}

export interface CatalogEvents {
  catalogChanged: CatalogChange;
  toolRunProgress: { callId: string; progress: Progress };
  resourceUpdated: { server: string; uri: string };
}
