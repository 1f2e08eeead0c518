// A URL as the network will use it, for the managed policy's url rules and its fixed registry: the
// host lower-cased and in punycode (WHATWG URL parsing does both), without the final dot(s) a DNS name
// may carry (`localhost.` is `localhost`), the default port dropped, no user name or fragment, and the
// path with letters spelled in percent-encoding (`%6D`) read as the letters the server will see. Two
// spellings of one address then compare equal, so a deny rule is not passed by writing it another way.

export interface NormalUrl {
  /** `https://mcp.acme.com:8443`: scheme, host, port (only when not the scheme's default). */
  origin: string;
  /** The path and query, `/mcp?team=a`. */
  path: string;
}

/** Unreserved characters (RFC 3986 §2.3): escaping them changes nothing a server reads. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function normalUrl(url: string): NormalUrl | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const host = parsed.hostname.startsWith('[') ? parsed.hostname : parsed.hostname.replace(/\.+$/, '');
  // The parser leaves `port` empty when it is the scheme's default.
  const port = parsed.port ? `:${parsed.port}` : '';
  const path = `${parsed.pathname}${parsed.search}`.replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escaped.toUpperCase();
  });
  return { origin: `${parsed.protocol}//${host}${port}`, path };
}

/** Whether two URLs name the same place (a final slash aside), as normalUrl reads them. */
export function sameNormalUrl(a: string, b: string): boolean {
  const x = normalUrl(a);
  const y = normalUrl(b);
  if (!x || !y) return a === b;
  return x.origin === y.origin && x.path.replace(/\/+$/, '') === y.path.replace(/\/+$/, '');
}
