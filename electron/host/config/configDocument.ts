import type { ServerOrigin } from '../../../shared/host/activity';
import type { ConfigProblem } from '../../../shared/host/serverView';
import { isRecord } from '../../../shared/json/isRecord';
import { Emitter } from '../../mcp';
import type { ServerRecord } from '../activity/serverRecord';
import { canonicalJson } from '../canonicalJson';
import type { ConfigFile, LoadedConfig } from './configFile';
import { type ParsedConfig, parseConfig } from './serverConfig';

/**
 * config.json as the app last read or wrote it. A change is made to the file as it is now: what the
 * person or another program wrote there since it was last read is kept, not overwritten by the app's
 * older copy — and recorded (ServerRecord) as edited outside Switchboard, before the app's own change.
 * Not serialised here: the registry makes one change at a time.
 */
export class ConfigDocument {
  private document: Record<string, unknown> = { mcpServers: {} };
  private readBefore = false;
  /** The file was there when last read or written: only then is a missing file one that went away. */
  private existed = false;
  private problemNow: ConfigProblem | undefined;
  private readonly problemEmitter = new Emitter<ConfigProblem | undefined>();
  /** The file cannot be read (as last read) — or can again: undefined. */
  readonly onProblem = this.problemEmitter.event;

  constructor(
    private readonly file: ConfigFile,
    private readonly record?: ServerRecord,
  ) {}

  /** Why the file cannot be read, as last read; undefined when it can. */
  get problem(): ConfigProblem | undefined {
    return this.problemNow;
  }

  /** The servers, by name, as last read or written. */
  servers(): Record<string, unknown> {
    return serversOf(this.document);
  }

  /** The first read, at launch: what changed since last seen is recorded as edited while no app ran. */
  async read(): Promise<LoadedConfig> {
    const loaded = this.seen(await this.file.load());
    if (loaded.state === 'unreadable') return loaded;
    this.document = loaded.document;
    await this.record?.started(this.servers());
    return loaded;
  }

  /**
   * The file read again; `changed` when it holds something else than last read or written (recorded
   * as edited outside Switchboard). Unreadable, or gone after it was read: nothing changes (the
   * servers run on as last read; `problem` says why). Readable for the first time (it was broken at
   * launch): taken as the launch would have, against what was last seen.
   */
  async reread(): Promise<{ loaded: LoadedConfig; changed: boolean }> {
    const first = !this.readBefore;
    const loaded = this.seen(await this.file.load());
    if (loaded.state === 'unreadable' || (loaded.state === 'missing' && !first))
      return { loaded, changed: false };
    if (!first) return { loaded, changed: await this.adopt(loaded.document) };
    this.document = loaded.document;
    await this.record?.started(this.servers());
    return { loaded, changed: true };
  }

  /**
   * Changes the servers as last read or written (the caller calls `reread` just before, so that they
   * are the file's as it is now), saves (refused while the file is not valid JSON: ConfigFile never
   * overwrites it; a file gone is written anew), and records what the change did, as from `origin`.
   */
  async change(
    change: (servers: Record<string, unknown>) => void,
    origin: ServerOrigin,
  ): Promise<ParsedConfig> {
    const before = this.servers();
    const servers = { ...before };
    change(servers);
    const document = { ...this.document, mcpServers: servers };
    await this.file.save(document);
    this.existed = true;
    this.document = document;
    await this.record?.saved(before, servers, origin);
    return parseConfig(document);
  }

  /** Says whether the file can be read now (when that changed). */
  private seen(loaded: LoadedConfig): LoadedConfig {
    const problem: ConfigProblem | undefined =
      loaded.state === 'unreadable'
        ? { error: loaded.error, readBefore: this.readBefore }
        : loaded.state === 'missing' && this.existed
          ? {
              error: `${this.file.filePath} is not there any more (removed, or renamed away)`,
              readBefore: true,
              gone: true,
            }
          : undefined;
    if (!problem) this.readBefore = true;
    // A data folder that never had the file (the first run) is not one whose file went away.
    if (loaded.state === 'ok') this.existed = true;
    if (problem?.error !== this.problemNow?.error) {
      this.problemNow = problem;
      this.problemEmitter.fire(problem);
    }
    return loaded;
  }

  /** Takes a document written outside the app, recording what it did to the servers; false: nothing new. */
  private async adopt(document: Record<string, unknown>): Promise<boolean> {
    if (canonicalJson(document) === canonicalJson(this.document)) return false;
    await this.record?.saved(this.servers(), serversOf(document), { via: 'file' });
    this.document = document;
    return true;
  }
}

/** config.json's servers as written (none when `mcpServers` is not an object: parseConfig says why). */
function serversOf(document: Record<string, unknown>): Record<string, unknown> {
  return isRecord(document.mcpServers) ? document.mcpServers : {};
}
