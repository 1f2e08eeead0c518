import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ActivityEntry, ActivityProblem } from '../../../shared/host/activity';
import { ChainCheck, type RecordStart } from './activityChain';
import { ACTIVITY_FILE, activityFiles } from './activityLog';
import { type ActivityFilter, queryActivity } from './activityQuery';
import { ActivitySearch } from './activitySearch';

/** Bytes of a record file read and checked between two turns of the event loop (about 700 entries). */
const PART_BYTES = 256 * 1024;

/** Every entry of the record in `dir` (oldest first, across rotated files) and where its chain does not hold. */
export function readActivity(dir: string) {
  return new ActivityReader(dir).all();
}

/**
 * The record as the app reads it: every file read once, then only what was appended since (by this
 * process or another); read again whole when a rotation or retention changed its files. The chain is
 * checked as it is read. The words are indexed (ActivitySearch) when the Activity page opens or at the
 * first search, and what was read since at each search after.
 */
export class ActivityReader {
  private chain = new ChainCheck();
  private rotated: string[] = [];
  /** How far the current file has been read (bytes, and lines), and when it was last changed then. */
  private read = { bytes: 0, lines: 0, changed: 0 };
  private words: ActivitySearch | undefined;
  private reading: Promise<void> | undefined;

  constructor(private readonly dir: string) {}

  /** Every entry read (oldest first), where the chain does not hold, and where the record starts. */
  async all(): Promise<{
    entries: readonly ActivityEntry[];
    problems: readonly ActivityProblem[];
    start: RecordStart | undefined;
  }> {
    await this.refresh();
    return { entries: this.chain.entries, problems: this.chain.problems, start: this.chain.start };
  }

  /** The entries that pass the filter, newest first, where the chain does not hold, and where the record starts. */
  async query(filter: ActivityFilter): Promise<{
    entries: ActivityEntry[];
    recorded: number;
    problems: readonly ActivityProblem[];
    start: RecordStart | undefined;
  }> {
    const search = filter.search?.trim();
    for (;;) {
      await this.refresh();
      // As read now: a rotation read while the search waits for its index makes a new chain.
      const { entries, problems, start } = this.chain;
      let found: ((position: number) => boolean) | undefined;
      if (search) {
        const words = this.searchIndex();
        await words.add(entries);
        // Read again meanwhile (rotated, trimmed, edited): that index stopped part way; ask the new one.
        if (words !== this.words) continue;
        found = words.matches(search);
      }
      return {
        entries: queryActivity(entries, { ...filter, search: undefined }, found),
        recorded: entries.length,
        problems,
        start,
      };
    }
  }

  /** Has the words indexed ahead of a search (in slices, in the background): the Activity page is open. */
  prepareSearch(): void {
    void this.refresh()
      .then(() => this.searchIndex().add(this.chain.entries))
      // What went wrong is the next query's to say (it reads and indexes the same).
      .catch(() => undefined);
  }

  private searchIndex() {
    this.words ??= new ActivitySearch();
    return this.words;
  }

  private refresh(): Promise<void> {
    this.reading ??= this.catchUp().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async catchUp(): Promise<void> {
    const files = await activityFiles(this.dir);
    const rotated = files.map((f) => path.basename(f)).filter((n) => n !== ACTIVITY_FILE);
    const current = path.join(this.dir, ACTIVITY_FILE);
    const { size, changed } = await stat(current).then(
      (s) => ({ size: s.size, changed: s.mtimeMs }),
      () => ({ size: 0, changed: 0 }),
    );
    const same = rotated.length === this.rotated.length && rotated.every((n, i) => n === this.rotated[i]);
    // Changed but no longer: a line edited in place (a writer only ever appends).
    const edited = size === this.read.bytes && changed !== this.read.changed && size > 0;
    if (!same || size < this.read.bytes || edited) {
      // Rotated, trimmed or replaced: read again from the start.
      this.chain = new ChainCheck();
      this.words?.stop();
      this.words = undefined;
      this.read = { bytes: 0, lines: 0, changed: 0 };
      for (const name of rotated)
        await this.readFrom(path.join(this.dir, name), 0, 0, Number.POSITIVE_INFINITY);
      this.rotated = rotated;
    }
    if (size > this.read.bytes)
      this.read = { ...(await this.readFrom(current, this.read.bytes, this.read.lines, size)), changed };
    else this.read.changed = changed;
  }

  /**
   * Reads whole lines of `file` from byte `from` (line `lines` before it) up to `to`; where it stopped.
   * A part at a time, each line's hash worked out, with a turn of the event loop after each part: the
   * process goes on answering while a long record is read (100,000 entries take seconds).
   */
  private async readFrom(file: string, from: number, lines: number, to: number) {
    const handle = await open(file, 'r');
    try {
      const end = Math.min(to, (await handle.stat()).size);
      const name = path.basename(file);
      // A rotated file is read to its end; in the current one, a line being written now is read next time.
      const toTheEnd = to === Number.POSITIVE_INFINITY;
      let taken = from;
      // Bytes after the last line end read so far (a line longer than a part spans several).
      const pending: Buffer[] = [];
      for (let at = from; at < end; ) {
        const part = Buffer.alloc(Math.min(PART_BYTES, end - at));
        const { bytesRead } = await handle.read(part, 0, part.length, at);
        if (bytesRead === 0) break; // cut shorter meanwhile: what was read whole is taken
        at += bytesRead;
        const got = part.subarray(0, bytesRead);
        const cut = toTheEnd && at >= end ? got.length : got.lastIndexOf(10) + 1;
        if (cut === 0) {
          // No line ends in this part: kept whole for the next (only this part is looked through).
          pending.push(got);
          continue;
        }
        const whole = Buffer.concat([...pending, got.subarray(0, cut)]);
        pending.length = 0;
        if (cut < got.length) pending.push(got.subarray(cut));
        const parts = whole.toString('utf8').split('\n');
        if (parts.at(-1) === '') parts.pop();
        for (const line of parts) this.chain.take({ file: name, line: ++lines, text: line });
        taken += whole.length;
        if (at < end) await new Promise((resolve) => setImmediate(resolve));
      }
      return { bytes: taken, lines };
    } finally {
      await handle.close();
    }
  }
}
