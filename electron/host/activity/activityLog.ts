import { appendFile, chmod, mkdir, open, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type ActivityBody,
  type ActivityEntry,
  type ActivitySource,
  GENESIS_HASH,
} from '../../../shared/host/activity';
import { Emitter, withFileLock } from '../../mcp';
import { hashOf, parseEntry } from './activityChain';

/** The record's file in its folder; rotated files beside it are `activity-<time>.jsonl`. */
export const ACTIVITY_FILE = 'activity.jsonl';
/** Past this size the file is rotated (the rotation itself recorded as the new file's first entry). */
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** How much of the file's end is read for the last entry's hash at a time. */
const TAIL_BYTES = 64 * 1024;

export interface ActivityLogOptions {
  source: ActivitySource;
  maxBytes?: number;
  /** Recording failed (a full disk, an unwritable file): called once, until a write works again. */
  onFailure?: (error: Error) => void;
}

/**
 * The activity record, appended to by this process and any other Switchboard process on the same
 * data folder (the app and `mcp chat`): each write holds the file's lock (proper-lockfile), reads the
 * last entry's hash from the file itself, and appends whole lines, so writers never interleave and
 * the chain runs through all of them. `record` never throws and never waits: entries are written in
 * order, in batches; a write that fails is counted, said once, and recorded as a count when one works.
 */
export class ActivityLog {
  readonly file: string;
  private queue: { body: ActivityBody; at: number }[] = [];
  private writing: Promise<void> | undefined;
  private failed = 0;
  private failure: string | undefined;
  private readonly writtenEmitter = new Emitter<number>();
  /** Entries were written (how many): for the page showing the record. */
  readonly onWritten = this.writtenEmitter.event;

  constructor(
    readonly dir: string,
    private readonly options: ActivityLogOptions,
  ) {
    this.file = path.join(dir, ACTIVITY_FILE);
  }

  record(body: ActivityBody): void {
    this.queue.push({ body, at: Date.now() });
    this.writing ??= this.drain();
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
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  private write(batch: { body: ActivityBody; at: number }[]): Promise<void> {
    return withFileLock(this.file, 'activity record', async (held) => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const { hash, torn } = await lastHash(this.file);
      let prev = hash;
      const lines: string[] = [];
      const add = (body: ActivityBody, at: number) => {
        const unhashed = { ...body, at, source: this.options.source, prev } as Omit<ActivityEntry, 'hash'>;
        const entry = { ...unhashed, hash: hashOf(unhashed) } as ActivityEntry;
        lines.push(JSON.stringify(entry));
        prev = entry.hash;
      };
      // What could not be written before: counted now, ahead of what comes after it.
      if (this.failed > 0)
        add({ kind: 'not-recorded', count: this.failed, error: this.failure ?? 'unknown' }, Date.now());
      for (const { body, at } of batch) add(body, at);
      held.check();
      // A line cut off by a crash stays a line of its own (named when the chain is checked).
      await appendFile(this.file, `${torn ? '\n' : ''}${lines.join('\n')}\n`, { mode: 0o600 });
      await chmod(this.file, 0o600);
      this.failed = 0;
      this.failure = undefined;
      this.writtenEmitter.fire(lines.length);
      const size = (await stat(this.file)).size;
      if (size > (this.options.maxBytes ?? DEFAULT_MAX_BYTES)) await this.rotate(prev);
    });
  }

  /** Under the lock: the full file moves aside, and the new one starts with that said, in the chain. */
  private async rotate(prev: string): Promise<void> {
    const rotated = path.join(this.dir, `activity-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
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

/** The record's files, oldest first: the rotated ones by their time, then the current one. */
export async function activityFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const rotated = names.filter((n) => /^activity-.+\.jsonl$/.test(n)).sort();
  return [...rotated, ...(names.includes(ACTIVITY_FILE) ? [ACTIVITY_FILE] : [])].map((n) =>
    path.join(dir, n),
  );
}

/**
 * The hash of the file's last entry (64 zeros for an empty or missing file), and whether the file
 * ends in a line cut off (no newline). Read from the end, a chunk at a time, past lines that are
 * not entries; a file with no entry at all continues from the last rotated file's.
 */
async function lastHash(file: string): Promise<{ hash: string; torn: boolean }> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return { hash: await lastRotatedHash(path.dirname(file)), torn: false };
  try {
    const { size } = await handle.stat();
    let end = size;
    let rest = '';
    let torn: boolean | undefined;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_BYTES);
      const buffer = Buffer.alloc(end - start);
      await handle.read(buffer, 0, buffer.length, start);
      const text = buffer.toString('utf8') + rest;
      torn ??= !text.endsWith('\n');
      const lines = text.split('\n');
      // The first piece may be the end of a line that starts before this chunk.
      rest = start > 0 ? lines.shift()! : '';
      for (let i = lines.length - 1; i >= 0; i--) {
        const entry = parseEntry(lines[i]!);
        if (entry) return { hash: entry.hash, torn };
      }
      end = start;
    }
    const first = rest ? parseEntry(rest) : undefined;
    return { hash: first?.hash ?? (await lastRotatedHash(path.dirname(file))), torn: torn ?? false };
  } finally {
    await handle.close();
  }
}

async function lastRotatedHash(dir: string): Promise<string> {
  const rotated = (await activityFiles(dir)).filter((f) => path.basename(f) !== ACTIVITY_FILE);
  return rotated.length > 0 ? (await lastHash(rotated.at(-1)!)).hash : GENESIS_HASH;
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
