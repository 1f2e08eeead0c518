import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { McpError } from '../mcpError';
import { StdioTransport } from '../transport/stdioTransport';
import { McpClient } from './mcpClient';
import type { McpClientOptions } from './mcpClientOptions';
import type { OpenedSession, SessionObserver } from './sessionObserver';

const cleanups = cleanupsPerTest();
const TRACE_SERVER = path.resolve(__dirname, '../../../e2e/fixtures/stdio/trace-server.mjs');
type Seen = { method: string; meta: Record<string, unknown> | null }[];

async function connect(era: 'legacy' | 'modern', extra: Partial<McpClientOptions> = {}) {
  const client = await McpClient.connect({
    transport: new StdioTransport({ command: process.execPath, args: [TRACE_SERVER, era], label: 'trace' }),
    serverName: 'trace',
    protocol: 'auto',
    ...extra,
  });
  cleanups.push(() => client.close());
  return client;
}
const seenBy = async (client: McpClient): Promise<Seen> =>
  JSON.parse(
    (await client.callTool('seen', {})).content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
  );

/** The seam's edge: an observer that gives each request a numbered trace context and keeps what it heard. */
function recordingObserver() {
  const heard = {
    requests: [] as { method: string; outcome?: 'result' | 'error'; code?: number }[],
    opened: [] as OpenedSession[],
    closed: [] as unknown[],
  };
  let n = 0;
  const observer: SessionObserver = {
    request(method) {
      const entry: (typeof heard.requests)[number] = { method };
      heard.requests.push(entry);
      const span = (++n).toString(16).padStart(16, '0');
      return {
        meta: { traceparent: `00-0af7651916cd43dd8448eb211c80319c-${span}-01`, tracestate: 'sb=1' },
        end(outcome) {
          if (entry.outcome) throw new Error(`${method} ended twice`);
          entry.outcome = outcome.error === undefined ? 'result' : 'error';
          if (outcome.error instanceof McpError) entry.code = outcome.error.code;
        },
      };
    },
    opened: (session) => heard.opened.push(session),
    closed: (error) => heard.closed.push(error),
  };
  return { observer, heard };
}

describe.each(['legacy', 'modern'] as const)('the request observer seam, %s era', (era) => {
  it('without an observer no request carries trace context', async () => {
    const client = await connect(era);
    await client.listTools();
    const seen = await seenBy(client);
    expect(seen.length).toBeGreaterThan(2);
    for (const s of seen) {
      expect(s.meta ?? {}).not.toHaveProperty('traceparent');
      expect(s.meta ?? {}).not.toHaveProperty('tracestate');
    }
  });

  it("every request carries the observer's context, each request heard once to its end, the session's life too", async () => {
    const { observer, heard } = recordingObserver();
    const client = await connect(era, { observer });
    expect(heard.opened).toEqual([
      { era, protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25', sessionId: undefined },
    ]);
    await client.listTools();
    await expect(client.request('prompts/list', undefined)).rejects.toThrow();
    const seen = await seenBy(client);
    // Each request as sent carries the context given for it: the n-th request, the n-th span.
    seen.forEach((s, i) => {
      expect(s.meta?.traceparent).toBe(
        `00-0af7651916cd43dd8448eb211c80319c-${(i + 1).toString(16).padStart(16, '0')}-01`,
      );
      expect(s.meta?.tracestate).toBe('sb=1');
    });
    expect(heard.requests.map((r) => r.method)).toEqual(seen.map((s) => s.method));
    // All ended but the `seen` call, whose answer is being read.
    expect(heard.requests.slice(0, -1).every((r) => r.outcome !== undefined)).toBe(true);
    await client.close();
    expect(heard.closed).toEqual([undefined]);
  });

  it("the observer's context replaces the caller's trace keys as a set, and keeps the caller's other _meta", async () => {
    const { observer } = recordingObserver();
    const client = await connect(era, { observer });
    // A caller's `_meta` (the typed params have no such field: it rides along as a View's would).
    const params = {
      name: 'echo',
      arguments: { text: 'x' },
      _meta: {
        traceparent: '00-ffffffffffffffffffffffffffffffff-ffffffffffffffff-01',
        baggage: 'made=up',
        'com.example/kept': 1,
      },
    };
    await client.request('tools/call', params);
    const call = (await seenBy(client)).find(
      (s) => s.method === 'tools/call' && s.meta?.['com.example/kept'] === 1,
    )!;
    expect(call.meta?.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-/);
    expect(call.meta).not.toHaveProperty('baggage');
    expect(call.meta?.['com.example/kept']).toBe(1);
  });
});

it('a session the server ends is told to the observer as lost; one we close, as ended', async () => {
  const { observer, heard } = recordingObserver();
  const client = await connect('legacy', { observer });
  await expect(client.callTool('exit', {})).rejects.toThrow(McpError);
  await expect.poll(() => heard.closed.length).toBe(1);
  expect(heard.closed[0]).toBeInstanceOf(McpError);
  expect((heard.closed[0] as McpError).code).toBe(-32000);
  expect(heard.requests.at(-1)).toMatchObject({ method: 'tools/call', outcome: 'error', code: -32000 });
});

it('a failed opening is told to the observer with its error', async () => {
  const { observer, heard } = recordingObserver();
  await expect(
    McpClient.connect({
      transport: new StdioTransport({
        command: process.execPath,
        args: ['-e', 'process.exit(3)'],
        label: 'gone',
      }),
      serverName: 'gone',
      observer,
    }),
  ).rejects.toThrow();
  expect(heard.closed).toHaveLength(1);
  expect(heard.closed[0]).toBeInstanceOf(Error);
  expect(heard.requests[0]).toMatchObject({ method: 'initialize', outcome: 'error' });
});
