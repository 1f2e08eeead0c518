import type { ServerProblemKind } from '../../../shared/host/serverView';
import type { Disposer } from '../../mcp';

/** Shows one problem about one server (on its card and in its log). */
export type ShowProblem = (server: string, kind: ServerProblemKind, message: string) => void;

/**
 * Where a problem noticed about a server goes, for the parts made before the servers are — the fault
 * sink, the elicitation policy, the client features: they note it here, and the registry, made after
 * them, shows it on that server's session. Without this, those parts and the registry would each need
 * the other. A problem noted while nothing shows them (before the registry, after shutdown) goes
 * nowhere, as one about a server that is not running does.
 */
export class ServerProblemRoute {
  private readonly shows = new Set<ShowProblem>();

  /** Called as it is (the fault sink hands it on): a show that throws reaches the one noting. */
  readonly note: ShowProblem = (server, kind, message) => {
    for (const show of this.shows) show(server, kind, message);
  };

  /** Shows every problem noted from now until the disposer runs. */
  showWith(show: ShowProblem): Disposer {
    this.shows.add(show);
    return () => {
      this.shows.delete(show);
    };
  }
}
