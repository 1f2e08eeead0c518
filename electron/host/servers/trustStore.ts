import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomicWrite';

/**
 * The local servers the person has confirmed, by identity (command, args, cwd, env names). A server
 * whose identity is not here waits for the trust prompt; any change to what it runs makes a new
 * identity, so it asks again.
 */
export class TrustStore {
  private trusted: Set<string> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly filePath: string) {}

  static inHome(home: string): TrustStore {
    return new TrustStore(path.join(home, 'trusted-servers.json'));
  }

  async isTrusted(identity: string): Promise<boolean> {
    return (await this.load()).has(identity);
  }

  trust(identity: string): Promise<void> {
    return this.update((set) => set.add(identity));
  }

  forget(identity: string): Promise<void> {
    return this.update((set) => set.delete(identity));
  }

  /** Changes land one at a time, each writing the whole set as it then stands. */
  private update(change: (set: Set<string>) => void): Promise<void> {
    const next = this.writing.then(async () => {
      const set = await this.load();
      change(set);
      await writeFileAtomic(this.filePath, `${JSON.stringify([...set], null, 2)}\n`);
    });
    this.writing = next.catch(() => {});
    return next;
  }

  private async load(): Promise<Set<string>> {
    if (this.trusted) return this.trusted;
    try {
      const parsed = JSON.parse(await readFile(this.filePath, 'utf8')) as unknown;
      // Anything but a list of strings trusts nothing: an unreadable file must not widen trust.
      this.trusted = new Set(
        Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [],
      );
    } catch {
      this.trusted = new Set();
    }
    return this.trusted;
  }
}
