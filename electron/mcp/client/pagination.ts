import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import type { CallOptions } from './mcpClient';

const MAX_PAGES = 1000;

interface Requester {
  readonly serverName: string;
  request<T>(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>;
}

/**
 * Follows nextCursor until the list ends. Cursors are opaque; a server that repeats one (or never
 * stops) gets an error instead of an endless loop.
 */
export async function collectPages<T>(
  client: Requester,
  method: string,
  key: string,
  options: CallOptions,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request<Record<string, unknown>>(
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
    items.push(...(list as T[]));
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
