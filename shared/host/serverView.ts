import type { Implementation, LoggingLevel, ServerCapabilities } from '../mcp/protocol';
import type { SandboxRules, SandboxView } from './sandboxRules';

/** What a server is doing, as the UI sees it. One state at a time, each with what a person needs. */
export type ServerState =
  | { status: 'disabled' }
  | { status: 'stopped'; reason?: string }
  /** `lastError`: why the attempt before this one failed (a retry says why it is retrying). */
  | StartingState
  | {
      status: 'running';
      protocolVersion: string;
      serverInfo: Implementation;
      capabilities: ServerCapabilities;
      instructions?: string;
      since: number;
      /** A remote server's icon, fetched by the host from the server's own origin (a data: URL). */
      icon?: string;
      /** Signed in with OAuth (remote servers that asked for it). */
      auth?: SignedIn;
      /** What this run sent that Switchboard could not use, and why: the latest of each kind. */
      problems?: ServerProblem[];
    }
  | { status: 'restarting'; attempt: number; inMs: number; lastError: ServerError }
  | { status: 'error'; error: ServerError };

/**
 * A try under way, with what a person needs while it lasts: since when, what it waits for (with the
 * limit after which it gives up), and the last lines the program wrote — so a silent server is not
 * just "Starting" for a minute.
 */
export interface StartingState {
  status: 'starting';
  attempt: number;
  lastError?: ServerError;
  /** When this try began (epoch ms). */
  since?: number;
  /** The opening request sent and not yet answered: the era probe, then initialize. */
  waiting?: { request: 'server/discover' | 'initialize'; timeoutMs: number; since: number };
  /** This try's last stderr lines so far, redacted. */
  output?: string[];
}

export interface ServerError {
  message: string;
  /** The last lines the server wrote to stderr, redacted. */
  stderrTail: string[];
  at: number;
  /** Starting again would fail the same way (the program is missing): not retried. */
  permanent?: boolean;
  /** The server needs the person to sign in (OAuth): with whom, and the scopes it asks for. */
  signIn?: SignInNeeded;
}

/**
 * Something a running server sent that could not be used — a list that would not read, a message
 * nested too deep, an error its message caused in the host — said on its card, and in its log.
 */
export interface ServerProblem {
  kind: ServerProblemKind;
  message: string;
  at: number;
}
/** Which of a server's doings a problem is about: a later one of the same kind replaces it. */
export type ServerProblemKind =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'log'
  | 'request'
  | 'result'
  | 'fault'
  /** Something it sent broke the protocol and was refused by the client library (the latest said). */
  | 'protocol';

export interface SignInNeeded {
  issuer: string;
  scopes: string[];
  /** A step-up: what the server asked for beyond what was granted. */
  newScopes?: string[];
}

/** A remote server's OAuth sign-in: who issued its token, for what, until when. */
export interface SignedIn {
  issuer: string;
  scope?: string;
  expiresAt?: number;
}

/** One env variable of a launch: its value, or only that it is a stored secret. */
export type LaunchEnv = { name: string; value: string } | { name: string; secret: true };

/** A local server's launch, shown for the trust prompt: everything that decides what runs. */
export interface LaunchSummary {
  command: string;
  args: string[];
  cwd?: string;
  /** Sorted by name; secret values are never here. */
  env: LaunchEnv[];
  /** Confined: the rules it runs under beyond the host's defaults (absent: runs with the person's rights). */
  sandbox?: SandboxRules;
}

export interface ServerView {
  id: string;
  kind: 'stdio' | 'remote';
  /** The command line or URL, for display. */
  target: string;
  state: ServerState;
  /** Set while a local server waits for the person to confirm exactly what will run. */
  trustRequired?: TrustRequest;
  /** Whether every message both ways is written to its log (off unless the person turns it on). */
  wireTrace: boolean;
  /** Set while the managed policy refuses the server: it is not started, whatever else it is. */
  refused?: ServerRefusal;
  /** A local server's sandbox: off, confined (what it may reach, what it tried beyond), or unavailable. */
  sandbox?: SandboxView;
  /**
   * Set while config.json says to run another launch than the one running (an update, an edit) and the
   * running one, trusted before, goes on until the new one replaces it: `target` and `state` are then
   * the running launch's.
   */
  update?: LaunchUpdate;
}

/**
 * A new launch waiting to replace the running one: for the person's trust (its launch is the view's
 * `trustRequired`), starting beside the running one once trusted, or failed to start (the running one
 * goes on; Restart stops it and starts the new launch alone).
 */
export type LaunchUpdate = { target: string } & (
  | { status: 'waits-for-trust' }
  | { status: 'starting'; since: number }
  | { status: 'failed'; error: ServerError }
);

/** config.json cannot be read (not JSON, not a config) or is gone: the servers are as it was last read. */
export interface ConfigProblem {
  /** What is wrong, naming the file. */
  error: string;
  /** Whether it was read before (the servers shown are from then); false: nothing was loaded from it. */
  readBefore: boolean;
  /** The file is not there (it was, earlier): the app's next change writes it anew. */
  gone?: boolean;
}

/** Why the organization's managed policy refuses a server: the rule as the file writes it, and why. */
export interface ServerRefusal {
  rule: string;
  reason: string;
}

/** A launch waiting for the person's trust, and the identity that stands for exactly that launch. */
export interface TrustRequest extends LaunchSummary {
  /** Passed back with the person's yes: the host trusts only this launch, never one edited meanwhile. */
  identity: string;
}

export type LogSource = 'stderr' | 'server' | 'lifecycle' | 'protocol' | 'wire' | 'view';

export interface LogEntry {
  seq: number;
  at: number;
  server: string;
  source: LogSource;
  level: LoggingLevel;
  /** The logger name of a notifications/message. */
  logger?: string;
  text: string;
}

export type RunningState = Extract<ServerState, { status: 'running' }>;

/** Running: what it offers is known, and its operations can be called. */
export const isRunning = (state: ServerState): state is RunningState => state.status === 'running';

/** A process or session exists or is on its way (Stop means something). */
export const isActive = (state: ServerState): boolean =>
  state.status === 'running' || state.status === 'starting' || state.status === 'restarting';
