import type { ConsentServer } from '../../../shared/host/consent';
import type { ServerProblemKind } from '../../../shared/host/serverView';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../shared/json/jsonDepth';
import { type ClientHandlers, ErrorCode, McpError } from '../../mcp';
import type { ActivityLog } from '../activity/activityLog';
import type { ConsentBroker } from '../consent/consentBroker';
import type { SamplingPolicy } from '../consent/samplingPolicy';
import { inServerScope } from '../faults/serverScope';
import type { RootsManager } from '../roots/rootsManager';

export interface ClientFeatureDeps {
  roots: Pick<RootsManager, 'rootsFor'>;
  /** Elicitations go to the person through this (the ElicitationPolicy: bounds, then the broker). */
  elicitation: Pick<ConsentBroker, 'elicit'>;
  /** Absent: sampling is not offered to servers at all (and not advertised). */
  sampling?: SamplingPolicy;
  /** Says on the server's card what it asked that was refused unread, and why. */
  noteProblem?: (server: string, kind: ServerProblemKind, message: string) => void;
  /** The activity record: the folders each server was shown when it asked. */
  activity?: Pick<ActivityLog, 'record'>;
}

/**
 * The client features one server gets, bound to who it is: its own roots, elicitation and sampling
 * through the consent broker. The capabilities a server sees follow from which handlers exist.
 * A request nested beyond MAX_JSON_DEPTH is refused before any dialog, with why: no dialog could
 * show it, and the window would not even receive it.
 */
export function clientFeatures(server: ConsentServer, deps: ClientFeatureDeps): ClientHandlers {
  // Each request handled in its server's scope: what fails on its account is traced to it.
  const scoped = <T>(method: string, params: unknown, work: () => Promise<T>): Promise<T> =>
    inServerScope(server.id, () => {
      if (!nestedDeeperThan(params)) return work();
      const why = `the request is nested deeper than ${MAX_JSON_DEPTH} levels, more than Switchboard shows`;
      deps.noteProblem?.(server.id, 'request', `Its ${method} request was refused: ${why}`);
      return Promise.reject(new McpError(ErrorCode.InvalidParams, `${method} refused: ${why}`));
    });
  const handlers: ClientHandlers = {
    roots: {
      list: () =>
        inServerScope(server.id, () => {
          const roots = deps.roots.rootsFor(server.id);
          deps.activity?.record({
            kind: 'roots-listed',
            server: server.id,
            serverIdentity: server.identity,
            roots: roots.map((r) => r.uri),
          });
          return roots;
        }),
    },
    elicitation: {
      form: (params, ctx) =>
        scoped('elicitation/create', params, () => deps.elicitation.elicit(server, params, ctx.signal)),
      url: (params, ctx) =>
        scoped('elicitation/create', params, () => deps.elicitation.elicit(server, params, ctx.signal)),
    },
  };
  const sampling = deps.sampling;
  if (sampling)
    handlers.sampling = {
      createMessage: (params, ctx) =>
        scoped('sampling/createMessage', params, () => sampling.createMessage(server, params, ctx.signal)),
    };
  return handlers;
}
