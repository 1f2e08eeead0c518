import { isActive, type ServerRefusal } from '../../../shared/host/serverView';
import type { SerialQueue } from '../../store/serialQueue';
import type { AccessRecord } from '../activity/accessRecord';
import { firstTry } from './launchUpdate';
import type { Entry, ServerEntries } from './serverEntries';
import { refusalText } from './serverPolicy';

/** What a switch needs of the registry: its entries, changed one at a time in its queue. */
export interface SwitchHost {
  entries: ServerEntries;
  /** The registry's changes to its entries, one at a time (config.json applied, switches made). */
  queue: SerialQueue;
  /** Shutting down: nothing is switched. */
  closed(): boolean;
  changed(): void;
  access: AccessRecord;
}

const REPLACED = 'replaced by its newly trusted launch';
/** How long a replaced launch may take to answer what it was asked before the switch, before it stops. */
const RETIRE_WITHIN_MS = 30_000;

/**
 * How a server goes from its running launch to the one waiting to replace it (entry.pending). Beside:
 * the new one starts while the previous one runs and takes its place only once it runs; the previous
 * one then answers what it was asked (RETIRE_WITHIN_MS at most) and stops. An update so costs no time
 * without the server, and a new launch that does not start leaves the previous one running, saying
 * why. Alone: the previous one stops first, then the new one starts (a server that cannot run twice at
 * once: Restart after a failure beside; or nothing ran).
 */
export class LaunchSwitch {
  constructor(private readonly host: SwitchHost) {}

  /** The person trusted the launch waiting to replace the running one of `entry`: beside it, or alone if nothing runs. */
  async beside(entry: Entry): Promise<void> {
    const pending = entry.pending;
    if (!pending) return;
    if (!isActive(entry.session.state)) return this.alone(entry);
    const id = entry.session.id;
    const trial = this.host.entries.open(pending.config, pending.identity, { trusted: true });
    Object.assign(pending, { trial, since: Date.now(), error: undefined });
    this.host.changed();
    const error = await firstTry(trial.session);
    const outcome = await this.host.queue.run(async () => {
      // Replaced, removed, edited or stopped meanwhile: whatever did that stopped the trial too.
      if (
        this.host.closed() ||
        this.host.entries.get(id) !== entry ||
        entry.pending !== pending ||
        pending.trial !== trial
      )
        return 'abandoned';
      pending.trial = undefined;
      if (error) {
        pending.error = error;
        return 'failed';
      }
      this.host.entries.set(id, trial);
      this.host.entries.forgetEra(entry.identity);
      return 'switched';
    });
    if (outcome !== 'switched') trial.held.dispose();
    if (outcome === 'abandoned') return;
    this.record(entry, 'beside', error?.message);
    this.host.changed();
    // New calls go to the new launch from now on; the previous one answers what it was asked, then stops.
    if (outcome === 'switched')
      void this.host.entries.retire(entry, REPLACED, RETIRE_WITHIN_MS).catch(() => {});
  }

  /** The running launch of `entry` stops, then its trusted replacement starts in its place. */
  async alone(entry: Entry): Promise<void> {
    const next = await this.takeOver(entry, REPLACED);
    if (!next) return;
    const error = await firstTry(next.session);
    this.record(entry, 'alone', error?.message);
  }

  /**
   * The policy now refuses the running launch of `entry`, or the one waiting to replace it (`update`:
   * its refusal, if refused): the running one stops at once, and the file's launch takes its place —
   * refused, waiting for trust, or (trusted, and `start`) started.
   */
  async refused(entry: Entry, refusal: ServerRefusal, update: ServerRefusal | undefined, start: boolean) {
    const next = await this.takeOver(entry, refusalText(refusal), update);
    if (next?.trusted && !next.refused && start) await next.session.start();
  }

  /**
   * The file's launch (entry.pending) takes the place of the running one, which stops (for `reason`);
   * the new one, `refused` or not, is not started here. Undefined if the entry changed meanwhile.
   */
  async takeOver(entry: Entry, reason: string, refused?: ServerRefusal): Promise<Entry | undefined> {
    const next = await this.host.queue.run(async () => {
      const pending = entry.pending;
      if (this.host.closed() || !pending || this.host.entries.get(entry.session.id) !== entry) return;
      const opened = this.host.entries.open(pending.config, pending.identity, {
        trusted: pending.trusted,
        refused,
      });
      this.host.entries.set(entry.session.id, opened);
      this.host.entries.forgetEra(entry.identity);
      return opened;
    });
    if (!next) return undefined;
    this.host.changed();
    await this.host.entries.letGo(entry, reason);
    return next;
  }

  private record(entry: Entry, how: 'beside' | 'alone', error?: string): void {
    const pending = entry.pending;
    if (!pending) return;
    this.host.access.switched(
      entry.session.id,
      { from: entry.identity, to: pending.identity, config: pending.config, how },
      error,
    );
  }
}
