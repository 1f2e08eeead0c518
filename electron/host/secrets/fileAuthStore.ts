import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fieldOf } from '../../../shared/fieldOf';
import {
  type AuthBinding,
  type AuthStore,
  isAuthBinding,
  isStoredClient,
  isStoredTokens,
  type StoredClient,
  type StoredTokens,
  tokensKey,
} from '../../mcp';
import { withFileLock } from '../../store/withFileLock';

interface FileShape {
  clients: Record<string, StoredClient>;
  tokens: Record<string, StoredTokens>;
  bindings: Record<string, AuthBinding>;
}

const empty = (): FileShape => ({ clients: {}, tokens: {}, bindings: {} });

/**
 * Credentials in one JSON file only its owner can read (0600), for the CLI: a sign-in is reused by
 * the next run. Runs may overlap, and a refresh token rotated by one and erased by another is
 * revoked as reused at the next refresh: so every read is from disk, and every change is made under
 * the file's lock to what is on disk then, written whole through a temporary file of a fresh name and a rename. A
 * file that is not ours to read (not JSON, not this shape) is an error naming it, never overwritten.
 */
export class FileAuthStore implements AuthStore {
  constructor(readonly file: string) {}

  async client(issuer: string) {
    return (await this.load()).clients[issuer];
  }
  async setClient(issuer: string, client: StoredClient | undefined) {
    await this.change((d) => {
      if (client) d.clients[issuer] = client;
      else delete d.clients[issuer];
    });
  }
  async tokens(binding: AuthBinding) {
    return (await this.load()).tokens[tokensKey(binding)];
  }
  async setTokens(binding: AuthBinding, tokens: StoredTokens | undefined) {
    await this.change((d) => {
      if (tokens) d.tokens[tokensKey(binding)] = tokens;
      else delete d.tokens[tokensKey(binding)];
    });
  }
  async binding(serverUrl: string) {
    return (await this.load()).bindings[serverUrl];
  }
  async setBinding(serverUrl: string, binding: AuthBinding | undefined) {
    await this.change((d) => {
      if (binding) d.bindings[serverUrl] = binding;
      else delete d.bindings[serverUrl];
    });
  }

  /** Refreshes are made one at a time by all runs on this file (a lock of its own, beside it). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return withFileLock(`${this.file}.refresh`, 'credentials file (refresh)', () => task());
  }

  private async load(): Promise<FileShape> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (Reflect.get(Object(error), 'code') !== 'ENOENT') throw error;
      return empty();
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${this.file} is not valid JSON: fix or remove it (it holds sign-ins)`);
    }
    // Each entry checked: one of another shape is an error naming it, never used nor overwritten.
    const part = <T>(name: string, check: (v: unknown) => v is T, what: string): Record<string, T> => {
      const value = fieldOf(parsed, name);
      if (value === undefined) return {};
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error(`${this.file}: "${name}" is not an object`);
      const entries: Record<string, T> = {};
      for (const [key, entry] of Object.entries(value)) {
        if (!check(entry)) throw new Error(`${this.file}: ${name}[${JSON.stringify(key)}] is not ${what}`);
        entries[key] = entry;
      }
      return entries;
    };
    return {
      clients: part('clients', isStoredClient, 'a registered client'),
      tokens: part('tokens', isStoredTokens, 'a set of tokens'),
      bindings: part('bindings', isAuthBinding, 'an issuer and resource'),
    };
  }

  private change(edit: (data: FileShape) => void): Promise<void> {
    return withFileLock(this.file, 'credentials file', async (held) => {
      const data = await this.load();
      edit(data);
      held.check();
      // A fresh name, created by us alone (O_EXCL): the file may sit in a folder others can write,
      // where a link or file planted under a name we would pick must get nothing. Synced before the
      // rename, so a crash leaves the old file or the new one, never an empty one.
      const temporary = path.join(
        path.dirname(this.file),
        `.${path.basename(this.file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        const handle = await open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(JSON.stringify(data, null, 2));
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, this.file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    });
  }
}
