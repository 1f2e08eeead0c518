// biome-ignore-all lint/suspicious/noConfusingVoidType: HostResults maps methods to what their promises resolve to; void is exactly that.
// The one list of what the renderer may ask of the host, and what the host tells it. Both shells
// (Electron IPC, the browser shell's WebSocket) are built from this file: the argument schemas
// validate every call at the boundary, the result and event types type both ends.
import { z } from 'zod';
import type { ConsentAnswer, ConsentRequest } from '../host/consent';
import type { LogEntry, ServerView } from '../host/serverView';
import { LOGGING_LEVELS } from '../mcp/protocol';

const serverId = z.string().min(1).max(256);
const consentId = z.string().uuid();

const consentAnswer: z.ZodType<ConsentAnswer> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool'),
    decision: z.enum(['deny', 'allow-once', 'allow-conversation', 'always-tool', 'always-server']),
  }),
  // Edits only count with approve: true (the broker ignores them otherwise).
  z.object({
    kind: z.literal('sampling'),
    approve: z.boolean(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    kind: z.literal('sampling-result'),
    approve: z.boolean(),
    result: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    kind: z.literal('elicitation'),
    result: z.object({
      action: z.enum(['accept', 'decline', 'cancel']),
      content: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
        .optional(),
    }),
  }),
]) as unknown as z.ZodType<ConsentAnswer>;

/** Every method, with the schema of its arguments (a tuple). */
export const HOST_METHODS = {
  listServers: z.tuple([]),
  startServer: z.tuple([serverId]),
  stopServer: z.tuple([serverId]),
  restartServer: z.tuple([serverId]),
  setServerEnabled: z.tuple([serverId, z.boolean()]),
  trustServer: z.tuple([serverId]),
  getLogs: z.tuple([serverId.nullable()]),
  setLogLevel: z.tuple([serverId, z.enum(LOGGING_LEVELS)]),
  listConsents: z.tuple([]),
  answerConsent: z.tuple([consentId, consentAnswer]),
  listTools: z.tuple([]),
  setToolEnabled: z.tuple([serverId, z.string().min(1).max(256), z.boolean()]),
  getRoots: z.tuple([]),
  addRoot: z.tuple([z.string().min(1).max(4096), serverId.nullable()]),
  removeRoot: z.tuple([z.string().min(1).max(4096), serverId.nullable()]),
  secretStorage: z.tuple([]),
  /** The native folder dialog (Electron); the browser shell has none and says so. */
  pickRootDirectory: z.tuple([serverId.nullable()]),
} as const;

export type HostMethod = keyof typeof HOST_METHODS;

export interface ToolView {
  name: string;
  server: string;
  tool: string;
  title?: string;
  description?: string;
  enabled: boolean;
}
export interface RootsView {
  global: string[];
  servers: Record<string, string[]>;
}

/** What each method resolves to. */
export interface HostResults {
  listServers: ServerView[];
  startServer: void;
  stopServer: void;
  restartServer: void;
  setServerEnabled: void;
  trustServer: void;
  getLogs: LogEntry[];
  setLogLevel: void;
  listConsents: ConsentRequest[];
  answerConsent: void;
  listTools: ToolView[];
  setToolEnabled: void;
  getRoots: RootsView;
  addRoot: string;
  removeRoot: void;
  /** Whether secrets are encrypted at rest (the UI warns when they are not). */
  secretStorage: { encrypted: boolean };
  /** The folder added, or null when the person cancelled the dialog. */
  pickRootDirectory: string | null;
}

export type HostApi = {
  [M in HostMethod]: (...args: z.infer<(typeof HOST_METHODS)[M]>) => Promise<HostResults[M]>;
};

/** What the host pushes to the renderer. */
export interface HostEvents {
  serversChanged: ServerView[];
  logEntry: LogEntry;
  consentsChanged: ConsentRequest[];
  toolsChanged: ToolView[];
}
export type HostEventName = keyof HostEvents;
export const HOST_EVENTS: readonly HostEventName[] = [
  'serversChanged',
  'logEntry',
  'consentsChanged',
  'toolsChanged',
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
    return {
      ok: false,
      error: `${method}: bad arguments${issue ? ` at ${issue.path.join('.') || '(all)'}: ${issue.message}` : ''}`,
    };
  }
  return { ok: true, method: method as HostMethod, args: parsed.data as unknown[] };
}
