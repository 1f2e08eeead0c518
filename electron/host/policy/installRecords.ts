import path from 'node:path';
import { isRecord } from '../../../shared/json/isRecord';
import { JsonFile } from '../../store/jsonFile';
import { parseConfig, type ServerConfig } from '../config/serverConfig';
import { ORIGIN_FIELD, type RegistryOrigin, readOrigin } from '../install/registry/registryOrigin';
import { launchDigest } from './launchDigest';
import type { ServerOrigin } from './policyVerdict';

/** What the host installed a server from, as it knew it then. */
export type InstalledFrom =
  | ({ kind: 'registry' } & RegistryOrigin)
  | { kind: 'bundle'; name: string; version: string }
  /** An install link, in whose format (vscode, cursor, goose, switchboard…). */
  | { kind: 'link'; format: string };

export interface InstallRecord {
  from: InstalledFrom;
  /** launchDigest of the launch the install built. */
  launch: string;
  /** When it was installed (ms since the epoch). */
  at: number;
}

type Records = Record<string, InstallRecord>;

/**
 * Where each server came from, kept by the host itself in the data folder (`installed-servers.json`),
 * by server name: written only by the host's own install paths (registry, bundle, install link,
 * update), moved by a rename, dropped by a removal. Never read from config.json, an import or a link —
 * what those say of a server's origin is theirs to claim. A server whose launch no longer matches the
 * digest its install recorded counts as added by hand. Someone who can write the data folder can write
 * this file too: it keeps the app's own paths honest, not the person's own disk.
 */
export class InstallRecords {
  private readonly file: JsonFile<Records>;

  constructor(readonly filePath: string) {
    this.file = new JsonFile(filePath, {
      what: 'installed servers file',
      empty: () => ({}),
      parse: readRecords,
    });
  }

  static inHome(home: string): InstallRecords {
    return new InstallRecords(path.join(home, 'installed-servers.json'));
  }

  /** The record of `server`; none when there is none, or the file cannot be read (nothing is believed). */
  async recordOf(server: string): Promise<InstallRecord | undefined> {
    const records = await this.file.read().catch(() => ({}) as Records);
    return Object.hasOwn(records, server) ? records[server] : undefined;
  }

  /**
   * Where `config` came from as the policy sees it: its install, while it runs what that install built.
   * `recordedAs`: the name its record is under, when that is not its own yet (a rename being saved).
   */
  async originOf(config: ServerConfig, recordedAs = config.name): Promise<ServerOrigin> {
    const record = await this.recordOf(recordedAs);
    if (!record || record.launch !== launchDigest(config)) return { kind: 'manual' };
    return originOfRecord(record.from);
  }

  /** The registry entry `server` was installed or last updated from (its launch edited since or not). */
  async registryOriginOf(server: string): Promise<RegistryOrigin | undefined> {
    const from = (await this.recordOf(server))?.from;
    if (from?.kind !== 'registry') return undefined;
    const { kind: _, ...origin } = from;
    return origin;
  }

  /**
   * Records that the host is installing `raw` (its config.json object) as `server`, from `from`. A
   * configuration that is not valid is not recorded: its save refuses it, saying why.
   */
  async install(server: string, from: InstalledFrom, raw: Record<string, unknown>): Promise<void> {
    const [config] = parseConfig({ mcpServers: { [server]: raw } }).servers;
    if (!config) return;
    const record: InstallRecord = { from, launch: launchDigest(config), at: Date.now() };
    return this.file.update((records) => ({ ...records, [server]: record }));
  }

  /**
   * Records each server as installed, then runs `write` (the save of config.json): a save that fails
   * takes its records back, so no record stands for a launch that was never written.
   */
  async installing(
    servers: { server: string; from: InstalledFrom; raw: Record<string, unknown> }[],
    write: () => Promise<void>,
  ): Promise<void> {
    const before = await Promise.all(servers.map((s) => this.recordOf(s.server)));
    for (const { server, from, raw } of servers) await this.install(server, from, raw);
    try {
      await write();
    } catch (error) {
      // Each record as it was (an update that failed leaves the server as it was installed).
      await this.file
        .update((records) => {
          const out = { ...records };
          servers.forEach(({ server }, i) => {
            const was = before[i];
            if (was) out[server] = was;
            else delete out[server];
          });
          return out;
        })
        .catch(() => {});
      throw error;
    }
  }

  /** A server renamed: its record goes with it (its launch, if unchanged, still matches). */
  rename(from: string, to: string): Promise<void> {
    return this.file.update((records) => {
      const { [from]: record, ...rest } = records;
      return record ? { ...rest, [to]: record } : records;
    });
  }

  forget(server: string): Promise<void> {
    return this.file.update((records) => {
      const { [server]: _, ...rest } = records;
      return rest;
    });
  }

  /** Resolves once every change asked for so far is on disk. */
  settled(): Promise<void> {
    return this.file.settled();
  }
}

function originOfRecord(from: InstalledFrom): ServerOrigin {
  switch (from.kind) {
    case 'registry':
      return { kind: 'registry', name: from.name, registryUrl: from.registryUrl, version: from.version };
    case 'bundle':
      return { kind: 'bundle' };
    case 'link':
      return { kind: 'link', format: from.format };
  }
}

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The file's records; one not well formed is left out (its server then counts as added by hand). */
function readRecords(value: unknown): Records {
  if (!isRecord(value)) throw new Error('not a JSON object');
  const out: Records = {};
  for (const [server, record] of Object.entries(value)) {
    if (!isRecord(record) || !text(record.launch) || typeof record.at !== 'number' || !isRecord(record.from))
      continue;
    const from = readFrom(record.from);
    if (from) out[server] = { from, launch: record.launch, at: record.at };
  }
  return out;
}

function readFrom(from: Record<string, unknown>): InstalledFrom | undefined {
  if (from.kind === 'registry') {
    // Read as config.json's copy is read: the same checks of every field and chosen value.
    const origin = readOrigin({ [ORIGIN_FIELD]: { ...from, url: from.registryUrl } });
    return origin && { kind: 'registry', ...origin };
  }
  if (from.kind === 'bundle' && text(from.name) && text(from.version))
    return { kind: 'bundle', name: from.name, version: from.version };
  if (from.kind === 'link' && text(from.format)) return { kind: 'link', format: from.format };
  return undefined;
}
