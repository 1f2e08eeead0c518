import path from 'node:path';
import type { ActivityBody, ServerOrigin } from '../../../shared/host/activity';
import { JsonFile } from '../../store/jsonFile';
import { type SeenServer, seenServers, serverChanges } from './serverChanges';

type Seen = Record<string, SeenServer>;
type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSeen = (value: unknown): value is SeenServer =>
  isRecord(value) && typeof value.digest === 'string' && typeof value.disabled === 'boolean';

/**
 * What becomes of config.json's servers, in the activity record: each change the app saves, said
 * where it came from; and what was written to config.json by hand, or by another program, while no
 * Switchboard ran — told apart from the app's own saves by servers-seen.json, which holds the servers
 * as last seen (a digest of each, never the entry: see SeenServer), and recorded at the next start.
 * The app and `mcp install` (both on the person's data folder) share that file under its lock: the
 * first of them to start records an edit, the other then sees nothing new. `mcp chat` runs on a data
 * folder of its own (a copy of the servers), so it records none. A file that cannot be written is let
 * be (the record goes on): a change the app saved may then be recorded again at the next start, as
 * made outside it.
 */
export class ServerRecord {
  private readonly file: JsonFile<{ servers?: Seen }>;

  constructor(
    readonly filePath: string,
    private readonly redact: (text: string) => string,
    private readonly record: (entry: ActivityBody) => void,
  ) {
    this.file = new JsonFile(filePath, {
      what: 'servers last seen file',
      empty: () => ({}),
      // Only a record of what was seen: an odd or unreadable file is taken as nothing seen yet.
      parse: (value) =>
        isRecord(value) && isRecord(value.servers) && Object.values(value.servers).every(isSeen)
          ? { servers: value.servers as Seen }
          : {},
      mode: 0o600,
      unreadableIsEmpty: true,
    });
  }

  static inHome(home: string, redact: (text: string) => string, record: (entry: ActivityBody) => void) {
    return new ServerRecord(path.join(home, 'servers-seen.json'), redact, record);
  }

  /**
   * At start: what config.json's servers became since last seen, recorded as edited outside
   * Switchboard — nothing the first time (no record to compare with: what is there is taken as seen).
   */
  async started(servers: Raw): Promise<void> {
    const now = seenServers(servers, this.redact);
    let before: Seen | undefined;
    await this.file
      .update((current) => {
        before = current.servers;
        return { servers: now };
      })
      .catch(() => {});
    for (const entry of serverChanges(before ?? now, now, { via: 'file' })) this.record(entry);
  }

  /** A save by the app: what it did to each server, recorded as from `origin`; the result seen. */
  async saved(before: Raw, after: Raw, origin: ServerOrigin): Promise<void> {
    const now = seenServers(after, this.redact);
    for (const entry of serverChanges(seenServers(before, this.redact), now, origin)) this.record(entry);
    await this.file.update(() => ({ servers: now })).catch(() => {});
  }
}
