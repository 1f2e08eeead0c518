import type { Protocol } from 'electron';
import type { AppViews } from '../host/apps/appViews';
import { APP_ORIGIN } from './ipcBridge';

/** The scheme of server Views' sandboxes (MCP Apps): `sbview://v<id>/`, one origin per View. */
export const VIEW_SCHEME = 'sbview';

const VIEW_HOST = /^v([0-9a-f]{24})$/;

/** Where the sandbox page of View `viewId` is served: an origin of its own, never the app's. */
const viewUrlOf = (viewId: string) => `${VIEW_SCHEME}://v${viewId}/`;

/**
 * Serves every open View's sandbox proxy page, with that View's CSP as its header (the same page
 * the browser shell serves on `v<id>.localhost`). Anything else is 404.
 */
export function serveViews(protocol: Pick<Protocol, 'handle'>, views: Pick<AppViews, 'sandboxPage'>): void {
  protocol.handle(VIEW_SCHEME, (request) => {
    const url = new URL(request.url);
    const id = VIEW_HOST.exec(url.host)?.[1];
    const page =
      id !== undefined && url.pathname === '/' && request.method === 'GET'
        ? views.sandboxPage(id)
        : undefined;
    if (!page) return new Response('not found', { status: 404 });
    return new Response(page.body, { headers: page.headers });
  });
}

/** The sandbox a View is given in the Electron window: served above, framed only by the app. */
export const electronViewSandbox = { urlOf: viewUrlOf, frameAncestors: [APP_ORIGIN] };

/**
 * Whether a frame of the window may go to `url`. The window: the app's own page only. Sub-frames: a
 * View's sandbox, its `srcdoc`, and https pages — which a View's CSP lets it frame only where its
 * resource declared them (`frame-src`, checked by the browser for the sandbox and everything in it);
 * nothing else (plain http, the app, files, other schemes) ever loads in a frame.
 */
export function frameMayNavigate(url: string, isMainFrame: boolean): boolean {
  if (isMainFrame) return url.startsWith(`${APP_ORIGIN}/`);
  // https frames are what a View may declare (frameDomains); its CSP's frame-src decides which.
  return (
    url.startsWith(`${VIEW_SCHEME}://`) ||
    url.startsWith('https://') ||
    url === 'about:srcdoc' ||
    url === 'about:blank'
  );
}
