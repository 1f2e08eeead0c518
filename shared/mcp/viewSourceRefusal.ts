// Which network sources a View (MCP Apps) may declare. A View is the server's code running on the
// person's machine: it may not reach the machine itself or its network. A CSP names hosts, not the
// addresses they resolve to, so a name is judged by what it is known to resolve to, and a name that
// could resolve anywhere is left only where a certificate keeps a local service from answering it.

import { isLocalAddress } from '../localAddress';

/**
 * Names that never leave this machine or its network: `localhost` and its subdomains (every View's
 * sandbox among them), mDNS, ICANN's private-use `.internal`, the home network's `home.arpa`, the
 * suffixes routers and companies give their networks, and `.test` (RFC 6761), which local
 * development tools (Laravel Valet, Herd) serve from this machine over https with a CA they had the
 * system trust — none of them delegated in the public DNS.
 */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'lan',
  'localdomain',
  'home',
  'corp',
  'test',
];

/**
 * Public DNS names known to resolve to this machine or to whatever address they spell: nip.io,
 * sslip.io, xip.io, traefik.me and local-ip.co answer `127.0.0.1.nip.io` (or `192-168-1-1.sslip.io`)
 * with that address; the rest answer every name under them with 127.0.0.1 — and localhost.direct,
 * traefik.me, backloop.dev and local-ip.co publish a certificate with its private key for their
 * names, localhostcert.net issues real ones for its names, and DDEV (ddev.site) and Lando (lndo.site)
 * serve their local projects over https with a CA they had the system trust, so even https reaches
 * a local service through them. Not a complete list (anyone can make such a name, and sslip.io
 * serves other people's domains): plain http and ws to a name are refused below for that reason.
 */
const LOOPBACK_DNS_SUFFIXES = [
  'nip.io',
  'sslip.io',
  'xip.io',
  'traefik.me',
  'localhost.direct',
  'lvh.me',
  'localtest.me',
  'vcap.me',
  'lacolhost.com',
  'local.gd',
  'fuf.me',
  'localho.st',
  '127.ca',
  'colasloth.com',
  'backloop.dev',
  'ddev.site',
  'lndo.site',
  'localhostcert.net',
  'local-ip.co',
  'local-ip.medicmobile.org',
];

const LOCAL = 'is on this machine or its network';
const under = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/**
 * Why a host (a name, or a plain dotted quad; a leading `*.` given as `wildcard`) is not one a View
 * may reach, or undefined. Judged by the literal host: what a name resolves to is the Electron
 * shell's request hook's to judge (`electron/host/apps/viewRequestRefusal.ts`).
 */
export function viewHostRefusal(host: string, wildcard: boolean): string | undefined {
  const h = host.toLowerCase();
  const labels = h.split('.');
  // A host whose last label is a number is an IPv4 address to a browser (the URL standard): only a
  // plain dotted quad is taken, and never under a wildcard — Chromium matches `*.0.0.1` against
  // 127.0.0.1 and `*.254.169.254` against 169.254.169.254 (found by an attack review).
  if (/^(\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1]!)) {
    if (wildcard) return 'is a wildcard over addresses';
    if (!/^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/.test(h) || labels.some((l) => Number(l) > 255))
      return 'is not an address';
    return isLocalAddress(h) ? LOCAL : undefined;
  }
  if (LOCAL_SUFFIXES.some((s) => under(h, s))) return LOCAL;
  const dns = LOOPBACK_DNS_SUFFIXES.find((s) => under(h, s));
  if (dns) return `is under ${dns}, whose names resolve to this machine or its network`;
  if (labels.length < 2)
    return wildcard ? 'is a wildcard over a whole top-level domain' : 'is a single-label name';
  return undefined;
}

/**
 * Why a declared source (`scheme://[*.]host`) is not one a View may have, or undefined: its host as
 * above, and plain `http`/`ws` to a name. Any name can be made to resolve to 127.0.0.1 (the list
 * above is only what is known), and then only TLS keeps a local service from answering: no local
 * service holds a certificate for a public name. A public address written as such resolves to
 * nothing else, and may stay plain.
 */
export function viewSourceRefusal(scheme: string, host: string, wildcard: boolean): string | undefined {
  const why = viewHostRefusal(host, wildcard);
  if (why) return why;
  const plain = scheme.toLowerCase();
  if ((plain === 'http' || plain === 'ws') && !/^[\d.]+$/.test(host))
    return `is plain ${plain} to a name, which may resolve to this machine: only ${plain}s keeps a local service from answering`;
  return undefined;
}
