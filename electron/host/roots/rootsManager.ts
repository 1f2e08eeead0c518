import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '../../../shared/mcp/protocol';
import { Emitter } from '../../mcp';
import { writeFileAtomic } from '../atomicWrite';

interface RootsFile {
  global: string[];
  servers: Record<string, string[]>;
}

/**
 * The folders the person picked for servers to see: one global list, and optionally a list of a
 * server's own that replaces the global one for it. Stored and sent as real paths (symlinks
 * resolved), as file:// URIs. A server receives nothing the person did not pick.
 */
export class RootsManager {
  private data: RootsFile = { global: [], servers: {} };
  /** Fires with the server ids whose roots changed, or 'all'. */
  private readonly changeEmitter = new Emitter<string[] | 'all'>();
  readonly onChange = this.changeEmitter.event;

  constructor(readonly filePath: string | undefined) {}

  static inHome(home: string): RootsManager {
    return new RootsManager(path.join(home, 'roots.json'));
  }

  async load(): Promise<void> {
    if (!this.filePath) return;
    try {
      const parsed = JSON.parse(await readFile(this.filePath, 'utf8')) as Partial<RootsFile>;
      const strings = (v: unknown) =>
        Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
      const servers: Record<string, string[]> = {};
      for (const [id, list] of Object.entries(parsed.servers ?? {})) servers[id] = strings(list);
      this.data = { global: strings(parsed.global), servers };
    } catch {
      this.data = { global: [], servers: {} };
    }
  }

  /** The directories in force for a server. */
  directoriesFor(server: string): string[] {
    return this.data.servers[server] ?? this.data.global;
  }

  globalDirectories(): string[] {
    return [...this.data.global];
  }

  /** Per-server lists, by server id. */
  serverDirectories(): Record<string, string[]> {
    return structuredClone(this.data.servers);
  }

  rootsFor(server: string): Root[] {
    return this.directoriesFor(server).map((dir) => ({
      uri: pathToFileURL(dir).href,
      name: path.basename(dir) || dir,
    }));
  }

  /** Adds a directory (globally, or to one server's own list). Refuses what is not an existing directory. */
  async add(directory: string, server?: string): Promise<string> {
    const real = await realpath(directory).catch(() => {
      throw new Error(`${directory} does not exist`);
    });
    if (!(await stat(real)).isDirectory()) throw new Error(`${directory} is not a directory`);
    if (server !== undefined && !this.data.servers[server]) this.data.servers[server] = [...this.data.global];
    const list = server === undefined ? this.data.global : this.data.servers[server]!;
    if (!list.includes(real)) list.push(real);
    await this.persist(server);
    return real;
  }

  async remove(directory: string, server?: string): Promise<void> {
    const list = server === undefined ? this.data.global : this.data.servers[server];
    if (!list) return;
    const index = list.indexOf(directory);
    if (index === -1) return;
    list.splice(index, 1);
    await this.persist(server);
  }

  /** Drops a server's own list: it follows the global one again. */
  async useGlobal(server: string): Promise<void> {
    delete this.data.servers[server];
    await this.persist(server);
  }

  private async persist(server: string | undefined): Promise<void> {
    if (this.filePath) await writeFileAtomic(this.filePath, `${JSON.stringify(this.data, null, 2)}\n`);
    // A global change reaches every server that follows the global list.
    this.changeEmitter.fire(server === undefined ? 'all' : [server]);
  }
}
