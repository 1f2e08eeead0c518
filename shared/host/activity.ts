/**
 * The activity record (issue 34): one entry per decision and outcome — what servers and models did,
 * who allowed it, what came back — appended to a JSON Lines file in the data folder. Each entry
 * carries the hash of the one before it (a chain), so a removed or edited line shows.
 */

/** Who asked for a tool call. */
export type ActivityAsker =
  | { kind: 'model'; conversationId?: string }
  | { kind: 'view'; viewId: string }
  /** The person's own Run in the tool runner (that click is its consent). */
  | { kind: 'hand-run' }
  /** A call made for the person outside a chat (the app on their behalf). */
  | { kind: 'person' };

/**
 * How a call was allowed or refused: the person's answer and its scope, a standing approval, the
 * read-only policy, a hand run, or — refused before anyone was asked — `not-asked` (no such tool,
 * turned off, server not running).
 */
export type ActivityDecision =
  | 'denied'
  | 'once'
  | 'conversation'
  | 'always-tool'
  | 'always-server'
  | 'standing-approval'
  | 'auto-read-only'
  | 'hand-run'
  | 'timed-out'
  | 'cancelled'
  | 'not-asked';

export type ActivityOutcome = 'ok' | 'error' | 'cancelled' | 'refused';

/** The result of a call, as recorded: its digest and size (the whole result only if the setting says so). */
export interface RecordedResult {
  /** sha256 of the result's canonical JSON. */
  sha256: string;
  bytes: number;
  isError: boolean;
  /** The whole result, redacted (only when Settings keep results whole). */
  whole?: unknown;
}

export type ActivityBody =
  | {
      kind: 'tool-call';
      server: string;
      /** The server's identity hash (what trust and approvals are kept by). */
      serverIdentity?: string;
      tool: string;
      /** The arguments as sent (or as asked, when never sent), secrets redacted. */
      arguments: unknown;
      asker: ActivityAsker;
      decision: ActivityDecision;
      outcome: ActivityOutcome;
      /** Why it was refused, cancelled or failed. */
      reason?: string;
      startedAt: number;
      endedAt: number;
      result?: RecordedResult;
    }
  /** The log was rotated: the file before this one, and how many entries it held. */
  | { kind: 'rotated'; from: string; entries: number }
  /** Entries this process could not record (a full disk, an unwritable file), counted once it could again. */
  | { kind: 'not-recorded'; count: number; error: string };

export type ActivityKind = ActivityBody['kind'];

/** Which process wrote an entry: the app (either shell) or the command line (`mcp chat`). */
export type ActivitySource = 'app' | 'cli';

/** One line of the record. `prev` is the hash of the line before (64 zeros for the first). */
export type ActivityEntry = ActivityBody & {
  at: number;
  source: ActivitySource;
  prev: string;
  hash: string;
};

/** Where the chain does not hold, or a line that is not an entry: named by file and line. */
export interface ActivityProblem {
  file: string;
  line: number;
  problem: string;
}

export const GENESIS_HASH = '0'.repeat(64);
