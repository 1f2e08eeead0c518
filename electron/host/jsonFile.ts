import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomicWrite';

/**
 * A small JSON document on disk, read once and cached, changed only through `update`, which lands one
 * change at a time and writes atomically. A file that exists but cannot be read is an error naming
 * it, never an empty document that the next write would overwrite.
 */
export class JsonFile<T> {
  private cache: T | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly filePath: string,
    private readonly what: string,
    private readonly empty: () => T,
    /** Checks and normalises what was read; throws on a document of the wrong shape. */
    private readonly parse: (value: unknown) => T,
    private readonly mode = 0o600,
  ) {}

  async read(): Promise<T> {
    if (this.cache !== undefined) return this.cache;
    try {
      this.cache = this.parse(JSON.parse(await readFile(this.filePath, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(`cannot read the ${this.what} ${this.filePath}: ${(error as Error).message}`);
      }
      this.cache = this.empty();
    }
    return this.cache;
  }

  update(change: (current: T) => T): Promise<void> {
    const next = this.writing.then(async () => {
      const updated = change(structuredClone(await this.read()));
      await writeFileAtomic(this.filePath, `${JSON.stringify(updated, null, 2)}\n`, { mode: this.mode });
      this.cache = updated;
    });
    this.writing = next.catch(() => {});
    return next;
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
