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
 * The entries of record lines in order (oldest first, across rotated files), and every place the
 * chain does not hold: a line that is not an entry (skipped and named), an entry whose hash is not
 * its own (edited), or whose `prev` is not the hash of the entry before it (a line removed, added
 * or moved). The chain goes on from each entry as it stands, so one edit is one problem.
 */
export function checkChain(lines: Iterable<ActivityLine>): {
  entries: ActivityEntry[];
  problems: ActivityProblem[];
} {
  const chain = new ChainCheck();
  for (const line of lines) chain.take(line);
  return chain;
}

/** The chain checked line by line, as lines come (a record read in parts: what was appended since). */
export class ChainCheck {
  readonly entries: ActivityEntry[] = [];
  readonly problems: ActivityProblem[] = [];
  private prev: string | undefined;

  /** Takes the next line; its entry when it is one. */
  take({ file, line, text }: ActivityLine): ActivityEntry | undefined {
    if (text.trim() === '') return undefined;
    const entry = parseEntry(text);
    if (!entry) {
      this.problems.push({
        file,
        line,
        problem: 'not an activity entry (skipped): the line is cut off or was changed',
      });
      return undefined;
    }
    if (hashOf(entry) !== entry.hash)
      this.problems.push({
        file,
        line,
        problem: 'the entry was changed after it was recorded (its hash is not its own)',
      });
    const expected = this.prev ?? GENESIS_HASH;
    // The oldest file kept may begin with a rotation whose earlier file retention removed.
    const keptFromRotation = this.prev === undefined && entry.kind === 'rotated';
    if (entry.prev !== expected && !keptFromRotation)
      this.problems.push({
        file,
        line,
        problem:
          this.prev === undefined
            ? 'the record does not start here: entries before this one are missing'
            : 'the entry before this one is missing, or this one was added or moved (the chain breaks here)',
      });
    this.prev = entry.hash;
    this.entries.push(entry);
    return entry;
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
