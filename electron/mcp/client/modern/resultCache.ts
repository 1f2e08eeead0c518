/**
 * The 2026-07-28 result cache (server/utilities/caching): a list page or a resource read is served
 * from here while it is fresh — `now < received + ttlMs` — keyed by the method and the parameters
 * that shape the result (the cursor, the URI), never by `_meta`. Absent, zero or negative `ttlMs`
 * is stale at once (nothing kept). A list_changed or resources/updated notification drops what it
 * names. One cache per client: a client is one server and one authorization context, so even a
 * `"private"` result is never shared beyond who asked for it.
 */
export const CACHEABLE_METHODS = new Set<string>([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** At most this many results kept: past it, the expired ones go, then the oldest. */
const MAX_ENTRIES = 500;

interface Entry {
  result: unknown;
  expires: number;
}

export class ResultCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A fresh result for exactly this request, or undefined. */
  get(method: string, params: unknown): unknown {
    const k = keyOf(method, params);
    const entry = this.entries.get(k);
    if (!entry) return undefined;
    if (this.now() < entry.expires) return entry.result;
    this.entries.delete(k);
    return undefined;
  }

  /** Keeps a complete result for as long as its `ttlMs` says (only cacheable methods, only ttlMs > 0). */
  put(method: string, params: unknown, result: unknown): void {
    if (!CACHEABLE_METHODS.has(method)) return;
    const ttl = (result as { ttlMs?: unknown } | null)?.ttlMs;
    if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) return;
    const k = keyOf(method, params);
    this.entries.delete(k); // set again below: the newest, last in line to go
    if (this.entries.size >= MAX_ENTRIES) this.sweep();
    this.entries.set(k, { result, expires: this.now() + ttl });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops what has expired; when still full, the oldest results (a Map iterates oldest first). */
  private sweep(): void {
    const now = this.now();
    for (const [k, entry] of this.entries) if (now >= entry.expires) this.entries.delete(k);
    for (const k of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(k);
    }
  }

  /** True when the first page of a list (or a read) would be asked of the server again. */
  isStale(method: string, params?: unknown): boolean {
    return this.get(method, params) === undefined;
  }

  /** Drops every page of a list (its list_changed), or one resource's reads (its resources/updated). */
  invalidate(method: string, uri?: string): void {
    const prefix = `${method}\u0000`;
    for (const k of [...this.entries.keys()]) {
      if (!k.startsWith(prefix)) continue;
      if (uri === undefined || k === keyOf(method, { uri })) this.entries.delete(k);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The method and the parameters that shape the result; `_meta` and absent values are not part of it. */
function keyOf(method: string, params: unknown): string {
  const shaping: Record<string, unknown> = {};
  if (params && typeof params === 'object') {
    for (const [k, v] of Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (k !== '_meta' && v !== undefined) shaping[k] = v;
    }
  }
  return `${method}\u0000${JSON.stringify(shaping)}`;
}
