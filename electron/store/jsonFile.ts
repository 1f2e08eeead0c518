import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomicWrite';
import { SerialQueue } from './serialQueue';

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

/**
 * A small JSON document on disk, read once and cached, changed only through `update`, which lands one
 * change at a time and writes atomically, so concurrent changes are all kept. Unless told otherwise, a
 * file that exists but cannot be read is an error naming it, never an empty document that the next
 * write would overwrite.
 */
export class JsonFile<T> {
  private cache: T | undefined;
  private readonly writes = new SerialQueue();

  constructor(
    readonly filePath: string,
    private readonly options: JsonFileOptions<T>,
  ) {}

  async read(): Promise<T> {
    if (this.cache !== undefined) return this.cache;
    try {
      this.cache = this.options.parse(JSON.parse(await readFile(this.filePath, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !this.options.unreadableIsEmpty) {
        throw new Error(`cannot read the ${this.options.what} ${this.filePath}: ${(error as Error).message}`);
      }
      this.cache = this.options.empty();
    }
    return this.cache;
  }

  /** Resolves once every change asked for so far has been written (or has failed). */
  settled(): Promise<void> {
    return this.writes.run(async () => {});
  }

  /** `change` gets a copy of the current document and returns the next one. */
  update(change: (current: T) => T): Promise<void> {
    return this.writes.run(async () => {
      const updated = change(structuredClone(await this.read()));
      await writeFileAtomic(this.filePath, `${JSON.stringify(updated, null, 2)}\n`, {
        mode: this.options.mode ?? 0o600,
      });
      this.cache = updated;
    });
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
