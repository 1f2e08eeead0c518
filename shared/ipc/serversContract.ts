// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import type { ConfigProblem, LogEntry, ServerView } from '../host/serverView';
import { LOGGING_LEVELS } from '../mcp/protocol';
import { serverId } from './argumentSchemas';

const identity = z.string().regex(/^[0-9a-f]{64}$/, 'a server identity');

/** The servers: each one's lifecycle, trust, sign-in and log. */
export const SERVERS_METHODS = {
  listServers: z.tuple([]),
  /** Why config.json cannot be read now, if it cannot. */
  getConfigProblem: z.tuple([]),
  startServer: z.tuple([serverId]),
  stopServer: z.tuple([serverId]),
  restartServer: z.tuple([serverId]),
  /** Lists a running server's tools, resources and prompts again, past any cached answer. */
  refreshServerLists: z.tuple([serverId]),
  signIn: z.tuple([serverId]),
  signOut: z.tuple([serverId]),
  setServerEnabled: z.tuple([serverId, z.boolean()]),
  /** A local server run sandboxed, or not: saved in config.json, then trusted again as any change. */
  setServerSandbox: z.tuple([serverId, z.boolean()]),
  /** Allow for this server: the rule that lets it do what its sandbox denied (by the denial's id). */
  allowSandboxDenial: z.tuple([serverId, z.string().min(1).max(5000)]),
  trustServer: z.tuple([serverId, identity]),
  /** Many servers' launches, reviewed in one list (an import, a config written by hand): trusted together. */
  trustServers: z.tuple([
    z
      .array(z.object({ id: serverId, identity }).strict())
      .min(1)
      .max(1000),
  ]),
  getLogs: z.tuple([serverId.nullable()]),
  setLogLevel: z.tuple([serverId, z.enum(LOGGING_LEVELS)]),
  /** Writes every message to and from the server into its log, or stops. */
  setWireTrace: z.tuple([serverId, z.boolean()]),
} as const;

export interface ServersResults {
  listServers: ServerView[];
  getConfigProblem: ConfigProblem | null;
  startServer: void;
  stopServer: void;
  restartServer: void;
  refreshServerLists: void;
  /** Resolves when the server runs signed in, or the sign-in failed (the server's card says why). */
  signIn: void;
  signOut: void;
  setServerEnabled: void;
  setServerSandbox: void;
  allowSandboxDenial: void;
  trustServer: void;
  /** The servers trusted (and started); one already trusted counts. */
  trustServers: { trusted: string[] };
  getLogs: LogEntry[];
  setLogLevel: void;
  setWireTrace: void;
}

export interface ServersEvents {
  serversChanged: ServerView[];
  /** config.json cannot be read (or can again: null). */
  configProblem: ConfigProblem | null;
  /** New log entries, in order (gathered for a few milliseconds: a flood is a few frames, not 100k). */
  logEntries: LogEntry[];
  /** Entries not sent live because the page fell behind (a flood): the log files have them. */
  logsDropped: { count: number };
  /** Open this authorization page: the person asked to sign in to the server (its card showed with whom). */
  openSignIn: { server: string; url: string; issuer: string };
}
