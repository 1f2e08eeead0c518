import { appendFile, chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ActivityBody, ActivityEntry, ActivitySource } from '../../../shared/host/activity';
import type { ActivitySettings } from '../../../shared/host/settings';
import { Emitter } from '../../mcp';
import { withFileLock } from '../../store/withFileLock';
import { hashOf, parseEntry } from './activityChain';
import { ACTIVITY_FILE } from './activityFiles';
import { dueForRemoval, olderThan } from './activityRetention';
import { keptBody } from './keptBody';
import { lastHash } from './lastHash';

export { ACTIVITY_FILE, activityFiles } from './activityFiles';

/** Past this size the file is rotated (the rotation itself recorded as the new file's first entry). */
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

export interface ActivityLogOptions {
  source: ActivitySource;
  maxBytes?: number;
  /** Recording failed (a full disk, an unwritable file): called once, until a write works again. */
  onFailure?: (error: Error) => void;
  /** Writing fails (why, and how many entries are missed so far), or works again (no why: how many were missed). */
  onHealth?: (failing: string | undefined, missed: number) => void;
  /** Told of each entry as it is written, its hash known (telemetry sends the record as log records). */
  observer?: ActivityObserver;
}

/**
 * Who hears of the record's entries (the host's telemetry): `recorded` is asked, in the recorder's
 * own async context, what to remember of that moment (the trace it belongs to); `written` gets the
 * entry as written, with its hash, and what was remembered. An entry that fails to be written is
 * never told. The record knows nothing else of it.
 */
export interface ActivityObserver {
  recorded(): unknown;
  written(entry: ActivityEntry, recorded: unknown): void;
}

type Queued = { body: ActivityBody; at: number; recorded?: unknown };

/**
 * The activity record, appended to by this process and any other Switchboard process on the same
 * data folder (the app and `mcp chat`): each write holds the file's lock (proper-lockfile), reads the
 * last entry's hash from the file itself, and appends whole lines, so writers never interleave and
 * the chain runs through all of them. `record` never throws and never waits: entries are written in
 * order, in batches; a write that fails is counted, said once, and recorded as a count when one works.
 */
export class ActivityLog {
  readonly file: string;
  private queue: Queued[] = [];
  private writing: Promise<void> | undefined;
  private failed = 0;
  private failure: string | undefined;
  private readonly writtenEmitter = new Emitter<number>();
  private retention: ActivitySettings | undefined;
  /** Entries were written (how many): for the page showing the record. */
  readonly onWritten = this.writtenEmitter.event;

  constructor(
    readonly dir: string,
    private readonly options: ActivityLogOptions,
  ) {
    this.file = path.join(dir, ACTIVITY_FILE);
  }

  record(body: ActivityBody): void {
    const { observer } = this.options;
    this.queue.push(
      observer ? { body, at: Date.now(), recorded: observer.recorded() } : { body, at: Date.now() },
    );
    this.writing ??= this.drain();
  }

  /** Whether results are recorded whole (redacted), not only as a digest (Settings). */
  get keepsResultsWhole(): boolean {
    return this.retention?.keepResultsWhole === true;
  }

