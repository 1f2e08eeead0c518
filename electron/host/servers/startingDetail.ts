import type { StartingState } from '../../../shared/host/serverView';
import type { Redactor } from '../logs/redactor';
import type { SessionLog } from './sessionLog';

/** How often a starting card's output is brought up to date (a chatty program is a few updates, not a flood). */
const OUTPUT_EVERY_MS = 250;

/**
 * Keeps a starting server's card current while the try lasts: the opening request it waits for (with
 * its limit) and the lines the program has written so far, redacted. Changes reach the card only while
 * the session is starting (the lifecycle ignores them otherwise).
 */
export class StartingDetail {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly log: SessionLog,
    private readonly redactor: Redactor,
    private readonly change: (change: (state: StartingState) => StartingState) => void,
  ) {
    log.onStderr = () => this.wrote();
  }

  waiting(request: 'server/discover' | 'initialize', timeoutMs: number): void {
    this.change((state) => ({ ...state, waiting: { request, timeoutMs, since: Date.now() } }));
  }

  /** The program wrote a line: shown within OUTPUT_EVERY_MS, with whatever else came meanwhile. */
  wrote(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const output = this.log.tail.map((line) => this.redactor.redact(line));
      this.change((state) => ({ ...state, output }));
    }, OUTPUT_EVERY_MS);
    this.timer.unref?.();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
