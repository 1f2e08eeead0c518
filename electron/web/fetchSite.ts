import type { IncomingMessage } from 'node:http';

/**
 * Where a request comes from, as the browser says it (Fetch Metadata, `Sec-Fetch-Site`). The session
 * cookie alone cannot tell: it is SameSite=Strict, but cookies know no ports, so a page on another
 * port of this computer is the same *site* and its navigations carry the cookie. Only the app's own
 * pages (`same-origin`) and the person (`none`: typed, pasted, a bookmark, a link opened from the
 * terminal) may reach a route that shows or changes anything.
 *
 * - `allowed`: same-origin, or none.
 * - `unsaid`: the browser sends no Fetch Metadata (every current browser does): such a request may
 *   only trade a one-time link for its page, never use the session alone.
 * - `refused`: another site, or another page on this computer; `why` says which.
 */
export type FetchSite = { kind: 'allowed' } | { kind: 'unsaid' } | { kind: 'refused'; why: string };

export function fetchSite(req: IncomingMessage): FetchSite {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined) return { kind: 'unsaid' };
  if (site === 'same-origin' || site === 'none') return { kind: 'allowed' };
  return {
    kind: 'refused',
    why:
      site === 'same-site'
        ? 'this request comes from another page on this computer (Sec-Fetch-Site: same-site), not from Switchboard: open the address yourself'
        : `this request comes from another site (Sec-Fetch-Site: ${JSON.stringify(site)}), not from Switchboard: open the address yourself`,
  };
}

/** What the session alone cannot open for a browser that sends no Fetch Metadata. */
export const UNSAID =
  'your browser did not say where this request comes from (no Sec-Fetch-Site header), so it cannot be told from another page: open a new link from the terminal, or use a current browser';