  /**
   * Settings' retention, applied now and after every rotation: older files past it removed (the
   * removal recorded); the current file rotated once its first entry is past the days kept, so it
   * too goes in time. A failure is said as a recording failure is; it never throws.
   */
  async retain(settings: ActivitySettings, now = Date.now()): Promise<void> {
    this.retention = settings;
    // No record yet: nothing to keep or remove (and no folder made for it).
    if (!(await stat(this.dir).catch(() => undefined))) return;
    try {
      await withFileLock(this.file, 'activity record', async (held) => {
        if (olderThan(await firstAt(this.file), settings.keepDays, now)) {
          held.check();
          await this.rotate((await lastHash(this.file)).hash);
        }
        await this.removeOld(now);
      });
    } catch (error) {
      this.options.onFailure?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Under the lock: older files past the retention removed — said in the chain first, with the hash
   * each removed file ended with, so the file kept after them starts where that entry says (the
   * check holds a record whose start is gone only when such an entry accounts for it).
   */
  private async removeOld(now = Date.now()): Promise<void> {
    const keep = this.retention;
    if (!keep) return;
    const due = await dueForRemoval(
      this.dir,
      { days: keep.keepDays, bytes: keep.keepMegabytes * 1024 * 1024 },
      now,
    );
    if (due.length === 0) return;
    const endedWith: Record<string, string> = {};
    for (const file of due) endedWith[path.basename(file)] = (await lastHash(file)).hash;
    await this.append([
      {
        body: {
          kind: 'retention',
          removed: due.map((file) => path.basename(file)),
          endedWith,
          keepDays: keep.keepDays,
          keepMegabytes: keep.keepMegabytes,
        },
        at: Date.now(),
      },
    ]);
    for (const file of due) await rm(file, { force: true });
  }

  /** Every entry recorded so far is written (or counted as failed). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          await this.write(batch);
        } catch (error) {
          this.failed += batch.length;
          const why = error instanceof Error ? error : new Error(String(error));
          if (this.failure === undefined) this.options.onFailure?.(why);
          this.failure = why.message;
          this.options.onHealth?.(why.message, this.failed);
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  private write(batch: Queued[]): Promise<void> {
    return withFileLock(this.file, 'activity record', async (held) => {
      // What could not be written before: counted now, ahead of what comes after it.
      const missed = this.failed;
      const counted =
        missed > 0
          ? [
              {
                body: { kind: 'not-recorded', count: missed, error: this.failure ?? 'unknown' } as const,
                at: Date.now(),
              },
            ]
          : [];
      const last = await this.append([...counted, ...batch], held);
      this.failed = 0;
      this.failure = undefined;
      if (missed > 0) this.options.onHealth?.(undefined, missed);
      const size = (await stat(this.file)).size;
      if (size > (this.options.maxBytes ?? DEFAULT_MAX_BYTES)) {
        await this.rotate(last);
        await this.removeOld();
      }
    });
  }

  /**
   * Under the lock: entries appended in one write, chained from the file's last entry; the hash of
   * the last one. Each entry on its own: one that cannot be kept whole is kept as a stub, never
   * taking the others down.
   */
  private async append(items: Queued[], held?: { check(): void }): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const { hash, torn } = await lastHash(this.file);
    let prev = hash;
    const lines: string[] = [];
    const entries: ActivityEntry[] = [];
    for (const { body, at } of items) {
      const entry = this.entryOf(body, at, prev);
      lines.push(JSON.stringify(entry));
      entries.push(entry);
      prev = entry.hash;
    }
    held?.check();
    // A line cut off by a crash stays a line of its own (named when the chain is checked).
    await appendFile(this.file, `${torn ? '\n' : ''}${lines.join('\n')}\n`, { mode: 0o600 });
    await chmod(this.file, 0o600);
    this.writtenEmitter.fire(lines.length);
    const { observer } = this.options;
    if (observer) for (const [i, entry] of entries.entries()) observer.written(entry, items[i]!.recorded);
    return prev;
  }

  /** One entry, chained to `prev`: what cannot be kept of its body a stub saying why (keptBody). */
  private entryOf(body: ActivityBody, at: number, prev: string): ActivityEntry {
    const unhashed = { ...keptBody(body), at, source: this.options.source, prev } as Omit<
      ActivityEntry,
      'hash'
    >;
    return { ...unhashed, hash: hashOf(unhashed) } as ActivityEntry;
  }

  /** Under the lock: the full file moves aside, and the new one starts with that said, in the chain. */
  private async rotate(prev: string): Promise<void> {
    // Named by its time (the names sort as the files were made); never over a file of the same millisecond.
    let rotated = '';
    for (let t = Date.now(); !rotated || (await stat(rotated).catch(() => undefined)); t++)
      rotated = path.join(this.dir, `activity-${new Date(t).toISOString().replace(/[:.]/g, '-')}.jsonl`);
    const entries = await countLines(this.file);
    await rename(this.file, rotated);
    const unhashed = {
      kind: 'rotated',
      from: path.basename(rotated),
      entries,
      at: Date.now(),
      source: this.options.source,
      prev,
    } as Omit<ActivityEntry, 'hash'>;
    await appendFile(this.file, `${JSON.stringify({ ...unhashed, hash: hashOf(unhashed) })}\n`, {
      mode: 0o600,
    });
  }
}

async function countLines(file: string): Promise<number> {
  let count = 0;
  const handle = await open(file, 'r');
  try {
    for await (const line of handle.readLines()) if (line.trim() !== '') count++;
  } finally {
    await handle.close();
  }
  return count;
}

/** When the file's first entry was recorded (undefined: no file, or no entry in it). */
async function firstAt(file: string): Promise<number | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    for await (const line of handle.readLines()) {
      const entry = parseEntry(line);
      if (entry) return entry.at;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}
