import type { HostApi, HostArgs, HostEvent, HostMethod, HostResults } from '../../shared/ipc/contract';
import { DisposableStore, type Disposer, Emitter } from '../mcp';
import { activityApi } from './api/activityApi';
import { bundleApi } from './api/bundleApi';
import { catalogApi } from './api/catalogApi';
import { chatApi } from './api/chatApi';
import { configApi } from './api/configApi';
import { consentApi } from './api/consentApi';
import { filesApi } from './api/filesApi';
import { followHost } from './api/hostEvents';
import { installApi } from './api/installApi';
import { rootsApi } from './api/rootsApi';
import { serversApi } from './api/serversApi';
import { settingsApi } from './api/settingsApi';
import type { ShellAbilities } from './api/shellAbilities';
import { updateApi } from './api/updateApi';
import { viewsApi } from './api/viewsApi';
import type { AppViews } from './apps/appViews';
import type { HostParts } from './hostParts';

/**
 * The host as the renderer sees it: exactly the contract's methods and events, ids in and views
 * out. No method takes a command to run (a server's command is only saved, and runs after the trust
 * prompt), and no result or event carries a secret.
 */
export type HostService = HostApi & {
  /** Everything the host pushes (a listener's throw is a host fault, traced to a server); returns the unsubscribe. */
  subscribe(listener: (event: HostEvent) => void): Disposer;
  /** Calls a method by name with arguments already validated against the contract. */
  invoke<M extends HostMethod>(method: M, args: HostArgs[M]): Promise<HostResults[M]>;
  /** For the shell, not the page: where it serves Views' sandbox pages, and each page. */
  readonly views: Pick<AppViews, 'sandboxPage' | 'setSandbox'>;
  dispose(): void;
};

/** The contract served from the host's parts, one area's handlers at a time, for a shell that can do `shell`. */
export function hostService(host: HostParts, shell: ShellAbilities = {}): HostService {
  const store = new DisposableStore();
  const events = store.add(new Emitter<HostEvent>());
  const fire = (event: HostEvent) => events.fire(event);
  store.add(followHost(host, shell, fire));
  const api: HostApi = {
    ...serversApi(host, shell),
    ...consentApi(host),
    ...configApi(host),
    ...catalogApi(host, fire),
    ...rootsApi(host, shell),
    ...settingsApi(host, shell),
    ...chatApi(host),
    ...filesApi(host),
    ...viewsApi(host),
    ...installApi(host),
    ...bundleApi(host, shell),
    ...updateApi(host),
    ...activityApi(host),
  };
  return {
    ...api,
    subscribe(listener) {
      const window = host.faults.guard((e: HostEvent) => `while sending ${e.event} to the window`, listener);
      return events.event(window);
    },
    invoke(method, args) {
      return api[method](...args);
    },
    views: host.apps,
    dispose: () => store.dispose(),
  };
}
