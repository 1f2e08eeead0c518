import { afterEach, describe, expect, it } from 'vitest';
import {
  type HttpFixture,
  json,
  modernBasics,
  sseBreak,
  sseEvent,
  sseHead,
  startHttpFixture,
} from '../../../e2e/fixtures/http/httpFixture';
import { createHttpTransport, ErrorCode, McpClient, type McpClientOptions, McpError } from '../index';

/**
 * 2026-07-28 servers that misbehave on purpose, each answered with a clear error or a bounded
 * retry: input_required forever, a huge requestState, response streams that break, a listen
 * stream dropped again and again.
 */
const open: McpClient[] = [];
const fixtures: HttpFixture[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(fixtures.splice(0).map((f) => f.close()));
});

type Body = Record<string, unknown> & { id?: number; method?: string; params?: Record<string, unknown> };

async function connect(
  script: (res: import('node:http').ServerResponse, body: Body) => void,
  options: Partial<McpClientOptions> & {
    capabilities?: Record<string, unknown>;
    tools?: ({ name: string } & Record<string, unknown>)[];
  } = {},
): Promise<{ client: McpClient; fixture: HttpFixture; logs: string[] }> {
  const tools = options.tools ?? [{ name: 'work' }];
  const fixture = await startHttpFixture((_req, res, body) => {
    if (modernBasics(res, body, { tools, capabilities: options.capabilities })) return;
    script(res, body as Body);
  });
  fixtures.push(fixture);
  const client = await McpClient.connect({
    transport: createHttpTransport({ url: fixture.url }, 'auto'),
    protocol: 'auto',
    requestTimeoutMs: 10_000,
    ...options,
  });
  open.push(client);
  const logs: string[] = [];
  client.onProtocolLog((e) => logs.push(e.message));
  return { client, fixture, logs };
}

const inputRequired = (id: unknown, requestState: string) => ({
  jsonrpc: '2.0',
  id,
  result: {
    resultType: 'input_required',
    inputRequests: {
      q: {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Again?', requestedSchema: { type: 'object', properties: {} } },
      },
    },
    requestState,
  },
});
const done = (id: unknown, text: string) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', content: [{ type: 'text', text }] },
});
const calls = (f: HttpFixture) => f.requests.filter((r) => r.body?.method === 'tools/call');
/** Elicitation handlers that accept everything and count how often a person was asked. */
function counting() {
  const seen = { asked: 0 };
  const handlers = {
    elicitation: {
      form: async () => {
        seen.asked++;
        return { action: 'accept' as const, content: {} };
      },
    },
  };
  return { seen, handlers };
}

