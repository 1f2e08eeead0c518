// The one classifier of IP addresses that are this machine or its networks, used wherever something
// a server or a View names must not reach them: OAuth documents, a View's declared sources, and the
// addresses a View's request resolves to in the Electron shell.

/** The four bytes of a plain dotted quad, or undefined. */
function ipv4Bytes(text: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad and a `%zone` allowed), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let s = text.replace(/%[\w.-]+$/, '');
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups, written otherwise.
  const quad = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (quad) {
    const v4 = ipv4Bytes(quad[1]!);
    if (!v4) return undefined;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    s = `${s.slice(0, quad.index + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  if (!s.includes(':')) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
  return [...head, ...new Array<string>(8 - given).fill('0'), ...rest].map((g) => Number.parseInt(g, 16));
}

function localIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0 reaching this machine
    a === 10 ||
    a === 127 ||
    a! >= 224 || // multicast, reserved, broadcast
    (a === 169 && b === 254) || // link-local, cloud metadata services
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b! >= 64 && b! <= 127) // carrier-grade NAT, also Tailscale's addresses
  );
}

const fromGroups = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

function localIpv6(g: number[]): boolean {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry.
  if (zeroUpTo(5) && g[5] === 0xffff) return localIpv4(fromGroups(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return localIpv4(fromGroups(g[6]!, g[7]!));
  // 6to4 (2002:AABB:CCDD::) carries the IPv4 address of its relay's far end.
  if (g[0] === 0x2002) return localIpv4(fromGroups(g[1]!, g[2]!));
  return (
    zeroUpTo(6) || // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
    (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) || // local-use NAT64, 64:ff9b:1::/48
    (g[0]! & 0xfe00) === 0xfc00 || // unique local, fc00::/7
    (g[0]! & 0xffc0) === 0xfe80 || // link-local, fe80::/10
    (g[0]! & 0xffc0) === 0xfec0 || // the old site-local, fec0::/10
    (g[0]! & 0xff00) === 0xff00 // multicast
  );
}

/** Whether `text` is an IP address (a dotted quad or IPv6, brackets and a `%zone` allowed). */
export function isIpAddress(text: string): boolean {
  const t = text.replace(/^\[|\]$/g, '').toLowerCase();
  return ipv4Bytes(t) !== undefined || ipv6Groups(t) !== undefined;
}

/**
 * Whether an IP address is this machine or its networks — loopback (all of 127/8, ::1), unspecified
 * (0/8, ::), private (RFC 1918, fc00::/7), link-local (169.254/16, fe80::/10), carrier-grade NAT
 * (100.64/10), multicast and reserved — including an IPv4 address carried in an IPv6 form (mapped,
 * NAT64, 6to4). False for anything that is not an address: names are judged by whoever resolves them.
 */
export function isLocalAddress(address: string): boolean {
  const t = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4Bytes(t);
  if (v4) return localIpv4(v4);
  const v6 = ipv6Groups(t);
  return v6 !== undefined && localIpv6(v6);
}
