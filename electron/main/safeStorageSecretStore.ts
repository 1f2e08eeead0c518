import path from 'node:path';
import type { SafeStorage } from 'electron';
import type { SecretStore } from '../host/secrets/secretStore';
import { JsonFile, stringRecord } from '../host/secrets/secretStore';

/** Secrets encrypted with the OS keychain (safeStorage), stored as base64 ciphertext in the data directory. */
export class SafeStorageSecretStore implements SecretStore {
  private readonly file: JsonFile<Record<string, string>>;

  constructor(
    private readonly safeStorage: Pick<
      SafeStorage,
      'encryptString' | 'decryptString' | 'isEncryptionAvailable'
    > &
      Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>,
    readonly filePath: string,
  ) {
    this.file = new JsonFile(filePath, { what: 'secrets file', empty: () => ({}), parse: stringRecord });
  }

  static inHome(safeStorage: SafeStorage, home: string): SafeStorageSecretStore {
    return new SafeStorageSecretStore(safeStorage, path.join(home, 'secrets.enc.json'));
  }

  /**
   * On Linux without a keyring (no GNOME libsecret or KWallet), safeStorage "encrypts" with a fixed,
   * public key (the basic_text backend): as good as plain text, and said so.
   */
  get encrypted(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    return this.safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  }

  async get(id: string): Promise<string | undefined> {
    const sealed = (await this.file.read())[id];
    return sealed === undefined ? undefined : this.open(sealed);
  }

  async values(): Promise<string[]> {
    return Object.values(await this.file.read()).map((v) => this.open(v));
  }

  set(id: string, value: string): Promise<void> {
    if (!this.safeStorage.isEncryptionAvailable()) {
      return Promise.reject(
        new Error('The OS keychain is not available: secrets cannot be stored encrypted'),
      );
    }
    const sealed = this.safeStorage.encryptString(value).toString('base64');
    return this.file.update((all) => ({ ...all, [id]: sealed }));
  }

  delete(id: string): Promise<void> {
    return this.file.update(({ [id]: _, ...rest }) => rest);
  }

  deleteStartingWith(prefix: string): Promise<void> {
    return this.file.update((all) =>
      Object.fromEntries(Object.entries(all).filter(([id]) => !id.startsWith(prefix))),
    );
  }

  private open(sealed: string): string {
    return this.safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }
}
