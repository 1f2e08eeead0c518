import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import { LIST_KEYS, type ListItem, type ListMethod, type ResultOf } from './clientRequests';
import type { CallOptions } from './mcpClientOptions';

/** The most pages one listing follows. */
const MAX_LIST_PAGES = 1000;
/**
 * The most items one listing takes from a server (tools, resources, templates, prompts, skills).
 * Far beyond any real server (and beyond what a model can be shown), far below what takes a host's
 * memory: a million tools took it past 2 GB.
 */
export const MAX_LIST_ITEMS = 10_000;
/** The longest a whole listing may take, every page included (unless `maxTotalTimeoutMs` says). */
const LIST_TIME_LIMIT_MS = 60_000;

/** What following a list's pages needs of a client. */
export interface Requester {
  readonly serverName: string;
  request<M extends ListMethod>(
    method: M,
    params: { cursor: string } | undefined,
    options?: CallOptions,
  ): Promise<ResultOf<M>>;
}

/**
 * Follows nextCursor until the list ends. Cursors are opaque; a server that repeats one (or never
 * stops) gets an error instead of an endless loop. A listing past MAX_LIST_ITEMS, MAX_LIST_PAGES
 * or its time limit is an error naming the limit, rather than the first part of the list: what a
 * truncated list leaves out (a tool the person looks for, the model would need) is not said
 * anywhere, pages come in no promised order, and a list that changes with each listing would churn.
 */
export async function collectPages<M extends ListMethod>(
  client: Requester,
  method: M,
  options: CallOptions,
): Promise<ListItem<M>[]> {
  const key = LIST_KEYS[method];
  const items: ListItem<M>[] = [];
  const seen = new Set<string>();
  const fail = (code: number, why: string) =>
    new McpError(code, `${method} ${why}`, { server: client.serverName, method });
  // One deadline for the whole listing: each page is aborted when it passes (and told so).
  const limitMs = options.maxTotalTimeoutMs ?? LIST_TIME_LIMIT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('the listing took too long')), limitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      // What the server sent, checked for its shape by the client; the cursor is checked below.
      let result: Record<string, unknown>;
      try {
        result = await client.request(method, cursor ? { cursor } : undefined, { ...options, signal });
      } catch (error) {
        if (!deadline.signal.aborted || options.signal?.aborted) throw error;
        throw fail(
          ErrorCode.RequestTimeout,
          `took more than ${limitMs} ms over ${page + 1} pages (${items.length} items so far), the most one listing may take; the server may be overloaded or list too much`,
        );
      }
      const list = result[key];
      if (!Array.isArray(list)) throw fail(ErrorCode.InvalidResult, `result has no ${key} array`);
      if (items.length + list.length > MAX_LIST_ITEMS)
        throw fail(
          ErrorCode.InvalidResult,
          `lists more than ${MAX_LIST_ITEMS} ${key} (${items.length + list.length} in its first ${page + 1} pages), the most Switchboard takes from one server; none were used — the server needs to offer fewer`,
        );
      for (const item of list) items.push(item as ListItem<M>);
      const next = result.nextCursor;
      if (typeof next !== 'string' || next === '') return items;
      if (seen.has(next)) throw fail(ErrorCode.InvalidResult, `repeated the cursor ${JSON.stringify(next)}`);
      seen.add(next);
      cursor = next;
    }
  } finally {
    clearTimeout(timer);
  }
  throw fail(ErrorCode.InvalidResult, `did not end after ${MAX_LIST_PAGES} pages`);
}
