import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SafeStorage } from 'electron';
import { writeFileAtomic } from '../host/atomicWrite';
import type { SecretStore } from '../host/secrets/secretStore';

/** Secrets encrypted with the OS keychain (safeStorage), stored as base64 ciphertext in the data directory. */
export class SafeStorageSecretStore implements SecretStore {
  private cache: Record<string, string> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly safeStorage: Pick<
      SafeStorage,
      'encryptString' | 'decryptString' | 'isEncryptionAvailable'
    >,
    readonly filePath: string,
  ) {}

  static inHome(safeStorage: SafeStorage, home: string): SafeStorageSecretStore {
    return new SafeStorageSecretStore(safeStorage, path.join(home, 'secrets.enc.json'));
  }

  get encrypted(): boolean {
    return this.safeStorage.isEncryptionAvailable();
  }

  async get(id: string): Promise<string | undefined> {
    const sealed = (await this.read())[id];
    return sealed === undefined ? undefined : this.safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }

  async values(): Promise<string[]> {
    const all = await this.read();
    return Object.values(all).map((v) => this.safeStorage.decryptString(Buffer.from(v, 'base64')));
  }

  set(id: string, value: string): Promise<void> {
    if (!this.safeStorage.isEncryptionAvailable()) {
      return Promise.reject(
        new Error('The OS keychain is not available: secrets cannot be stored encrypted'),
      );
    }
    const sealed = this.safeStorage.encryptString(value).toString('base64');
    return this.update((all) => {
      all[id] = sealed;
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
      this.cache = JSON.parse(await readFile(this.filePath, 'utf8')) as Record<string, string>;
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
