import type { ServerConfig } from '../config/serverConfig';
import { launchSummary } from '../config/serverIdentity';
import type { Redactor } from '../logs/redactor';
import type { ActivityLog } from './activityLog';
import { launchText } from './serverChanges';

/** Trust and sign-ins, as the activity record keeps them (redacted; never a token). */
export class AccessRecord {
  constructor(
    private readonly activity: Pick<ActivityLog, 'record'> | undefined,
    private readonly redactor: Pick<Redactor, 'redact'>,
  ) {}

  private redact(text: string): string {
    return this.redactor.redact(text);
  }

  /** Trust given or refused: the launch that was shown, in one line. Nothing for a remote server. */
  trust(server: string, serverIdentity: string, config: ServerConfig, given: boolean): void {
    const launch = launchSummary(config);
    if (launch)
      this.activity?.record({
        kind: 'trust',
        server,
        serverIdentity,
        given,
        launch: this.redact(launchText(launch)),
      });
  }

  /**
   * A server switched to its newly trusted launch (`to`, its config `config`) from `from`: how, and
   * whether the new one ran (else why not).
   */
  switched(
    server: string,
    change: { from: string; to: string; config: ServerConfig; how: 'beside' | 'alone' },
    error?: string,
  ): void {
    const launch = launchSummary(change.config);
    if (!launch) return;
    this.activity?.record({
      kind: 'switch',
      server,
      serverIdentity: change.to,
      from: change.from,
      how: change.how,
      outcome: error === undefined ? 'ok' : 'error',
      ...(error !== undefined ? { reason: this.redact(error) } : {}),
      launch: this.redact(launchText(launch)),
    });
  }

  /** Runs a sign-in or a sign-out and records how it ended: ok, or why not. */
  async signIn(server: string, change: 'signed-in' | 'signed-out', work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.activity?.record({ kind: 'sign-in', server, change, outcome: 'ok' });
    } catch (error) {
      const reason = this.redact(error instanceof Error ? error.message : String(error));
      this.activity?.record({ kind: 'sign-in', server, change, outcome: 'error', reason });
      throw error;
    }
  }
}
