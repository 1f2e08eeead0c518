import { afterEach, describe, expect, it } from 'vitest';
import { everythingStdio } from '../../../e2e/fixtures/servers';
import { ErrorCode, McpClient, McpError, StdioTransport, type TaskState } from '../index';

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
