import type { RegistryClient, RegistryPage, ServerQuery } from './registryClient';
import type { RegistryEntry } from './registryEntry';
import { RegistryError } from './registryError';

/** The official registry holds thousands of servers; 50 pages of 100 is past any list a person reads. */
const DEFAULT_MAX_PAGES = 50;

/**
 * Pages of one query, one `next()` at a time (a "More" button), stopping with a RegistryError when the
 * registry hands back a cursor it gave before (it would page forever) or past `maxPages`.
 */
export class RegistryPager {
  private cursor: string | undefined;
  private readonly seen = new Set<string>();
  private pages = 0;
  private finished = false;

  constructor(
    private readonly client: RegistryClient,
    private readonly query: Omit<ServerQuery, 'cursor'> = {},
    private readonly maxPages = DEFAULT_MAX_PAGES,
  ) {}

  /** No page is left. */
  get done(): boolean {
    return this.finished;
  }

  async next(signal?: AbortSignal): Promise<RegistryPage> {
    if (this.finished) return { entries: [] };
    if (this.pages >= this.maxPages)
      throw new RegistryError(
        'page-limit',
        `The registry at ${this.client.baseUrl} still had more after ${this.maxPages} pages; search for something narrower`,
      );
    const page = await this.client.listServers(
      { ...this.query, ...(this.cursor ? { cursor: this.cursor } : {}) },
      signal,
    );
    this.pages++;
    const next = page.nextCursor;
    if (next === undefined) this.finished = true;
    else {
      if (this.seen.has(next))
        throw new RegistryError(
          'cursor-loop',
          `The registry at ${this.client.baseUrl} handed back a cursor it had given before (${JSON.stringify(next.slice(0, 80))}): it would page forever, so browsing stopped`,
        );
      this.seen.add(next);
      this.cursor = next;
    }
    return page;
  }
}

/** Every entry of a query, page by page, within the pager's limits (nothing when any page fails). */
export async function listAllServers(
  client: RegistryClient,
  query: Omit<ServerQuery, 'cursor'> = {},
  options: { maxPages?: number; signal?: AbortSignal } = {},
): Promise<RegistryEntry[]> {
  const pager = new RegistryPager(client, query, options.maxPages);
  const entries: RegistryEntry[] = [];
  while (!pager.done) entries.push(...(await pager.next(options.signal)).entries);
  return entries;
}
