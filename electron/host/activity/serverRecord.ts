import path from 'node:path';
import type { ActivityBody, ServerOrigin } from '../../../shared/host/activity';
import { isRecord } from '../../../shared/json/isRecord';
import { JsonFile } from '../../store/jsonFile';
import { type SeenServer, seenServers, serverChanges } from './serverChanges';

type Seen = Record<string, SeenServer>;
type Raw = Record<string, unknown>;
const isSeen = (value: unknown): value is SeenServer =>
  isRecord(value) && typeof value.digest === 'string' && typeof value.disabled === 'boolean';

/**
 * What becomes of config.json's servers, in the activity record: each change the app saves, said
 * where it came from; and what was written to config.json by hand, or by another program, while no
 * Switchboard ran — told apart from the app's own saves by servers-seen.json, which holds the servers
 * as last seen (a digest of each, never the entry: see SeenServer), and recorded at the next start.
 * The app looks at its start; `mcp install` (which writes nothing to a folder it does not change)
 * finds them when it saves; both under the file's lock, so an edit is recorded once. `mcp chat` runs on
 * a data folder of its own (a copy of the servers), so it records none. A file that cannot be written is let
 * be (the record goes on): a change the app saved may then be recorded again at the next start, as
 * made outside it.
 */
export class ServerRecord {
  private readonly file: JsonFile<{ servers?: Seen }>;

  constructor(
    readonly filePath: string,
    private readonly redact: (text: string) => string,
    private readonly record: (entry: ActivityBody) => void,
    /** Whether `started` looks (`mcp install` does not: it leaves nothing in a folder it does not change). */
    private readonly atStart = true,
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

  static inHome(
    home: string,
    redact: (text: string) => string,
    record: (entry: ActivityBody) => void,
    atStart = true,
  ) {
    return new ServerRecord(path.join(home, 'servers-seen.json'), redact, record, atStart);
  }

  /**
   * At start: what config.json's servers became since last seen, recorded as edited outside
   * Switchboard — nothing the first time (no record to compare with: what is there is taken as seen).
   */
  async started(servers: Raw): Promise<void> {
    if (!this.atStart) return;
    const now = seenServers(servers, this.redact);
    // Unchanged since last seen (most starts): nothing to record, nothing to write.
    const seen = (await this.file.read().catch(() => ({}) as { servers?: Seen })).servers;
    if (seen && serverChanges(seen, now, { via: 'file' }).length === 0) return;
    let before: Seen | undefined;
    await this.file
      .update((current) => {
        before = current.servers;
        return { servers: now };
      })
      .catch(() => {});
    for (const entry of serverChanges(before ?? now, now, { via: 'file' })) this.record(entry);
  }

  /**
   * A save by the app: what was edited outside since last seen (found only now when `started` did not
   * look), then what the save did to each server, recorded as from `origin`; the result seen.
   */
  async saved(before: Raw, after: Raw, origin: ServerOrigin): Promise<void> {
    const was = seenServers(before, this.redact);
    const now = seenServers(after, this.redact);
    let outside: ActivityBody[] = [];
    await this.file
      .update((current) => {
        outside = current.servers ? serverChanges(current.servers, was, { via: 'file' }) : [];
        return { servers: now };
      })
      .catch(() => {});
    for (const entry of [...outside, ...serverChanges(was, now, origin)]) this.record(entry);
  }
}
