import path from 'node:path';
import { JsonFile, stringRecord } from '../../store/jsonFile';
import { withFileLock } from '../../store/withFileLock';
import type { SecretStore } from './secretStore';

/** Secrets in a JSON file only its owner can read (0600). Not encrypted: the UI says so. */
export class FileSecretStore implements SecretStore {
  readonly encrypted = false;
  private readonly file: JsonFile<Record<string, string>>;

  constructor(readonly filePath: string) {
    this.file = new JsonFile(filePath, { what: 'secrets file', empty: () => ({}), parse: stringRecord });
  }

  static inHome(home: string): FileSecretStore {
    return new FileSecretStore(path.join(home, 'secrets.json'));
  }

  async get(id: string): Promise<string | undefined> {
    return (await this.file.read())[id];
  }

  async values(): Promise<string[]> {
    return Object.values(await this.file.read());
  }

  set(id: string, value: string): Promise<void> {
    return this.file.update((all) => ({ ...all, [id]: value }));
  }

  delete(id: string): Promise<void> {
    return this.file.update(({ [id]: _, ...rest }) => rest);
  }

  /** The app and `mcp chat` share this file: their OAuth refreshes take turns (a lock beside it). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return withFileLock(`${this.filePath}.refresh`, 'secrets file (refresh)', () => task());
  }

  deleteStartingWith(prefix: string): Promise<void> {
    return this.file.update((all) =>
      Object.fromEntries(Object.entries(all).filter(([id]) => !id.startsWith(prefix))),
    );
  }
}
