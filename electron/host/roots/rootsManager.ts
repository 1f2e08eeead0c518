import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '../../../shared/mcp/protocol';
import { Emitter } from '../../mcp';
import { JsonFile, stringList } from '../../store/jsonFile';

interface RootsFile {
  global: string[];
  servers: Record<string, string[]>;
}

const emptyRoots = (): RootsFile => ({ global: [], servers: {} });

function parseRoots(value: unknown): RootsFile {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof RootsFile, unknown>
  >;
  const servers: Record<string, string[]> = {};
  if (typeof v.servers === 'object' && v.servers !== null) {
    for (const [id, list] of Object.entries(v.servers)) servers[id] = stringList(list);
  }
  return { global: stringList(v.global), servers };
}

/**
 * The folders the person picked for servers to see: one global list, and optionally a list of a
 * server's own that replaces the global one for it. Stored and sent as real paths (symlinks
 * resolved), as file:// URIs. A server receives nothing the person did not pick.
 */
export class RootsManager {
  private data: RootsFile = emptyRoots();
  /** Fires with the server ids whose roots changed, or 'all'. */
  private readonly changeEmitter = new Emitter<string[] | 'all'>();
  readonly onChange = this.changeEmitter.event;

  private readonly file: JsonFile<RootsFile> | undefined;

  constructor(readonly filePath: string | undefined) {
    // An unreadable roots file reads as no roots: a server then sees nothing, which is safe.
    this.file =
      filePath === undefined
        ? undefined
        : new JsonFile(filePath, {
            what: 'roots file',
            empty: emptyRoots,
            parse: parseRoots,
            unreadableIsEmpty: true,
          });
  }

  static inHome(home: string): RootsManager {
    return new RootsManager(path.join(home, 'roots.json'));
  }

  async load(): Promise<void> {
    if (this.file) this.data = structuredClone(await this.file.read());
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
    // Each write lands in turn and takes the state as it then is, so concurrent changes are all kept.
    await this.file?.update(() => structuredClone(this.data));
    // A global change reaches every server that follows the global list.
    this.changeEmitter.fire(server === undefined ? 'all' : [server]);
  }
}
