import path from 'node:path';
import { JsonFile, stringList } from '../../store/jsonFile';

/**
 * The local servers the person has confirmed, by identity (name, command, args, cwd, env values, which secrets). A
 * server whose identity is not here waits for the trust prompt; any change to what it runs makes a
 * new identity, so it asks again.
 */
export class TrustStore {
  private readonly file: JsonFile<string[]>;

  constructor(readonly filePath: string) {
    // Anything but a list of strings trusts nothing: an odd file must not widen trust.
    this.file = new JsonFile(filePath, {
      what: 'trusted servers file',
      empty: () => [],
      parse: stringList,
    });
  }

  static inHome(home: string): TrustStore {
    return new TrustStore(path.join(home, 'trusted-servers.json'));
  }

  async isTrusted(identity: string): Promise<boolean> {
    return (await this.file.read().catch(() => [] as string[])).includes(identity);
  }

  trust(identity: string): Promise<void> {
    return this.file.update((list) => (list.includes(identity) ? list : [...list, identity]));
  }

  forget(identity: string): Promise<void> {
    return this.file.update((list) => list.filter((x) => x !== identity));
  }
}
