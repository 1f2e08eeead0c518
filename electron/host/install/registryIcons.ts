// The icons a registry entry names (server.json `icons[]`), fetched by the host the way a server's own
// icon is (servers/serverIcon.ts: raster only — an SVG can carry script —, no credentials, no
// redirects, 5 s, 256 KB) and handed to the page as data: URLs. The page names an icon by an id the
// host gave it with the entry, never by its address, so it cannot make the host fetch anything else.
// An entry is anyone's text, so its icons follow the rule for URLs a document names (OAuth metadata,
// mcp/auth/addresses.ts), stricter: https only, and nothing on this computer or its networks — by
// its spelling, then by the address the connection resolves to — except the registry's own origin,
// which the host already trusts for what to run.
import { createHash } from 'node:crypto';
import { isIpAddress } from '../../../shared/localAddress';
import { isPrivateOrLocal } from '../../mcp/auth/addresses';
import { fetchIcon } from '../servers/serverIcon';
import { publicOnlyFetch } from './publicOnlyFetch';
import type { Icon } from './registry/serverJson';

/** Icons the host remembers the address of (the entries of the last pages browsed). */
const MAX_KNOWN = 2000;
/** Fetched icons (or their failure) kept, and for how long. */
const MAX_CACHED = 300;
const CACHE_MS = 30 * 60_000;
/** Fetches at once: a page of 30 entries does not open 30 connections. */
const CONCURRENCY = 4;

export interface RegistryIconOptions {
  timeoutMs?: number;
  now?: () => number;
}

/** What the page is told of one icon: an id to ask for it by, and what the entry says it is for. */
export interface RegistryIconRef {
  id: string;
  theme?: 'light' | 'dark';
  sizes?: string[];
}

/**
 * Names that only this computer or its network can answer: `localhost` and its subdomains, a name
 * without a domain (found through the network's search domains), and the local-use domains.
 */
function localName(hostname: string): boolean {
  const host = hostname.replace(/\.+$/, '').toLowerCase();
  return (
    !host.includes('.') ||
    /(?:^|\.)(?:localhost|localdomain|local|internal|home\.arpa)$/.test(host) ||
    host === 'ip6-localhost' ||
    host === 'ip6-loopback'
  );
}

/**
 * Why an icon's address is not fetched, or undefined: https only, as the schema asks; no user name or
 * password; nothing on this computer or its networks unless it is the registry's own origin.
 */
export function iconAddressProblem(src: string, registryUrl: string): string | undefined {
  if (!URL.canParse(src)) return 'is not a URL';
  const url = new URL(src);
  if (url.protocol !== 'https:') return `is ${url.protocol} (icons are fetched over https only)`;
  if (url.username || url.password) return 'holds a user name or password';
  if (URL.canParse(registryUrl) && url.origin === new URL(registryUrl).origin) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isPrivateOrLocal(host) || (!isIpAddress(host) && localName(host)))
    return `is on ${url.hostname}, this computer or its network (an icon may come from there only on the registry's own origin)`;
  return undefined;
}

/** An icon the page may ask for, and whether it is on the registry's own origin. */
interface KnownIcon {
  icon: Icon;
  ownOrigin: boolean;
}

export class RegistryIcons {
  private readonly known = new Map<string, KnownIcon>();
  private readonly cache = new Map<string, { at: number; data: Promise<string | undefined> }>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: RegistryIconOptions = {}) {}

  /**
   * The refs the page gets for the icons of an entry of `registryUrl` (those whose address may be
   * fetched, see iconAddressProblem), remembered for `icon`.
   */
  refs(icons: readonly Icon[], registryUrl: string): RegistryIconRef[] {
    const refs: RegistryIconRef[] = [];
    const registryOrigin = URL.canParse(registryUrl) ? new URL(registryUrl).origin : '';
    for (const icon of icons) {
      if (iconAddressProblem(icon.src, registryUrl)) continue;
      const ownOrigin = new URL(icon.src).origin === registryOrigin;
      const id = createHash('sha256')
        .update(`${icon.mimeType ?? ''}\n${icon.src}\n${ownOrigin ? registryOrigin : ''}`)
        .digest('base64url')
        .slice(0, 32);
      this.known.delete(id);
      this.known.set(id, { icon, ownOrigin });
      if (this.known.size > MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
      refs.push({
        id,
        ...(icon.theme ? { theme: icon.theme } : {}),
        ...(icon.sizes ? { sizes: icon.sizes } : {}),
      });
    }
    return refs;
  }

  /** The first of `ids` (in the page's order of preference) that can be shown, as a data: URL. */
  async icon(ids: readonly string[]): Promise<string | undefined> {
    for (const id of ids) {
      const known = this.known.get(id);
      if (!known) continue;
      const data = await this.fetchCached(id, known);
      if (data) return data;
    }
    return undefined;
  }

  private fetchCached(id: string, { icon, ownOrigin }: KnownIcon): Promise<string | undefined> {
    const now = (this.options.now ?? Date.now)();
    const held = this.cache.get(id);
    if (held && now - held.at < CACHE_MS) return held.data;
    const data = this.limited(() =>
      fetchIcon(new URL(icon.src), {
        ...(icon.mimeType ? { mimeType: icon.mimeType } : {}),
        ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
        // Anywhere but the registry, a name that resolves to a local address is not connected to.
        ...(ownOrigin ? {} : { fetcher: publicOnlyFetch }),
      }),
    );
    this.cache.delete(id);
    this.cache.set(id, { at: now, data });
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return data;
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    // A finished fetch hands its slot straight to the next one waiting.
    if (this.running >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
