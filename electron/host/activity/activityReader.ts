import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type { ActivityEntry, ActivityProblem } from '../../../shared/host/activity';
import { ChainCheck } from './activityChain';
import { ACTIVITY_FILE, activityFiles } from './activityLog';
import { type ActivityFilter, queryActivity, searchText } from './activityQuery';

/** Every entry of the record in `dir` (oldest first, across rotated files) and where its chain does not hold. */
export function readActivity(dir: string) {
  return new ActivityReader(dir).all();
}

/**
 * The record as the app reads it: every file read once, then only what was appended since (by this
 * process or another); read again whole when a rotation or retention changed its files. The chain is
 * checked as it is read; the words are indexed once (MiniSearch), on the first search.
 */
export class ActivityReader {
  private chain = new ChainCheck();
  private rotated: string[] = [];
  /** How far the current file has been read (bytes, and lines), and when it was last changed then. */
  private read = { bytes: 0, lines: 0, changed: 0 };
  private index: MiniSearch<{ id: number; text: string }> | undefined;
  private indexed = 0;
  private reading: Promise<void> | undefined;

  constructor(private readonly dir: string) {}

  /** Every entry read (oldest first), and where the chain does not hold. */
  async all(): Promise<{ entries: readonly ActivityEntry[]; problems: readonly ActivityProblem[] }> {
    await this.refresh();
    return { entries: this.chain.entries, problems: this.chain.problems };
  }

  /** The entries that pass the filter, newest first, and where the chain does not hold. */
  async query(
    filter: ActivityFilter,
  ): Promise<{ entries: ActivityEntry[]; recorded: number; problems: readonly ActivityProblem[] }> {
    await this.refresh();
    const search = filter.search?.trim();
    const found = search
      ? new Set(
          this.searchIndex()
            .search(search)
            .map((r) => r.id as number),
        )
      : undefined;
    return {
      entries: queryActivity(this.chain.entries, { ...filter, search: undefined }, found),
      recorded: this.chain.entries.length,
      problems: this.chain.problems,
    };
  }

  private searchIndex() {
    if (!this.index)
      this.index = new MiniSearch({ fields: ['text'], searchOptions: { prefix: true, combineWith: 'AND' } });
    const entries = this.chain.entries;
    if (this.indexed < entries.length) {
      this.index.addAll(
        entries.slice(this.indexed).map((e, i) => ({ id: this.indexed + i, text: searchText(e) })),
      );
      this.indexed = entries.length;
    }
    return this.index;
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
      this.index = undefined;
      this.indexed = 0;
      this.read = { bytes: 0, lines: 0, changed: 0 };
      for (const name of rotated)
        await this.readFrom(path.join(this.dir, name), 0, 0, Number.POSITIVE_INFINITY);
      this.rotated = rotated;
    }
    if (size > this.read.bytes)
      this.read = { ...(await this.readFrom(current, this.read.bytes, this.read.lines, size)), changed };
    else this.read.changed = changed;
  }

  /** Reads whole lines of `file` from byte `from` (line `lines` before it) up to `to`; where it stopped. */
  private async readFrom(file: string, from: number, lines: number, to: number) {
    const handle = await open(file, 'r');
    try {
      const end = Math.min(to, (await handle.stat()).size);
      const buffer = Buffer.alloc(end - from);
      await handle.read(buffer, 0, buffer.length, from);
      // Only whole lines: one being written now is read next time (a rotated file is read to its end).
      const last = to === Number.POSITIVE_INFINITY ? buffer.length : buffer.lastIndexOf(10) + 1;
      const name = path.basename(file);
      const text = buffer.subarray(0, last).toString('utf8');
      const parts = text.split('\n');
      if (parts.at(-1) === '') parts.pop();
      for (const line of parts) this.chain.take({ file: name, line: ++lines, text: line });
      return { bytes: from + last, lines };
    } finally {
      await handle.close();
    }
  }
}
