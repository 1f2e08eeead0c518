import { createHash } from 'node:crypto';
import { type ActivityEntry, type ActivityProblem, GENESIS_HASH } from '../../../shared/host/activity';
import { nestedDeeperThan } from '../../../shared/json/jsonDepth';
import { canonicalJson } from '../canonicalJson';

/** An entry's hash: sha256 of its canonical JSON without the hash itself (its `prev` included). */
export function hashOf(entry: Omit<ActivityEntry, 'hash'>): string {
  const { hash: _, ...rest } = entry as ActivityEntry;
  return createHash('sha256').update(canonicalJson(rest, 'an activity entry')).digest('hex');
}

/** One line of a record file, where it is. */
export interface ActivityLine {
  file: string;
  line: number;
  text: string;
}

/**
 * Where the record starts: at its first entry ever, or where Settings' retention removed the files
 * before it (the entry that says so: which files, when).
 */
export type RecordStart = { kind: 'beginning' } | { kind: 'retention'; removed: string[]; at: number };

/**
 * The chain checked line by line, as lines come (a record read in parts: what was appended since):
 * the entries in order (oldest first, across rotated files), and every place the chain does not hold
 * — a line that is not an entry (skipped and named), an entry whose hash is not its own (edited), or
 * whose `prev` is not the hash of the entry before it (a line removed, added or moved; a whole file
 * removed, named). The chain goes on from each entry as it stands, so one edit is one problem.
 * Its start is anchored: a record whose first file begins by naming a file before it (a rotation)
 * holds only when a retention entry later in the chain says it removed that file, ending with that
 * hash; until one does, the start is named as removed by hand.
 */
export class ChainCheck {
  readonly entries: ActivityEntry[] = [];
  private readonly found: ActivityProblem[] = [];
  private prev: string | undefined;
  /** The file the last line came from (a rotation naming it means its end, not the file, is gone). */
  private lastFile: string | undefined;
  /** The record begins after files that are gone: where, and what it names before it. */
  private cut: { file: string; line: number; from: string; after: string } | undefined;
  start: RecordStart | undefined;

  /** Where the chain does not hold, in the record's order (a start removed by hand first). */
  get problems(): readonly ActivityProblem[] {
    const { cut } = this;
    if (!cut) return this.found;
    return [
      {
        file: cut.file,
        line: cut.line,
        problem: `the record's start was removed by hand: ${cut.from} (and anything older) is missing, and no retention entry says it removed it`,
      },
      ...this.found,
    ];
  }

  /** Takes the next line; its entry when it is one. */
  take({ file, line, text }: ActivityLine): ActivityEntry | undefined {
    if (text.trim() === '') return undefined;
    const entry = parseEntry(text);
    if (!entry) {
      this.found.push({
        file,
        line,
        problem: 'not an activity entry (skipped): the line is cut off or was changed',
      });
      return undefined;
    }
    const own = hashOf(entry) === entry.hash;
    if (!own)
      this.found.push({
        file,
        line,
        problem: 'the entry was changed after it was recorded (its hash is not its own)',
      });
    if (this.prev === undefined) this.begin(entry, file, line);
    else if (entry.prev !== this.prev) this.found.push({ file, line, problem: this.gap(entry) });
    if (own && entry.kind === 'retention') this.accountFor(entry);
    this.prev = entry.hash;
    this.lastFile = file;
    this.entries.push(entry);
    return entry;
  }

  private begin(entry: ActivityEntry, file: string, line: number): void {
    if (entry.prev === GENESIS_HASH) this.start = { kind: 'beginning' };
    else if (entry.kind === 'rotated') this.cut = { file, line, from: entry.from, after: entry.prev };
    else
      this.found.push({
        file,
        line,
        problem: 'the record does not start here: entries before this one are missing',
      });
  }

  /** Why the chain breaks before `entry`: a whole file gone is named, with how many entries it held. */
  private gap(entry: ActivityEntry): string {
    if (entry.kind === 'rotated' && entry.from !== this.lastFile)
      return `the file ${entry.from} before this one is missing (${entry.entries} entries): removed by hand — retention removes only the oldest files, and records it first`;
    if (entry.kind === 'rotated')
      return `the last entries of ${entry.from} are missing (the chain breaks here)`;
    return 'the entry before this one is missing, or this one was added or moved (the chain breaks here)';
  }

  /** A retention entry that removed the file the record now starts after, ending with that hash: the start holds. */
  private accountFor(entry: Extract<ActivityEntry, { kind: 'retention' }>): void {
    const { cut } = this;
    if (!cut || !entry.removed.includes(cut.from)) return;
    // Written before the start was anchored, it names the files only: taken by name.
    const ended = entry.endedWith?.[cut.from];
    if (entry.endedWith !== undefined && ended !== cut.after) return;
    this.cut = undefined;
    this.start = { kind: 'retention', removed: entry.removed, at: entry.at };
  }
}

/** A line's entry, or undefined when it is not one (not JSON, or without its chain fields). */
export function parseEntry(text: string): ActivityEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Nested past what is read (only a hand could write it): its hash cannot be worked out, so not an entry.
  if (!value || typeof value !== 'object' || Array.isArray(value) || nestedDeeperThan(value))
    return undefined;
  const v = value as Record<string, unknown>;
  const hex = (x: unknown) => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);
  return typeof v.kind === 'string' && typeof v.at === 'number' && hex(v.prev) && hex(v.hash)
    ? (value as ActivityEntry)
    : undefined;
}
