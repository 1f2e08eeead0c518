// A URL as the network will use it, for the managed policy's url rules and its fixed registry: the
// host lower-cased and in punycode (WHATWG URL parsing does both), without the final dot(s) a DNS name
// may carry (`localhost.` is `localhost`), an IPv4 address written as IPv6 (`[::ffff:127.0.0.1]`,
// which the network delivers to 127.0.0.1) as the IPv4 address, the default port dropped, no user
// name or fragment, and the path with repeated slashes as one (servers read `//admin` as `/admin`)
// and letters spelled in percent-encoding (`%6D`) read as the letters the server will see. Two
// spellings of one address then compare equal, so a deny rule is not passed by writing it another way.
// What a server may read in a path besides (`%2f`, `;params`) is urlRuleMatches' business.

export interface NormalUrl {
  /** `https://mcp.acme.com:8443`: scheme, host, port (only when not the scheme's default). */
  origin: string;
  /** The path and query, `/mcp?team=a`. */
  path: string;
}

/** Unreserved characters (RFC 3986 §2.3): escaping them changes nothing a server reads. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The IPv4 address inside an IPv6 one that reaches it — mapped (`::ffff:a.b.c.d`), translated
 * (`::ffff:0:a.b.c.d`) or compatible (`::a.b.c.d`, not `::` or `::1`) — or undefined. `hostname` is
 * as WHATWG URL writes it: bracketed, lower case, hexadecimal groups, `::` for the longest zeros.
 */
function ipv4Inside(hostname: string): string | undefined {
  const inner = hostname.slice(1, -1);
  const [head = '', tail] = inner.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':').map((g) => Number.parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const groups = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g))) return undefined;
  const zeros = (n: number) => groups.slice(0, n).every((g) => g === 0);
  const reaches =
    (zeros(5) && groups[5] === 0xffff) ||
    (zeros(4) && groups[4] === 0xffff && groups[5] === 0) ||
    (zeros(6) && (groups[6] !== 0 || groups[7]! > 1));
  if (!reaches) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

export function normalUrl(url: string): NormalUrl | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const host = parsed.hostname.startsWith('[')
    ? (ipv4Inside(parsed.hostname) ?? parsed.hostname)
    : parsed.hostname.replace(/\.+$/, '');
  // The parser leaves `port` empty when it is the scheme's default.
  const port = parsed.port ? `:${parsed.port}` : '';
  const path = `${parsed.pathname.replace(/\/{2,}/g, '/')}${parsed.search}`.replace(
    /%([0-9A-Fa-f]{2})/g,
    (escaped, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escaped.toUpperCase();
    },
  );
  return { origin: `${parsed.protocol}//${host}${port}`, path };
}

/** Whether two URLs name the same place (a final slash aside), as normalUrl reads them. */
export function sameNormalUrl(a: string, b: string): boolean {
  const x = normalUrl(a);
  const y = normalUrl(b);
  if (!x || !y) return a === b;
  return x.origin === y.origin && x.path.replace(/\/+$/, '') === y.path.replace(/\/+$/, '');
}
