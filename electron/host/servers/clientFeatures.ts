import type { ConsentServer } from '../../../shared/host/consent';
import type { ClientHandlers } from '../../mcp';
import type { ConsentBroker } from '../consent/consentBroker';
import type { SamplingPolicy } from '../consent/samplingPolicy';
import type { RootsManager } from '../roots/rootsManager';

export interface ClientFeatureDeps {
  roots: Pick<RootsManager, 'rootsFor'>;
  consent: Pick<ConsentBroker, 'elicit'>;
  /** Absent: sampling is not offered to servers at all (and not advertised). */
  sampling?: SamplingPolicy;
}

/**
 * The client features one server gets, bound to who it is: its own roots, elicitation and sampling
 * through the consent broker. The capabilities a server sees follow from which handlers exist.
 */
export function clientFeatures(server: ConsentServer, deps: ClientFeatureDeps): ClientHandlers {
  const handlers: ClientHandlers = {
    roots: { list: () => deps.roots.rootsFor(server.id) },
    elicitation: {
      form: (params, ctx) => deps.consent.elicit(server, params, ctx.signal),
      url: (params, ctx) => deps.consent.elicit(server, params, ctx.signal),
    },
  };
  const sampling = deps.sampling;
  if (sampling)
    handlers.sampling = {
      createMessage: (params, ctx) => sampling.createMessage(server, params, ctx.signal),
    };
  return handlers;
}
