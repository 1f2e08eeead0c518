import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpFixture, json, mcpBasics, startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { modernTasksServer } from '../../../e2e/fixtures/http/modernTasksServer';
import { everythingStdio } from '../../../e2e/fixtures/servers';
import {
  createHttpTransport,
  ErrorCode,
  McpClient,
  McpError,
  StdioTransport,
  type TaskState,
} from '../index';

/**
 * Task-augmented tool calls (2025-11-25 basic/utilities/tasks) against server-everything's
 * simulate-research-query, a tool whose taskSupport is "required": four stages of a second each,
 * an elicitation through the task when the topic is ambiguous, and tasks/cancel.
 */
const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(handlers: Parameters<typeof McpClient.connect>[0]['handlers'] = {}) {
  const transport = new StdioTransport(everythingStdio());
  const sent: string[] = [];
  const client = await McpClient.connect({ transport, handlers, requestTimeoutMs: 20_000 });
  client.onWireTrace((t) => {
    const m = t.message as { method?: string };
    if (t.direction === 'send' && m.method) sent.push(m.method);
  });
  open.push(client);
  return { client, sent };
}

describe('tasks (2025-11-25)', () => {
  it('a tool that requires a task runs as one: its status is followed, its result taken from tasks/result', async () => {
    const { client, sent } = await connect();
    await client.listTools();
    const states: TaskState[] = [];
    const result = await client.callTool(
      'simulate-research-query',
      { topic: 'tides' },
      { onTask: (s) => states.push(s) },
    );
    expect(JSON.stringify(result.content)).toContain('tides');
    expect(states[0]?.status).toBe('working');
    expect(states.at(-1)?.status).toBe('completed');
    // The stages' messages came through polling.
    expect(states.some((s) => s.statusMessage?.includes('Analyzing content'))).toBe(true);
    expect(new Set(states.map((s) => s.taskId)).size).toBe(1);
    expect(sent).toContain('tasks/get');
    expect(sent).toContain('tasks/result');
  }, 30_000);

  it('what the task needs from the person (an elicitation) goes through the same handler', async () => {
    const asked: string[] = [];
    const { client } = await connect({
      elicitation: {
        form: async (params) => {
          asked.push(params.message);
          const property = params.requestedSchema.properties?.interpretation as {
            oneOf: { const: string }[];
          };
          const options = property.oneOf;
          return { action: 'accept' as const, content: { interpretation: options[0]!.const } };
        },
      },
    });
    await client.listTools();
    const states: TaskState[] = [];
    const result = await client.callTool(
      'simulate-research-query',
      { topic: 'python', ambiguous: true },
      { onTask: (s) => states.push(s) },
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('python');
    expect(states.some((s) => s.status === 'input_required')).toBe(true);
    expect(states.at(-1)?.status).toBe('completed');
    expect(JSON.stringify(result.content)).toContain('python');
  }, 30_000);

  it('cancel sends tasks/cancel and ends the call as cancelled', async () => {
    const { client, sent } = await connect();
    await client.listTools();
    const controller = new AbortController();
    const states: TaskState[] = [];
    const call = client.callTool(
      'simulate-research-query',
      { topic: 'glaciers' },
      { signal: controller.signal, onTask: (s) => states.push(s) },
    );
    // Cancelled while it works (its four stages take four seconds).
    await expect.poll(() => states.length).toBeGreaterThan(0);
    setTimeout(() => controller.abort(), 1200);
    const error = (await call.catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(ErrorCode.RequestCancelled);
    await expect.poll(() => sent.includes('tasks/cancel')).toBe(true);
    await expect.poll(() => states.at(-1)?.status).toBe('cancelled');
  }, 30_000);
});

/**
 * A 2025-11-25 server with task-augmented tools/call that misbehaves as each test scripts: slow to
 * create the task, a long pollInterval, a task that ends but whose tasks/result never answers.
 */
describe('tasks (2025-11-25), hostile servers', () => {
  const fixtures: HttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });
  type Script = {
    createAfterMs?: number;
    pollInterval?: number;
    status?: () => string;
    /** tasks/get answered with this error instead, while it returns one. */
    getError?: () => { code: number; message: string } | undefined;
  };
  async function legacy(script: Script) {
    const state = { cancelled: [] as string[] };
    const fixture = await startHttpFixture((req, res, body) => {
      const reply = (result: unknown) => json(res, { jsonrpc: '2.0', id: body!.id, result });
      const task = (status: string) => ({
        taskId: 't-1',
        status,
        createdAt: new Date().toISOString(),
        ttl: 60_000,
        pollInterval: script.pollInterval ?? 250,
      });
      if (body?.method === 'tools/list')
        return reply({
          tools: [{ name: 'long', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }],
        });
      if (
        mcpBasics(req, res, body, {
          capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } }, cancel: {} } },
        })
      )
        return;
      switch (body?.method) {
        case 'tools/call':
          setTimeout(() => reply({ task: task('working') }), script.createAfterMs ?? 0);
          return;
        case 'tasks/get': {
          const error = script.getError?.();
          if (error) return json(res, { jsonrpc: '2.0', id: body!.id, error });
          return reply(task(script.status?.() ?? 'working'));
        }
        case 'tasks/cancel':
          state.cancelled.push(String((body.params as { taskId: string }).taskId));
          return reply(task('cancelled'));
        case 'tasks/result':
          return; // held: never answered
      }
    });
    fixtures.push(fixture);
    const client = await McpClient.connect({
      transport: createHttpTransport({ url: fixture.url }, 'auto'),
      protocol: 'legacy',
      requestTimeoutMs: 2_000,
    });
    open.push(client);
    await client.listTools();
    const sent = () => fixture.requests.map((r) => r.body?.method).filter(Boolean);
    return { client, state, sent };
  }

  it('stopped before the server made it a task: no notifications/cancelled, the task then made is cancelled with tasks/cancel', async () => {
    const { client, state, sent } = await legacy({ createAfterMs: 600 });
    const controller = new AbortController();
    const call = client.callTool('long', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = (await call.catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.RequestCancelled);
    expect(error.message).toContain('before the server made it a task');
    await expect.poll(() => state.cancelled).toEqual(['t-1']);
    expect(sent()).not.toContain('notifications/cancelled');
  });

  it('a call already stopped is not sent at all', async () => {
    const { client, sent } = await legacy({});
    const error = (await client
      .callTool('long', {}, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.RequestCancelled);
    expect(sent()).not.toContain('tools/call');
  });

  it('a server slow to make the task: a timeout of ours, no notifications/cancelled, the task made later cancelled', async () => {
    const { client, state, sent } = await legacy({ createAfterMs: 3000 });
    const error = (await client.callTool('long').catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.RequestTimeout);
    expect(error.message).toContain('did not answer within 2 s');
    await expect.poll(() => state.cancelled, { timeout: 5000 }).toEqual(['t-1']);
    expect(sent()).not.toContain('notifications/cancelled');
  });

  it('a stop during a long poll interval ends the call at once, not after the pause', async () => {
    const { client, state } = await legacy({ pollInterval: 60_000 });
    const controller = new AbortController();
    const states: TaskState[] = [];
    const call = client.callTool('long', {}, { signal: controller.signal, onTask: (s) => states.push(s) });
    await expect.poll(() => states.length).toBe(1);
    const stoppedAt = Date.now();
    controller.abort();
    const error = (await call.catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.RequestCancelled);
    // The pause is 10 s (pollInterval 60 s, bounded); the call must not wait it out.
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    await expect.poll(() => state.cancelled).toEqual(['t-1']);
  });

  it('a task that ends but whose tasks/result never answers is an error naming it, after a request time', async () => {
    let gets = 0;
    const { client } = await legacy({ status: () => (++gets >= 2 ? 'completed' : 'working') });
    const states: TaskState[] = [];
    const error = (await client
      .callTool('long', {}, { onTask: (s) => states.push(s) })
      .catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toContain('task t-1 ended completed, but tasks/result did not answer within 2 s');
    expect(states.at(-1)?.status).toBe('completed');
  });

  it('tasks/get failing on and on gives the task up, naming it, and cancels it on the server', async () => {
    const { client, state, sent } = await legacy({ getError: () => ({ code: -32603, message: 'busy' }) });
    const error = (await client.callTool('long').catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toMatch(
      /task t-1: tasks\/get failed 5 times in a row, so the task was given up .* the last failure: busy/,
    );
    expect(sent().filter((m) => m === 'tasks/get')).toHaveLength(5);
    await expect.poll(() => state.cancelled).toEqual(['t-1']);
  }, 20_000);

  it('a task the server no longer knows (-32602 on tasks/get) ends the call at once: not asked again, nothing to cancel', async () => {
    const { client, state, sent } = await legacy({
      getError: () => ({ code: -32602, message: 'Unknown task t-1' }),
    });
    const error = (await client.callTool('long').catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toContain(
      'task t-1: the server no longer knows this task (tasks/get: Unknown task t-1)',
    );
    expect(sent().filter((m) => m === 'tasks/get')).toHaveLength(1);
    expect(sent()).not.toContain('tasks/cancel');
    expect(state.cancelled).toEqual([]);
  });
});

describe('tasks (2026-07-28, the io.modelcontextprotocol/tasks extension)', () => {
  const fixtures: HttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  async function modern(
    handlers: Parameters<typeof McpClient.connect>[0]['handlers'] = {},
    options: Parameters<typeof modernTasksServer>[0] = {},
  ) {
    const server = modernTasksServer(options);
    const fixture = await startHttpFixture(server.handler);
    fixtures.push(fixture);
    const client = await McpClient.connect({
      transport: createHttpTransport({ url: fixture.url }, 'auto'),
      protocol: 'auto',
      handlers,
      requestTimeoutMs: 10_000,
    });
    open.push(client);
    return { client, server };
  }

  it('we declare the extension; a tool the server runs as a task is followed by tasks/get to its inlined result', async () => {
    const { client, server } = await modern();
    const states: TaskState[] = [];
    const result = await client.callTool('slow_compute', {}, { onTask: (s) => states.push(s) });
    expect(result.content).toEqual([{ type: 'text', text: 'computed 42' }]);
    expect(states.map((s) => s.status)).toEqual(['working', 'working', 'working', 'completed']);
    expect(states.map((s) => s.statusMessage).filter(Boolean)).toEqual(['step 1', 'step 2', 'step 3']);
    const call = server.seen.find((s) => s.method === 'tools/call')!;
    const caps = (call.params._meta as Record<string, { extensions?: object }>)[
      'io.modelcontextprotocol/clientCapabilities'
    ];
    expect(caps?.extensions).toHaveProperty(['io.modelcontextprotocol/tasks']);
    // No task hint in the call (the server decides), and the task named in Mcp-Name on every tasks/get.
    expect(call.params).not.toHaveProperty('task');
    const gets = server.seen.filter((s) => s.method === 'tasks/get');
    expect(gets.length).toBe(3);
    expect(gets.every((g) => g.name === g.params.taskId)).toBe(true);
    // A sync tool stays sync.
    expect((await client.callTool('greet')).content).toEqual([{ type: 'text', text: 'Hello!' }]);
  });

  it('input_required: each inputRequest goes to the same handler, the answers go back by tasks/update', async () => {
    const asked: string[] = [];
    const { client, server } = await modern({
      elicitation: {
        form: async (p) => {
          asked.push(p.message);
          return { action: 'accept' as const, content: { ok: true } };
        },
      },
    });
    const answers = (r: { content: { type: string; text?: string }[] }) =>
      JSON.parse(r.content[0]!.text!.slice('answers: '.length)) as Record<string, unknown>;
    expect(answers(await client.callTool('confirm_delete'))).toEqual({
      confirm: { action: 'accept', content: { ok: true } },
    });
    expect(Object.keys(answers(await client.callTool('multi_input'))).sort()).toEqual(['first', 'second']);
    expect(asked).toEqual(['Delete everything?', 'First question?', 'Second question?']);
    expect(server.seen.filter((s) => s.method === 'tasks/update')).toHaveLength(2);
  });

  it('a failed task is its JSON-RPC error; cancel sends tasks/cancel', async () => {
    const { client, server } = await modern();
    const failed = (await client.callTool('failing_job').catch((e: unknown) => e)) as McpError;
    expect(failed).toBeInstanceOf(McpError);
    expect(failed.code).toBe(-32603);
    expect(failed.message).toContain('the job crashed');

    const controller = new AbortController();
    const gets = () => server.seen.filter((s) => s.method === 'tasks/get').length;
    const before = gets();
    const call = client.callTool('slow_compute', {}, { signal: controller.signal });
    await expect.poll(gets).toBeGreaterThan(before);
    controller.abort();
    const error = (await call.catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.RequestCancelled);
    await expect.poll(() => server.seen.some((s) => s.method === 'tasks/cancel')).toBe(true);
  });

  it("each pause between polls leaves no listener behind on the caller's signal", async () => {
    const { client } = await modern({}, { polls: 6 });
    const controller = new AbortController();
    const result = await client.callTool('slow_compute', {}, { signal: controller.signal });
    expect(result.content).toEqual([{ type: 'text', text: 'computed 42' }]);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('tasks/get failing now and then is tried again; failing on and on gives the task up, naming it, and cancels it', async () => {
    const flaky = await modern({}, { failGets: 2 });
    expect((await flaky.client.callTool('slow_compute')).content).toEqual([
      { type: 'text', text: 'computed 42' },
    ]);

    const { client, server } = await modern({}, { failGets: 1000 });
    const error = (await client.callTool('slow_compute').catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toMatch(
      /task task-1: tasks\/get failed 5 times in a row, so the task was given up .* the last failure: busy/,
    );
    await expect.poll(() => server.seen.some((s) => s.method === 'tasks/cancel')).toBe(true);
  }, 20_000);

  it('a task the server no longer knows (-32602 on tasks/get) ends the call at once: not asked again, nothing to cancel', async () => {
    const { client, server } = await modern({}, { polls: 1_000_000 });
    const call = client.callTool('slow_compute', {}, { onTask: () => server.tasks.clear() });
    const error = (await call.catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toMatch(
      /task task-1: the server no longer knows this task \(tasks\/get: no such task\)/,
    );
    expect(server.seen.filter((s) => s.method === 'tasks/get')).toHaveLength(1);
    expect(server.seen.some((s) => s.method === 'tasks/cancel')).toBe(false);
  });
});
