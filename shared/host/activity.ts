/**
 * The activity record (issue 34): one entry per decision and outcome — what servers and models did,
 * who allowed it, what came back — appended to a JSON Lines file in the data folder. Each entry
 * carries the hash of the one before it (a chain), so a removed or edited line shows.
 */

/** Who asked for a tool call. */
export type ActivityAsker =
  | { kind: 'model'; conversationId?: string; toolUseId?: string }
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
  /** A rule of the process allowed it without asking (mcp chat's --allow). */
  | 'policy'
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

/** How something that took a while ended: the outcome, why (refused, cancelled, failed), and when. */
interface Ended {
  outcome: ActivityOutcome;
  reason?: string;
  startedAt: number;
  endedAt: number;
}

export type ActivityBody =
  | ({
      kind: 'tool-call';
      server: string;
      /** The server's identity hash (what trust and approvals are kept by). */
      serverIdentity?: string;
      tool: string;
      /** The arguments as sent (or as asked, when never sent), secrets redacted. */
      arguments: unknown;
      asker: ActivityAsker;
      decision: ActivityDecision;
      result?: RecordedResult;
    } & Ended)
  /**
   * A server's sampling request: what the model was sent (after the person's edits; as asked when it
   * never went), which model answered, how the person decided. Secrets redacted; the answer's digest.
   */
  | ({
      kind: 'sampling';
      server: string;
      serverIdentity?: string;
      request: { messages: unknown; systemPrompt?: string; maxTokens: number };
      /** The person changed the request, or the model's answer, before it went on. */
      edited: { request: boolean; result: boolean };
      model?: string;
      /** What the answer cost, as the model API counted it. */
      tokens?: { input: number; output: number };
      decision: SamplingDecision;
      result?: RecordedResult;
    } & Ended)
  /** A server asked the person something: the form's fields (never what was typed) or the page to open. */
  | ({
      kind: 'elicitation';
      server: string;
      serverIdentity?: string;
      mode: 'form' | 'url';
      message: string;
      fields?: string[];
      url?: string;
      /** The person's answer; for a page to open, `accept` is that it was opened. */
      action: 'accept' | 'decline' | 'cancel';
    } & Ended)
  /** The folders a server was shown when it asked (roots/list). */
  | { kind: 'roots-listed'; server: string; serverIdentity?: string; roots: string[] }
  /** The person changed the folders servers may see: every server's, or some servers' own. */
  | { kind: 'roots-changed'; servers: string[] | 'all'; roots: Record<string, string[]> }
  /** The person trusted a local server's launch, or refused to. */
  | { kind: 'trust'; server: string; serverIdentity: string; given: boolean; launch: string }
  /**
   * A server switched to its newly trusted launch while its previous one ran: the new one started
   * beside it and took its place (`beside`), or started once the previous one stopped (`alone`: Restart
   * after it failed beside it, or nothing ran); `error`: it did not run (beside: the previous one runs on).
   */
  | {
      kind: 'switch';
      server: string;
      /** The new launch's identity; `from`, the one it replaced. */
      serverIdentity: string;
      from: string;
      how: 'beside' | 'alone';
      outcome: 'ok' | 'error';
      reason?: string;
      /** The new launch, in one line (secrets redacted). */
      launch: string;
    }
  /** A standing approval given (a consent's "always"/"in this conversation") or taken back. */
  | {
      kind: 'approval';
      server: string;
      serverIdentity: string;
      change: 'granted' | 'revoked' | 'read-only-on' | 'read-only-off';
      scope?: 'tool' | 'server' | 'conversation';
      tool?: string;
      conversationId?: string;
    }
  /** A server added, changed, removed, enabled or disabled — and where from. */
  | {
      kind: 'server';
      server: string;
      change: 'added' | 'changed' | 'removed' | 'enabled' | 'disabled';
      via: ServerChangeVia;
      /** What it runs or where it is (secrets redacted). */
      target?: string;
      /** The registry entry or bundle it came from (name and version), and a bundle's signature. */
      detail?: string;
    }
  /** The managed policy refused a server: when, by which rule (as the file writes it), and why. */
  | {
      kind: 'policy-refusal';
      server: string;
      when: PolicyMoment;
      rule: string;
      reason: string;
      /** What it runs or where it is (secrets redacted). */
      target?: string;
    }
  /**
   * The sandbox denied a confined server something: the first of each kind while the app runs
   * (repeats are counted on its card, not recorded one by one).
   */
  | {
      kind: 'sandbox-denied';
      server: string;
      access: 'read' | 'write' | 'network';
      /** The path (home written `~`) or `host:port`. */
      target: string;
    }
  /** Signed in to or out of a remote server (never a token). */
  | {
      kind: 'sign-in';
      server: string;
      change: 'signed-in' | 'signed-out';
      outcome: ActivityOutcome;
      reason?: string;
    }
  /** A file the person sent in a message: its name, size, type and digest — never its bytes. */
  | {
      kind: 'attachment';
      conversationId: string;
      name: string;
      size: number;
      mediaType: string;
      sha256: string;
    }
  /** A model provider's API key stored or removed (never its value). */
  | { kind: 'key'; provider: string; change: 'stored' | 'removed' }
  /**
   * Older files of the record removed by Settings' retention (days, size), oldest first, written before
   * they go; `endedWith`: the hash each one's last entry had, which the first file kept starts from.
   */
  | {
      kind: 'retention';
      removed: string[];
      /** Absent in entries written before the record's start was anchored (matched by name only). */
      endedWith?: Record<string, string>;
      keepDays: number;
      keepMegabytes: number;
    }
  /** The log was rotated: the file before this one, and how many entries it held. */
  | { kind: 'rotated'; from: string; entries: number }
  /** Entries this process could not record (a full disk, an unwritable file), counted once it could again. */
  | { kind: 'not-recorded'; count: number; error: string };

