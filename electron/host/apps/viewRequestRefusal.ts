// What a View (MCP Apps) may reach, judged at request time by where its host resolves. A View's CSP
// names hosts, and a public name can resolve to 127.0.0.1 (`127.0.0.1.nip.io`) or the person's
// network: the Electron shell asks this before each request leaves a View (its session's request
// hook), so the answer — not the name — decides.

import { lookup } from 'node:dns/promises';
import { isIpAddress, isLocalAddress } from '../../../shared/localAddress';
import { viewHostRefusal } from '../../../shared/mcp/viewSourceRefusal';

/** Every address a name resolves to (rejects when it resolves to none). */
export type ResolveAll = (hostname: string) => Promise<string[]>;

/** The schemes that leave the machine; anything else (the View's own sandbox, blob:, data:) is not judged here. */
const NETWORK = new Set(['http:', 'https:', 'ws:', 'wss:']);

const bare = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why a View may not reach `url`, its host having resolved to `addresses`, or undefined. An address
 * written in the URL is judged itself; a name is refused by what it is (`localhost` and its
 * subdomains — which Chromium answers itself, without asking any resolver —, known wildcard-DNS
 * names, home-network suffixes), then by every address it resolved to: one on this machine or its
 * network refuses it, and so does a name that resolved to nothing.
 */
export function viewRequestRefusal(url: URL, addresses: readonly string[]): string | undefined {
  if (!NETWORK.has(url.protocol)) return undefined;
  const host = bare(url);
  if (isIpAddress(host))
    return isLocalAddress(host) ? `${url.host} is on this machine or its network` : undefined;
  const byName = viewHostRefusal(host, false);
  if (byName) return `${host} ${byName}`;
  if (addresses.length === 0) return `${host} resolves to no address`;
  // Anything that is not an address is refused too: the resolver's answer is all there is to go on.
  const local = addresses.filter((a) => !isIpAddress(a) || isLocalAddress(a));
  if (local.length > 0) return `${host} resolves to ${local.join(', ')}, on this machine or its network`;
  return undefined;
}

/**
 * Why a View's request to `url` is refused, or undefined: the host resolved with `resolveAll` (not
 * at all for an address, or a name refused by what it is) and judged by `viewRequestRefusal`. A URL
 * that does not parse, or a name that does not resolve, is refused: the request would go nowhere
 * good, and the hook must not pass what it could not judge.
 */
export async function checkViewRequest(url: string, resolveAll: ResolveAll): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url.slice(0, 80))} is not a URL`;
  }
  if (!NETWORK.has(parsed.protocol)) return undefined;
  const host = bare(parsed);
  if (isIpAddress(host) || viewHostRefusal(host, false)) return viewRequestRefusal(parsed, []);
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `${host} could not be resolved (${typeof code === 'string' ? code : String(error)})`;
  }
  return viewRequestRefusal(parsed, addresses);
}

/**
 * The system's resolver (getaddrinfo, as Chromium's default one: /etc/hosts included), every
 * address of a name, at most `atOnce` names at a time. Each lookup holds one of Node's four pool
 * threads, which also serve the host's files: a View asking for a thousand slow names waits for its
 * own answers instead of stalling the app.
 */
export function systemResolver(
  atOnce = 2,
  lookupAll: ResolveAll = async (host) => (await lookup(host, { all: true })).map((a) => a.address),
): ResolveAll {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (host) => {
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await lookupAll(host);
    } finally {
      // A waiter takes this slot over: `running` stays as it is.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
