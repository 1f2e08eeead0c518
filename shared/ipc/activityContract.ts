import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityNotice,
  type ActivityProblem,
} from '../host/activity';

/** Which entries of the activity record to show; every field given must hold. */
export const activityFilter = z
  .object({
    server: z.string().min(1).max(256),
    kind: z.enum(ACTIVITY_KINDS),
    decision: z.enum([
      'denied',
      'once',
      'conversation',
      'always-tool',
      'always-server',
      'standing-approval',
      'auto-read-only',
      'hand-run',
      'policy',
      'timed-out',
      'cancelled',
      'not-asked',
      'approved',
      'declined',
      'result-declined',
    ]),
    outcome: z.enum(['ok', 'error', 'cancelled', 'refused']),
    conversation: z.string().min(1).max(256),
    since: z.number().int().nonnegative(),
    until: z.number().int().nonnegative(),
    /** Every word, by its start, in the tool, server and arguments. */
    search: z.string().max(1000),
  })
  .partial()
  .strict();

/** The activity record: what servers and models did, who allowed it, how it ended. */
export const ACTIVITY_METHODS = {
  /** A page of the entries that pass the filter, newest first (from `offset`, at most `limit`). */
  getActivity: z.tuple([activityFilter, z.number().int().nonnegative(), z.number().int().min(1).max(1000)]),
  /** Every entry that passes the filter, as JSON Lines or CSV (for saving). */
  exportActivity: z.tuple([z.enum(['jsonl', 'csv']), activityFilter]),
  /** What the window should say about the record itself (nothing when all is well). */
  getActivityNotice: z.tuple([]),
} as const;

export interface ActivityPage {
  entries: ActivityEntry[];
  /** How many entries pass the filter. */
  total: number;
  /** How many the record holds. */
  recorded: number;
  /** Where the record's chain does not hold (or a line is not an entry). */
  problems: ActivityProblem[];
}

export interface ActivityResults {
  getActivity: ActivityPage;
  exportActivity: string;
  getActivityNotice: ActivityNotice;
}

export interface ActivityEvents {
  /** Entries were recorded (by this app; another process's show at the next read). */
  activityChanged: { recorded: number };
  /** The record could not be written, works again, or was found broken at start. */
  activityNotice: ActivityNotice;
}
