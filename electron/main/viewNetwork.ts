import type { WebRequest } from 'electron';
import { checkViewRequest, type ResolveAll, systemResolver } from '../host/apps/viewRequestRefusal';

/**
 * Every URL that leaves the machine from the window's session. The app itself loads nothing over
 * the network (app:// under a CSP of 'self'), so these are server Views' requests — fetches,
 * WebSockets, images, workers' requests, frames they declared — and whatever they lead to.
 */
export const VIEW_NETWORK_URLS = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'];

/**
 * Holds each of those requests until its host is resolved and judged (`checkViewRequest`): one that
 * reaches this machine or its network is cancelled and said on stderr. A View's CSP names hosts, not
 * addresses; this is where a name like 127.0.0.1.nip.io meets what it resolves to.
 */
export function guardViewNetwork(
  webRequest: Pick<WebRequest, 'onBeforeRequest'>,
  resolveAll: ResolveAll = systemResolver(),
  warn: (line: string) => void = (line) => console.warn(line),
): void {
  webRequest.onBeforeRequest({ urls: VIEW_NETWORK_URLS }, (details, callback) => {
    checkViewRequest(details.url, resolveAll)
      .catch((error: unknown) => `it could not be judged (${String(error)})`)
      .then((refusal) => {
        if (refusal) warn(`A view's request was refused: ${refusal}.`);
        callback(refusal ? { cancel: true } : {});
      });
  });
}
