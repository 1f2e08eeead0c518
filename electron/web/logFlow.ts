import type { HostEvent } from '../../shared/ipc/contract';

/** Above this many bytes waiting in a socket's send buffer, log entries wait instead of queueing there. */
const HIGH_WATER = 256 * 1024;
/** Log entries held for one slow page at most: past it the oldest are counted as dropped. */
const MAX_HELD = 5000;
const RETRY_MS = 20;

/** What LogFlow needs of a socket: its send buffer's fill and a way to send. */
export interface FlowSocket {
  readonly bufferedAmount: number;
  send(event: HostEvent): void;
}

/**
 * Backpressure for one page's WebSocket. Every event goes out as it comes, except log entries while
 * the socket's send buffer is over HIGH_WATER (the page, or the link, is behind): those are held —
 * at most MAX_HELD, the oldest dropped and counted — and sent as one batch once the buffer drains,
 * after a logsDropped event saying how many never will be. A flood cannot grow the host's memory
 * without bound, and everything else (consents, server states) is never held behind it.
 */
export class LogFlow {
  private held: Extract<HostEvent, { event: 'logEntries' }>['payload'] = [];
  private dropped = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly socket: FlowSocket) {}

  send(event: HostEvent): void {
    if (event.event === 'logsDropped') {
      this.dropped += event.payload.count;
      if (this.timer === undefined) this.drain();
      return;
    }
    if (event.event !== 'logEntries') {
      this.socket.send(event);
      return;
    }
    for (const entry of event.payload) this.held.push(entry);
    if (this.held.length >= 2 * MAX_HELD) {
      this.dropped += this.held.length - MAX_HELD;
      this.held = this.held.slice(-MAX_HELD);
    }
    if (this.timer === undefined) this.drain();
  }

  /** Stops retrying (the socket closed). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private drain(): void {
    this.timer = undefined;
    if (this.socket.bufferedAmount > HIGH_WATER) {
      this.timer = setTimeout(() => this.drain(), RETRY_MS);
      return;
    }
    if (this.held.length > MAX_HELD) {
      this.dropped += this.held.length - MAX_HELD;
      this.held = this.held.slice(-MAX_HELD);
    }
    if (this.dropped > 0) this.socket.send({ event: 'logsDropped', payload: { count: this.dropped } });
    this.dropped = 0;
    if (this.held.length > 0) this.socket.send({ event: 'logEntries', payload: this.held });
    this.held = [];
  }
}
