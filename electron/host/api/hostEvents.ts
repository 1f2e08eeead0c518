import type { HostEvent } from '../../../shared/ipc/contract';
import { DisposableStore } from '../../mcp';
import { CatalogChanges } from '../catalog/catalogView';
import type { HostParts } from '../hostParts';
import { coalesced } from './coalesced';
import { LogBatches } from './logBatches';
import { rootsView } from './rootsApi';
import type { ShellAbilities } from './shellAbilities';

/** The catalog is sent at most this often (its changes come in bursts). */
const CATALOG_EVERY_MS = 50;
/** Entries recorded are said at most this often. */
const ACTIVITY_EVERY_MS = 250;

/**
 * What the host's parts say, as the contract's events (a run's progress aside: the tool runner
 * tells it). Disposing the store returned ends every subscription and the log batches' timer.
 */
export function followHost(host: HostParts, shell: ShellAbilities, fire: (event: HostEvent) => void) {
  const store = new DisposableStore();
  const logs = new LogBatches(fire);
  store.add(host.registry.onChange((views) => fire({ event: 'serversChanged', payload: views })));
  store.add(
    host.registry.configState.onProblem((problem) =>
      fire({ event: 'configProblem', payload: problem ?? null }),
    ),
  );
  store.add(host.logs.onEntry((entry) => logs.add(entry)));
  // After the subscription that feeds it: nothing arrives once its timer is cleared.
  store.add(logs);
  store.add(host.consent.onChange((queue) => fire({ event: 'consentsChanged', payload: queue })));
  store.add(host.consent.onWithdrawn((payload) => fire({ event: 'consentWithdrawn', payload })));
  store.add(host.activityNotices.onChange((payload) => fire({ event: 'activityNotice', payload })));
  // A burst of changes (fifty servers starting, each listing its tools) is one change sent, not one
  // per change, at most every CATALOG_EVERY_MS; it carries whole only the servers that changed.
  const changes = new CatalogChanges(host.catalog);
  const catalog = store.add(
    coalesced(() => {
      const payload = changes.next();
      if (payload) fire({ event: 'catalogChanged', payload });
    }, CATALOG_EVERY_MS),
  );
  store.add(host.catalog.onChange(() => catalog.call()));
  // The Activity page reads its page again when entries were recorded (at most every 250 ms).
  let recorded = 0;
  const activity = store.add(
    coalesced(() => {
      fire({ event: 'activityChanged', payload: { recorded } });
      recorded = 0;
    }, ACTIVITY_EVERY_MS),
  );
  store.add(
    host.activity.onWritten((count) => {
      recorded += count;
      activity.call();
    }),
  );
  store.add(
    host.registry.onServerEvent((e) => {
      if (e.kind === 'resource-updated')
        fire({ event: 'resourceUpdated', payload: { server: e.server, uri: e.uri } });
      else if (e.kind === 'elicitation-complete')
        fire({ event: 'elicitationComplete', payload: { server: e.server, elicitationId: e.elicitationId } });
      else if (e.kind === 'open-sign-in')
        fire({ event: 'openSignIn', payload: { server: e.server, url: e.url, issuer: e.issuer } });
    }),
  );
  store.add(host.roots.onChange(() => fire({ event: 'rootsChanged', payload: rootsView(host, shell) })));
  store.add(host.chat.onEvent((payload) => fire({ event: 'chat', payload })));
  store.add(
    host.chat.onListChange(() => {
      void host.chat.list().then((payload) => fire({ event: 'conversationsChanged', payload }));
    }),
  );
  return store;
}