export type ActivityKind = ActivityBody['kind'];

/** Every kind, in the order the page offers them. */
export const ACTIVITY_KINDS = [
  'tool-call',
  'sampling',
  'elicitation',
  'roots-listed',
  'roots-changed',
  'trust',
  'switch',
  'approval',
  'server',
  'policy-refusal',
  'sandbox-denied',
  'sign-in',
  'attachment',
  'key',
  'retention',
  'rotated',
  'not-recorded',
] as const satisfies readonly ActivityKind[];

/** How a sampling request was decided: both the request and the answer are the person's to pass. */
export type SamplingDecision =
  | 'approved'
  | 'declined'
  | 'result-declined'
  | 'timed-out'
  | 'cancelled'
  | 'not-asked';

/**
 * Where a server's change came from: the app's own ways, or `file` — config.json written outside
 * Switchboard while none ran (found at the next start).
 */
type ServerChangeVia = 'editor' | 'import' | 'registry' | 'bundle' | 'link' | 'update' | 'file';

/**
 * When the managed policy refused a server: as it was to start (`start`; `policy-changed` when the
 * file's new rules stopped it), or before it was written — a preview of an install, a bundle, a link,
 * an import or an update, or the edit form's Save (`add`, `edit`).
 */
export type PolicyMoment =
  | 'start'
  | 'policy-changed'
  | 'add'
  | 'edit'
  | 'import'
  | 'install'
  | 'bundle'
  | 'link'
  | 'update';

/** Where a change to the servers came from, as the record says it (default: the person's editing). */
export interface ServerOrigin {
  via: ServerChangeVia;
  /** The registry entry or bundle (name and version), and a bundle's signature. */
  detail?: string;
}

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

/**
 * What the window says about the record itself, until the person has seen it: it cannot be written
 * (what is missed is counted), or it does not hold together (checked at start).
 */
export interface ActivityNotice {
  /** Why writing fails, while it does. */
  failing?: string;
  /** Entries not recorded while it failed (counted into the record once it works again). */
  missed?: number;
  /** Where the chain did not hold when the app started: how many places, and the first. */
  broken?: { places: number; first: ActivityProblem };
}
