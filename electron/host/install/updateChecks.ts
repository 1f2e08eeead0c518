// Whether a server installed from a registry has a newer version there: asked when the Servers page
// opens and now and then while it stays open, never more than once per entry in MIN_INTERVAL_MS
// (pages, cards and renders share one answer), and quietly: a registry that cannot be reached makes
// "could not check", never an error.
import { RegistryClient, type RegistryOrigin, updateAvailable } from './registry';

/** One check per entry per this long, however often the pages ask. */
const MIN_INTERVAL_MS = 10_000;
/** A check that takes longer is "could not check". */
const TIMEOUT_MS = 10_000;
/** Entries remembered (one per installed registry server, in practice). */
const MAX_ENTRIES = 500;

export type UpdateCheckResult =
  | { state: 'current'; version: string; checkedAt: number }
  | { state: 'available'; from: string; to: string; checkedAt: number }
  | { state: 'unknown'; version: string; checkedAt: number; reason: string };

export interface UpdateCheckOptions {
  minIntervalMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export class UpdateChecks {
  private readonly latest = new Map<string, { at: number; version: Promise<string> }>();

  constructor(private readonly options: UpdateCheckOptions = {}) {}

  /** What the registry `origin` names says now (or said less than the minimum interval ago). */
  async check(origin: RegistryOrigin): Promise<UpdateCheckResult> {
    const now = (this.options.now ?? Date.now)();
    const key = `${origin.registryUrl}\n${origin.name}`;
    let held = this.latest.get(key);
    if (!held || now - held.at >= (this.options.minIntervalMs ?? MIN_INTERVAL_MS)) {
      held = { at: now, version: this.ask(origin) };
      // Not left unhandled while nobody awaits it yet.
      held.version.catch(() => {});
      this.latest.delete(key);
      this.latest.set(key, held);
      if (this.latest.size > MAX_ENTRIES) this.latest.delete(this.latest.keys().next().value!);
    }
    const checkedAt = held.at;
    try {
      const version = await held.version;
      const update = updateAvailable(origin, { registryUrl: origin.registryUrl, name: origin.name, version });
      return update.available
        ? { state: 'available', from: update.from, to: update.to, checkedAt }
        : { state: 'current', version: origin.version, checkedAt };
    } catch (error) {
      return {
        state: 'unknown',
        version: origin.version,
        checkedAt,
        reason: error instanceof Error ? error.message : String(error),
      };
    }
  }

  /** Forgets what was read of `origin`'s entry: the next check asks again (after an update). */
  forget(origin: RegistryOrigin): void {
    this.latest.delete(`${origin.registryUrl}\n${origin.name}`);
  }

  private async ask(origin: RegistryOrigin): Promise<string> {
    const client = new RegistryClient({
      baseUrl: origin.registryUrl,
      timeoutMs: this.options.timeoutMs ?? TIMEOUT_MS,
    });
    return (await client.getServer(origin.name)).version;
  }
}
