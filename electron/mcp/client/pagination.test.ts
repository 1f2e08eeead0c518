import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { hostileStdio } from '../../../e2e/fixtures/servers';
import { ErrorCode, McpClient, StdioTransport } from '../index';
import type { WireTrace } from '../jsonrpc/connection';
import { MAX_LIST_ITEMS } from './pagination';

/**
 * Issue 35: 1,000,000 tools in 1,000 pages took the host to 2.5 GB and blocked it for 20 s. A
 * listing stops at MAX_LIST_ITEMS items and at its time limit, with an error naming the limit.
 */
const cleanups = cleanupsPerTest();

async function connect(era: 'legacy' | 'modern', mode: string) {
  const trace: WireTrace[] = [];
  const client = await McpClient.connect({
    transport: new StdioTransport(hostileStdio(era === 'modern' ? `modern-${mode}` : mode)),
    serverName: mode,
    protocol: era,
    onWireTrace: (t) => trace.push(t),
  });
  cleanups.push(() => client.close());
  const sent = (method: string) =>
    trace.filter((t) => t.direction === 'send' && (t.message as { method?: string }).method === method)
      .length;
  return { client, pages: () => sent('tools/list'), sent };
}

describe.each(['legacy', 'modern'] as const)('stdio, %s era: a listing has bounds', (era) => {
  it('1,000,000 tools in 1,000 pages: stopped past 10,000, naming the cap, after 11 pages', async () => {
    const { client, pages } = await connect(era, 'many-tools');
    const error = await errorOf(client.listTools());
    expect(error?.code).toBe(ErrorCode.InvalidResult);
    expect(error?.method).toBe('tools/list');
    expect(error?.message).toContain(`lists more than ${MAX_LIST_ITEMS} tools (11000 in its first 11 pages)`);
    expect(error?.message).toContain('server "many-tools"');
    expect(pages()).toBe(11);
  });

  it('a listing slower than its limit is stopped with an error naming it, the page in flight cancelled', async () => {
    const { client, pages, sent } = await connect(era, 'slow-pages');
    const error = await errorOf(client.listTools({ maxTotalTimeoutMs: 1000 }));
    expect(error?.code).toBe(ErrorCode.RequestTimeout);
    expect(error?.message).toMatch(/tools\/list took more than 1000 ms over \d+ pages/);
    expect(pages()).toBeLessThan(20);
    expect(sent('notifications/cancelled')).toBe(1);
  });

  it('a listing within the bounds is whole', async () => {
    const { client } = await connect(era, 'pages');
    expect((await client.listTools()).map((t) => t.name)).toEqual(['tool-0', 'tool-1', 'tool-2']);
  });
});
