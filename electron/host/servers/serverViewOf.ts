import type { LaunchUpdate, ServerRefusal, ServerView, TrustRequest } from '../../../shared/host/serverView';
import { targetOf } from '../config/serverConfig';
import type { PendingLaunch } from './launchUpdate';
import type { ServerSession } from './serverSession';

/**
 * A configured server as its card shows it: state, the trust it waits for, refusal and sandbox — and,
 * while a running launch goes on until a new one replaces it, that launch (`target`) and the new one's
 * progress (`update`); else what the file says.
 */
export function viewOf(
  entry: { session: ServerSession; refused?: ServerRefusal | undefined; pending?: PendingLaunch | undefined },
  request: TrustRequest | undefined,
  update: LaunchUpdate | undefined,
): ServerView {
  const config = update ? entry.session.config : (entry.pending?.config ?? entry.session.config);
  const view: ServerView = {
    id: entry.session.id,
    kind: config.kind,
    target: targetOf(config),
    state: entry.session.state,
    wireTrace: entry.session.wireTrace,
  };
  // A disabled server asks when it is enabled (enabling does not change what it runs). A refused
  // server is not offered to trust: trusting it would run nothing.
  if (request && !config.disabled && !entry.refused) view.trustRequired = request;
  if (entry.refused) view.refused = entry.refused;
  if (entry.session.sandbox) view.sandbox = entry.session.sandbox.view();
  if (update) view.update = update;
  return view;
}
