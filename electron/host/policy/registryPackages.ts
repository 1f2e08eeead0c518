import { DEFAULT_REGISTRY_URL, listAllServers, RegistryClient } from '../install/registry';
import type { PackageName } from './packageNames';

/**
 * What a registry rule names, as its registry says: every package, remote address and source
 * repository (server.json's `repository.url`) of its entries.
 */
export type PackagesOf =
  | { known: true; packages: PackageName[]; remotes: string[]; repositories: string[] }
  | { known: false; registryUrl: string; why: string };

/** A registry that answered is asked again after this; one that did not, sooner. */
const KNOWN_MS = 10 * 60_000;
const UNKNOWN_MS = 30_000;
/** Every version of a namespace's entries: a namespace far larger than this is not one. */
const MAX_PAGES = 20;

/**
 * The packages a registry rule (`io.github.acme/tool`, `io.github.acme/*`) names, read from the
 * registry the policy fixes (its `registryUrl`, else the official one) — every version, deleted ones
 * too, so a package the entry ever named is its. Kept for a while; asked once for everyone waiting.
 * When the registry cannot be read the answer says so: the policy then refuses every launch through a
 * package runner under that rule, since which packages it means is unknown.
 */
export class RegistryPackages {
  /** By registry and rule: the answer, and until when it holds (none while it is being asked). */
  private readonly cache = new Map<string, { answer: Promise<PackagesOf>; until?: number }>();

  constructor(private readonly options: { fetch?: typeof fetch; now?: () => number } = {}) {}

  of(rule: string, registryUrl = DEFAULT_REGISTRY_URL): Promise<PackagesOf> {
    const now = this.options.now ?? Date.now;
    const key = `${registryUrl} ${rule.toLowerCase()}`;
    const held = this.cache.get(key);
    if (held && (held.until === undefined || now() < held.until)) return held.answer;
    const kept: { answer: Promise<PackagesOf>; until?: number } = { answer: this.read(rule, registryUrl) };
    this.cache.set(key, kept);
    void kept.answer.then((a) => {
      kept.until = now() + (a.known ? KNOWN_MS : UNKNOWN_MS);
    });
    return kept.answer;
  }

  private async read(rule: string, registryUrl: string): Promise<PackagesOf> {
    const want = rule.toLowerCase();
    const namespace = want.endsWith('/*') ? want.slice(0, -1) : undefined;
    try {
      const client = new RegistryClient({
        baseUrl: registryUrl,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
      const entries = await listAllServers(
        client,
        { search: namespace ?? want, latestOnly: false, includeDeleted: true, limit: 100 },
        { maxPages: MAX_PAGES },
      );
      const packages = new Map<string, PackageName>();
      const remotes = new Set<string>();
      const repositories = new Set<string>();
      for (const entry of entries) {
        if (!entry.valid) continue;
        const name = entry.name.toLowerCase();
        if (namespace ? !name.startsWith(namespace) : name !== want) continue;
        for (const p of entry.server.packages ?? [])
          packages.set(`${p.registryType} ${p.identifier}`, {
            registryType: p.registryType,
            identifier: p.identifier,
          });
        for (const r of entry.server.remotes ?? []) remotes.add(r.url);
        if (entry.server.repository?.url) repositories.add(entry.server.repository.url);
      }
      return {
        known: true,
        packages: [...packages.values()],
        remotes: [...remotes],
        repositories: [...repositories],
      };
    } catch (error) {
      return { known: false, registryUrl, why: error instanceof Error ? error.message : String(error) };
    }
  }
}
