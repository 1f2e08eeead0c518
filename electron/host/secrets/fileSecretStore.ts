import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomicWrite';
import type { SecretStore } from './secretStore';

/** Secrets in a JSON file only its owner can read (0600). Not encrypted: the UI says so. */
export class FileSecretStore implements SecretStore {
  readonly encrypted = false;
  private cache: Record<string, string> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly filePath: string) {}

  static inHome(home: string): FileSecretStore {
    return new FileSecretStore(path.join(home, 'secrets.json'));
  }

  async get(id: string): Promise<string | undefined> {
    return (await this.read())[id];
  }

  async values(): Promise<string[]> {
    return Object.values(await this.read());
  }

  set(id: string, value: string): Promise<void> {
    return this.update((all) => {
      all[id] = value;
    });
  }

  delete(id: string): Promise<void> {
    return this.update((all) => {
      delete all[id];
    });
  }

  private async read(): Promise<Record<string, string>> {
    if (this.cache) return this.cache;
    try {
      const parsed = JSON.parse(await readFile(this.filePath, 'utf8')) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      this.cache = Object.fromEntries(
        Object.entries(parsed).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(`cannot read the secrets file ${this.filePath}: ${(error as Error).message}`);
      }
      this.cache = {};
    }
    return this.cache;
  }

  private update(change: (all: Record<string, string>) => void): Promise<void> {
    const next = this.writing.then(async () => {
      const all = { ...(await this.read()) };
      change(all);
      await writeFileAtomic(this.filePath, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
      this.cache = all;
    });
    this.writing = next.catch(() => {});
    return next;
  }
}
