import type { ActivityBody } from '../../../shared/host/activity';
import type { ServerConfig } from '../config/serverConfig';
import { launchSummary } from '../servers/serverIdentity';
import { launchText } from './serverChanges';

/** Trust and sign-ins, as the activity record keeps them (redacted; never a token). */
export class AccessRecord {
  constructor(
    private readonly record: ((entry: ActivityBody) => void) | undefined,
    private readonly redact: (text: string) => string,
  ) {}

  /** Trust given or refused: the launch that was shown, in one line. Nothing for a remote server. */
  trust(server: string, serverIdentity: string, config: ServerConfig, given: boolean): void {
    const launch = launchSummary(config);
    if (launch)
      this.record?.({
        kind: 'trust',
        server,
        serverIdentity,
        given,
        launch: this.redact(launchText(launch)),
      });
  }

  /** Runs a sign-in or a sign-out and records how it ended: ok, or why not. */
  async signIn(server: string, change: 'signed-in' | 'signed-out', work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.record?.({ kind: 'sign-in', server, change, outcome: 'ok' });
    } catch (error) {
      const reason = this.redact(error instanceof Error ? error.message : String(error));
      this.record?.({ kind: 'sign-in', server, change, outcome: 'error', reason });
      throw error;
    }
  }
}