describe('hostile 2026-07-28 servers', () => {
  it('a server that answers input_required forever is stopped after 10 rounds, naming why', async () => {
    const { seen, handlers } = counting();
    const { client, fixture } = await connect((res, body) => json(res, inputRequired(body.id, 'again')), {
      handlers,
    });
    const error = (await client.callTool('work').catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(ErrorCode.InvalidResult);
    expect(error.message).toContain('still asks for more input after 10 rounds');
    expect(calls(fixture)).toHaveLength(11);
    expect(seen.asked).toBe(10);
    // Each round is a new request with a new id.
    expect(new Set(calls(fixture).map((r) => r.body!.id)).size).toBe(11);
  });

  it('a huge requestState is refused before anyone is asked anything', async () => {
    const { seen, handlers } = counting();
    const { client, fixture } = await connect(
      (res, body) => json(res, inputRequired(body.id, 'x'.repeat(2 * 1024 * 1024))),
      { handlers },
    );
    const error = (await client.callTool('work').catch((e: unknown) => e)) as McpError;
    expect(error.message).toMatch(/requestState of 2097152 characters, more than the 1048576/);
    expect(seen.asked).toBe(0);
    expect(calls(fixture)).toHaveLength(1);
  });

  /** A script whose tools/call streams break `breaks.left` times before the answer. */
  function breaking(breaks: { left: number }) {
    return (res: import('node:http').ServerResponse, body: Body) => {
      if (body.method !== 'tools/call') return json(res, { jsonrpc: '2.0', id: body.id, result: {} });
      if (breaks.left-- > 0) return sseBreak(res);
      json(res, done(body.id, 'finally'));
    };
  }

  it('a broken response stream under a tool that may act: not sent again, the error says it may have run', async () => {
    const breaks = { left: 1 };
    const { client, fixture, logs } = await connect(breaking(breaks), {
      tools: [{ name: 'work', annotations: { destructiveHint: false } }],
    });
    await client.listTools();
    const error = (await client.callTool('work').catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.ResponseLost);
    expect(error.message).toContain('it may have run on the server, so it is not sent again');
    // One consent, one run: the call went out once.
    expect(calls(fixture)).toHaveLength(1);
    expect(logs.filter((l) => l.includes('sent again as a new request'))).toHaveLength(0);
  });

  it('a broken response stream under a tool that may act: sent again only when confirmResend says so, asked each time', async () => {
    const breaks = { left: 1 };
    const { client, fixture } = await connect(breaking(breaks));
    await client.listTools();
    const asked: string[] = [];
    const result = await client.callTool(
      'work',
      {},
      {
        confirmResend: async () => {
          asked.push('again?');
          return true;
        },
      },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'finally' }]);
    expect(asked).toHaveLength(1);
    expect(calls(fixture)).toHaveLength(2);
    expect(new Set(calls(fixture).map((r) => r.body!.id)).size).toBe(2);

    breaks.left = 1;
    const error = (await client
      .callTool('work', {}, { confirmResend: async () => false })
      .catch((e: unknown) => e)) as McpError;
    expect(error.message).toContain('it may have run on the server, so it is not sent again');
    expect(calls(fixture)).toHaveLength(3);
  });

  it('annotations decide nothing: a read-only tool is not sent again unasked; allowed each time, at most twice', async () => {
    const breaks = { left: 1 };
    const { client, fixture, logs } = await connect(breaking(breaks), {
      tools: [{ name: 'look', annotations: { readOnlyHint: true, idempotentHint: true } }],
    });
    await client.listTools();
    const error = (await client.callTool('look').catch((e: unknown) => e)) as McpError;
    expect(error.message).toContain('it may have run on the server, so it is not sent again');
    expect(calls(fixture)).toHaveLength(1);

    breaks.left = 2;
    const result = await client.callTool('look', {}, { confirmResend: async () => true });
    expect(result.content).toEqual([{ type: 'text', text: 'finally' }]);
    const ids = calls(fixture).map((r) => r.body!.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(logs.filter((l) => l.includes('sent again as a new request'))).toHaveLength(2);

    breaks.left = 10;
    const capped = (await client
      .callTool('look', {}, { confirmResend: async () => true })
      .catch((e: unknown) => e)) as McpError;
    expect(capped.code).toBe(ErrorCode.ResponseLost);
    expect(capped.message).toContain('the response stream broke 3 times before the answer');
    expect(calls(fixture)).toHaveLength(7);
  });

  it('a listen stream dropped after every acknowledgement: reopened with growing pauses, the client keeps working', async () => {
    const { client, fixture, logs } = await connect(
      (res, body) => {
        if (body.method === 'subscriptions/listen') {
          sseHead(res);
          sseEvent(res, {
            data: { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: {} },
          });
          setTimeout(() => res.destroy(), 50);
          return;
        }
        json(res, done(body.id, 'ok'));
      },
      { capabilities: { tools: { listChanged: true } } },
    );
    await new Promise((r) => setTimeout(r, 3500));
    expect((await client.callTool('work')).content).toEqual([{ type: 'text', text: 'ok' }]);
    const listens = fixture.requests.filter((r) => r.body?.method === 'subscriptions/listen').length;
    // Opened at once, again after 1 s, again after 2 s: an acknowledgement alone does not reset the pause.
    expect(listens).toBeLessThanOrEqual(3);
    expect(logs.some((l) => l.includes('listening again in 2 s'))).toBe(true);
  });
});
