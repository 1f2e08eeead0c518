import type { LogEntry } from '../../../shared/host/serverView';
import type { HostEvent } from '../../../shared/ipc/contract';

/** Log entries are sent in batches gathered over this long. */
const LOG_BATCH_MS = 16;
/**
 * At most this many entries in one batch: past it, the oldest of the batch are counted and dropped
 * (a logsDropped event says how many) — a flood costs the page a bounded amount per frame.
 */
export const MAX_LOG_BATCH = 2000;

/** The host's log entries on their way to a page: gathered, bounded, and what did not fit counted. */
export class LogBatches {
  private pending: LogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dropped = 0;

  constructor(private readonly send: (event: HostEvent) => void) {}

  add(entry: LogEntry): void {
    this.pending.push(entry);
    // Trimmed in steps, not per entry: the batch stays between MAX and twice MAX at most.
    if (this.pending.length >= 2 * MAX_LOG_BATCH) {
      this.dropped += this.pending.length - MAX_LOG_BATCH;
      this.pending = this.pending.slice(-MAX_LOG_BATCH);
    }
    this.timer ??= setTimeout(() => this.flush(), LOG_BATCH_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private flush(): void {
    this.timer = undefined;
    let payload = this.pending;
    this.pending = [];
    if (payload.length > MAX_LOG_BATCH) {
      this.dropped += payload.length - MAX_LOG_BATCH;
      payload = payload.slice(-MAX_LOG_BATCH);
    }
    if (this.dropped > 0) {
      this.send({ event: 'logsDropped', payload: { count: this.dropped } });
      this.dropped = 0;
    }
    this.send({ event: 'logEntries', payload });
  }
}
