// The sandbox proxy page of MCP Apps: served on a View's own origin (never the app's), with the
// View's CSP as its header. The app frames it; it frames the View. Both shells serve it the same way.

/**
 * The proxy's script. It answers only its parent (the app: the page may be framed by nothing else),
 * and only the View's frame beneath it; it loads the View's HTML once, in a frame sandboxed to
 * scripts alone (an opaque origin: the View cannot touch this page, storage or cookies), which
 * inherits this page's CSP; it forwards everything else both ways except the proxy's own
 * `ui/notifications/sandbox-*` messages; a View that navigates its frame away is closed.
 */
const PROXY_SCRIPT = String.raw`(() => {
  'use strict';
  const allow = __ALLOW__;
  if (window.top === window) { document.body.textContent = 'Switchboard view sandbox'; return; }
  const host = window.parent;
  const hostOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '*';
  const SANDBOX = 'ui/notifications/sandbox-';
  const own = (data) => data && typeof data === 'object' && typeof data.method === 'string' && data.method.startsWith(SANDBOX);
  let frame;
  let loads = 0;
  // WebRTC is outside CSP: the View's window starts without it (defence in depth; Electron also
  // refuses UDP that is not proxied). First in the document, after a leading doctype only (which it
  // keeps): a "<head>" further in may be in a comment, a title or a script, where the prelude would be
  // inert (found by an attack review); the parser starts <html> and <head> around it.
  const PRELUDE = '<script>for (const k of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCIceCandidate", "RTCSessionDescription"]) { try { Object.defineProperty(window, k, { value: undefined, configurable: false, writable: false }); } catch (e) {} }</scr' + 'ipt>';
  const withPrelude = (html) => {
    const at = /^\s*<!doctype[^>]*>/i.exec(html);
    return at ? at[0] + PRELUDE + html.slice(at[0].length) : PRELUDE + html;
  };
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === host) {
      if (hostOrigin !== '*' && event.origin !== hostOrigin) return;
      if (own(data)) {
        if (data.method !== 'ui/notifications/sandbox-resource-ready' || frame) return;
        const html = data.params && data.params.html;
        if (typeof html !== 'string') return;
        frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        if (allow) frame.setAttribute('allow', allow);
        frame.setAttribute('title', 'Server view');
        frame.addEventListener('load', () => {
          if (++loads > 1) {
            frame.remove();
            document.body.textContent = 'The view navigated away from its page and was closed.';
            host.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/request-teardown', params: {} }, hostOrigin);
          }
        });
        frame.srcdoc = withPrelude(html);
        document.body.appendChild(frame);
        return;
      }
      if (frame && frame.contentWindow) frame.contentWindow.postMessage(data, '*');
      return;
    }
    // The View's document is the srcdoc (an opaque origin, "null"): a page it navigated its frame to
    // (a declared frame domain) has an origin of its own, and is not the View.
    if (frame && event.source === frame.contentWindow && event.origin === 'null' && !own(data))
      host.postMessage(data, hostOrigin);
  });
  host.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin);
})();`;

/** The proxy page for a View granted `allow` (the iframe `allow` attribute, '' for none). */
export function sandboxProxyHtml(allow: string): string {
  const script = PROXY_SCRIPT.replace('__ALLOW__', JSON.stringify(allow.replace(/[^a-z; -]/g, '')));
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>view</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>${script}</script></body></html>`;
}

/** The headers the proxy page is served with: the View's CSP, nothing cached, nothing sniffed. */
export function sandboxProxyHeaders(csp: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
}
