import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`: where the authorization server sends the browser back. */
  redirectUri: string;
  /** The full URL the browser came back to (its query holds the code or the error). */
  result: Promise<URL>;
  close(): void;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>Switchboard</title>
<body style="font:16px system-ui;margin:3em">Switchboard received the answer of the sign-in page.
You can close this tab and go back to Switchboard, which says whether signing in worked.</body>`;

/**
 * A one-shot listener on the loopback interface for the authorization redirect (RFC 8252 §7.3).
 * Tries `preferredPort` first (a registered redirect URI names a port), else an ephemeral one.
 * Answers only GET /callback; the page says nothing of the outcome, which is known only after the
 * response has been checked.
 */
export async function listenForRedirect(options: { preferredPort?: number; timeoutMs?: number } = {}) {
  const server = http.createServer();
  let settle: { resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  const result = new Promise<URL>((resolve, reject) => {
    settle = { resolve, reject };
  });
  result.catch(() => {});
  const port = await listen(server, options.preferredPort ?? 0).catch(() => listen(server, 0));
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE);
    settle?.resolve(url);
    close();
  });
  const timer = setTimeout(
    () => settle?.reject(new Error('the sign-in page did not come back in time')),
    options.timeoutMs ?? 10 * 60_000,
  );
  timer.unref();
  function close() {
    clearTimeout(timer);
    settle?.reject(new Error('sign-in was abandoned'));
    server.close();
    server.closeAllConnections();
  }
  const redirect: LoopbackRedirect = { redirectUri, result, close };
  return redirect;
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
