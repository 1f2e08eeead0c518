import type { BigIntStats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { writeFileAtomic } from './atomicWrite';
import { SerialQueue } from './serialQueue';
import { withFileLock } from './withFileLock';

export interface JsonFileOptions<T> {
  /** What the file is, for error messages: "secrets file". */
  what: string;
  empty: () => T;
  /** Checks and normalises what was read; throws on a document of the wrong shape. */
  parse: (value: unknown) => T;
  mode?: number;
  /**
   * A file that exists but cannot be read counts as empty (and is replaced by the next write) instead
   * of being an error. For stores where "nothing" is the safe reading: no roots, no approvals.
   */
  unreadableIsEmpty?: boolean;
}

/** What a read saw of the file (which file, its size and times); undefined: none; null: not known. */
type Stamp = string | undefined | null;

/**
 * A small JSON document on disk that other processes may change too (`mcp chat` writes the
 * person's secrets file while the app runs). A read is served from the last one while the file is
 * unchanged on disk and re-read when it changed; `update` takes the file's lock, re-reads it, applies
 * the change to what is there now and writes atomically, so no process's change erases another's.
 * Changes from this process land one at a time, in order. Unless told otherwise, a file that exists
 * but cannot be read is an error naming it, never an empty document that the next write would
 * overwrite.
 */
export class JsonFile<T> {
  private cache: { value: T; stamp: Stamp } | undefined;
  private readonly writes = new SerialQueue();

  constructor(
    readonly filePath: string,
    private readonly options: JsonFileOptions<T>,
  ) {}

  async read(): Promise<T> {
    const now = await stampOf(this.filePath);
    if (this.cache && this.cache.stamp !== null && this.cache.stamp === now) return this.cache.value;
    this.cache = await this.load();
    return this.cache.value;
  }

  /** Resolves once every change asked for so far has been written (or has failed). */
  settled(): Promise<void> {
    return this.writes.run(async () => {});
  }

  /** `change` gets a copy of the document as it is on disk now and returns the next one. */
  update(change: (current: T) => T): Promise<void> {
    return this.writes.run(() =>
      withFileLock(this.filePath, this.options.what, async (held) => {
        const updated = change((await this.load()).value);
        held.check();
        await writeFileAtomic(this.filePath, `${JSON.stringify(updated, null, 2)}\n`, {
          mode: this.options.mode ?? 0o600,
        });
        this.cache = { value: updated, stamp: await stampOf(this.filePath) };
      }),
    );
  }

  /** The document on disk now, with the stamp of what was read (taken from the same open file). */
  private async load(): Promise<{ value: T; stamp: Stamp }> {
    let handle: FileHandle | undefined;
    let stamp: Stamp = null;
    try {
      handle = await open(this.filePath, 'r');
      stamp = stampFrom(await handle.stat({ bigint: true }));
      return { value: this.options.parse(JSON.parse(await handle.readFile('utf8'))), stamp };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && !this.options.unreadableIsEmpty) {
        throw new Error(`cannot read the ${this.options.what} ${this.filePath}: ${(error as Error).message}`);
      }
      return { value: this.options.empty(), stamp: code === 'ENOENT' ? undefined : stamp };
    } finally {
      await handle?.close();
    }
  }
}

/**
 * A write by any process replaces the file (a rename) or at least changes its size or times, so an
 * equal stamp means an unchanged file; nanosecond times, for writes within the same millisecond.
 */
function stampFrom(s: BigIntStats): string {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

async function stampOf(file: string): Promise<Stamp> {
  try {
    return stampFrom(await stat(file, { bigint: true }));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null;
  }
}

/** A JSON object of string values (what the secret stores keep). */
export function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('not a JSON object');
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
}

/** The strings of a JSON array (anything else: none). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}
