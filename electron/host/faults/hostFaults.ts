import type { ServerProblemKind } from '../../../shared/host/serverView';
import { RateLimit } from '../../../shared/rateLimit';
import type { AppLog } from '../logs/appLog';
import { errorText, type FaultSink } from './processGuard';
import { currentServer } from './serverScope';

export interface HostFaultsDeps {
  log: AppLog;
  /** Says a fault traced to a server on its card and in its log (nothing, if it is not running). */
  noteProblem(server: string, kind: ServerProblemKind, message: string): void;
}

/**
 * Errors nothing else handled — a listener that threw, a promise nobody awaited — and what becomes of
 * them: a line with the stack in the app log, and, when one server's message caused it (see
 * inServerScope), a problem on that server's card and in its log. Nothing here ever throws, and no
 * fault ends the host: the other servers, and the faulty one, go on.
 */
export class HostFaults {
  /** A storm of faults (a server repeating what breaks) costs the log a bounded amount: 20 in any 20 s. */
  private readonly budget = new RateLimit(20, 20_000);
  private unlogged = 0;

  constructor(private readonly deps: HostFaultsDeps) {}

  readonly report: FaultSink = (error, during, server = currentServer()) => {
    try {
      const message = error instanceof Error ? error.message : String(error);
      if (this.budget.take()) {
        const skipped = this.unlogged > 0 ? ` (${this.unlogged} more not logged before this one)` : '';
        this.unlogged = 0;
        this.deps.log.error(`${server ? `[server ${server}] ` : ''}${during}${skipped}: ${errorText(error)}`);
      } else this.unlogged++;
      if (server !== undefined)
        this.deps.noteProblem(
          server,
          'fault',
          `Switchboard failed ${during}: ${message}. The server goes on; restart it if it misbehaves.`,
        );
    } catch {
      // The report of a fault must not be a fault of its own.
    }
  };

  /** Written what the app log was told so far (tests, shutdown). */
  flush(): Promise<void> {
    return this.deps.log.flush();
  }

  /**
   * A listener whose error is reported (traced to the server in scope) instead of reaching the
   * emitter, which would throw it again where nothing catches it. `during` says what it was doing.
   */
  guard<T>(during: string | ((value: T) => string), listener: (value: T) => void): (value: T) => void {
    return (value) => {
      try {
        listener(value);
      } catch (error) {
        let what = 'in a listener';
        try {
          what = typeof during === 'string' ? during : during(value);
        } catch {}
        this.report(error, what, currentServer());
      }
    };
  }
}
