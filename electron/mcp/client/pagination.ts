import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import { LIST_KEYS, type ListItem, type ListMethod, type ResultOf } from './clientRequests';
import type { CallOptions } from './mcpClient';

const MAX_PAGES = 1000;

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
 * stops) gets an error instead of an endless loop.
 */
export async function collectPages<M extends ListMethod>(
  client: Requester,
  method: M,
  options: CallOptions,
): Promise<ListItem<M>[]> {
  const key = LIST_KEYS[method];
  const items: ListItem<M>[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    // What the server sent, unchecked: the page's items and cursor are checked below.
    const result: Record<string, unknown> = await client.request(
      method,
      cursor ? { cursor } : undefined,
      options,
    );
    const list = result[key];
    if (!Array.isArray(list)) {
      throw new McpError(ErrorCode.InvalidResult, `${method} result has no ${key} array`, {
        server: client.serverName,
        method,
      });
    }
    items.push(...(list as ListItem<M>[]));
    const next = result.nextCursor;
    if (typeof next !== 'string' || next === '') return items;
    if (seen.has(next)) {
      throw new McpError(ErrorCode.InvalidResult, `${method} repeated the cursor ${JSON.stringify(next)}`, {
        server: client.serverName,
        method,
      });
    }
    seen.add(next);
    cursor = next;
  }
  throw new McpError(ErrorCode.InvalidResult, `${method} did not end after ${MAX_PAGES} pages`, {
    server: client.serverName,
    method,
  });
}
