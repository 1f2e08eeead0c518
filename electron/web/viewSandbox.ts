import { createServer } from 'node:http';
import type { AppViews } from '../host/apps/appViews';

export interface RunningViewSandbox {
  port: number;
  /** The sandbox page of a View: `http://v<id>.localhost:<port>/`, an origin of its own. */
  urlOf(viewId: string): string;
  /** What the app's CSP allows it to frame. */
  frameSource: string;
  close(): Promise<void>;
}

const HOST = /^v([0-9a-f]{24})\.localhost:(\d+)$/;

/**
 * The browser shell's View sandbox (MCP Apps): a second loopback server whose every View is a
 * subdomain of `localhost` (which browsers resolve to loopback) — an origin of its own, apart from
 * the app's and from every other View's, so no View reaches the app's storage, cookies or another
 * View. It serves one page: an open View's sandbox proxy with that View's CSP; anything else is 404.
 */
export async function startViewSandbox(
  views: Pick<AppViews, 'sandboxPage'>,
  bind: string,
): Promise<RunningViewSandbox> {
  let port = 0;
  const server = createServer((req, res) => {
    const match = HOST.exec(req.headers.host ?? '');
    const page =
      match &&
      Number(match[2]) === port &&
      req.method === 'GET' &&
      (req.url === '/' || req.url?.startsWith('/?'))
        ? views.sandboxPage(match[1]!)
        : undefined;
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' });
      return res.end('not found');
    }
    res.writeHead(200, page.headers);
    res.end(page.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, bind, () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    port,
    urlOf: (viewId) => `http://v${viewId}.localhost:${port}/`,
    frameSource: `http://*.localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
