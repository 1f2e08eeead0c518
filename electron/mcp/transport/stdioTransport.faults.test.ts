import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { connectHostileStdio } from '../../../e2e/fixtures/hostileStdioClient';
import { hostileStdio, processAlive } from '../../../e2e/fixtures/servers';
import { type ClientHandlers, ErrorCode, McpClient, McpError, StdioTransport } from '../index';
import type { ConnectionLog } from '../jsonrpc/connection';

const cleanups = cleanupsPerTest();

async function connect(mode: string, handlers: ClientHandlers = {}, timeoutMs = 5000) {
  const connected = await connectHostileStdio(
    mode,
    { serverName: mode, handlers, requestTimeoutMs: timeoutMs },
    cleanups,
  );
  const protocol: ConnectionLog[] = [];
  connected.client.onProtocolLog((l) => protocol.push(l));
  return { ...connected, protocol };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const echo = (client: McpClient, message = 'hi') => client.callTool('echo', { message });

describe('stdio client against hostile servers', () => {
  it('a server that exits mid-request: the call rejects as closed, with exit code and stderr tail', async () => {
    const { client, transport } = await connect('exit-mid-request');
    const err = await errorOf(echo(client));
    expect(err).toBeInstanceOf(McpError);
    expect(err!.code).toBe(ErrorCode.ConnectionClosed);
    expect(err!.message).toMatch(/exited with code 3/);
    expect(err!.message).toMatch(/about to crash/);
    expect(client.isClosed).toBe(true);
    expect(await processAlive(transport.pid!)).toBe(false);
  });

  it('a server that closes its stdout and keeps running: stopped, and the call fails as closed at once, saying why', async () => {
    const { client, transport } = await connect('close-stdout', {}, 10_000);
    const err = await errorOf(echo(client));
    expect(err!.code).toBe(ErrorCode.ConnectionClosed);
    expect(err!.message).toContain('closed its output while still running');
    expect(await processAlive(transport.pid!)).toBe(false);
  });

  it('junk before the first answer reaches onOpeningLog, heard while connecting (a listener added after connect never could)', async () => {
    const opening: string[] = [];
    const client = await McpClient.connect({
      transport: new StdioTransport(hostileStdio('junk-first')),
      serverName: 'junk-first',
      onOpeningLog: (entry) => opening.push(entry.message),
    });
    cleanups.push(() => client.close());
    expect(opening.some((m) => m.includes('not JSON'))).toBe(true);
    await client.ping();
  });

  it('a server that hangs: the call times out, notifications/cancelled is sent, the connection lives on', async () => {
    const { client, received } = await connect('hang');
    const err = await errorOf(client.callTool('echo', { message: 'x' }, { timeoutMs: 200 }));
    expect(err!.code).toBe(ErrorCode.RequestTimeout);
    await until(() => received().some((m) => m.method === 'notifications/cancelled'));
    const cancel = received().find((m) => m.method === 'notifications/cancelled')!;
    const call = received().find((m) => m.method === 'tools/call')!;
    expect((cancel.params as { requestId: unknown }).requestId).toBe(call.id);
    await client.ping();
  });

  it('requests with different timeouts each expire on their own deadline', async () => {
    const { client } = await connect('hang');
    const started = performance.now();
    let longSettled = false;
    const long = errorOf(client.callTool('echo', { message: 'long' }, { timeoutMs: 1500 })).finally(() => {
      longSettled = true;
    });
    const short = await errorOf(client.callTool('echo', { message: 'short' }, { timeoutMs: 150 }));
    expect(short!.code).toBe(ErrorCode.RequestTimeout);
    // Not held back by the longer deadline: the long call is still waiting (no wall-clock bound,
    // which a loaded machine can overrun).
    expect(longSettled).toBe(false);
    expect((await long)!.code).toBe(ErrorCode.RequestTimeout);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('a server that never answers initialize: connect times out and no cancellation is sent for initialize', async () => {
    const transport = new StdioTransport(hostileStdio('hang-init'));
    const stderr: string[] = [];
    transport.onLog((l) => stderr.push(l.text));
    const err = await errorOf(McpClient.connect({ transport, requestTimeoutMs: 300 }));
    expect(err!.code).toBe(ErrorCode.RequestTimeout);
    expect(err!.method).toBe('initialize');
    expect(stderr.some((l) => l.includes('notifications/cancelled'))).toBe(false);
    expect(await processAlive(transport.pid!)).toBe(false);
  });

  it('a version the client does not speak: disconnects with an error naming both versions', async () => {
    const transport = new StdioTransport(hostileStdio('version'));
    const err = await errorOf(McpClient.connect({ transport }));
    expect(err!.code).toBe(ErrorCode.VersionMismatch);
    expect(err!.message).toContain('1999-01-01');
    expect(err!.message).toContain('2025-11-25');
    expect(await processAlive(transport.pid!)).toBe(false);
  });

  it('an initialize result without serverInfo is refused', async () => {
    const err = await errorOf(McpClient.connect({ transport: new StdioTransport(hostileStdio('bad-init')) }));
    expect(err!.code).toBe(ErrorCode.InvalidResult);
    expect(err!.message).toMatch(/serverInfo/);
  });

  it('non-JSON on stdout is answered with -32700 and logged; the real response still arrives', async () => {
    const { client, protocol, received } = await connect('non-json');
    expect((await echo(client)).content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    expect(protocol.some((l) => l.message.includes('not JSON'))).toBe(true);
    await until(() => received().some((m) => (m.error as { code?: number })?.code === -32700));
  });

  it.each([
    ['invalid UTF-8 is reported, not decoded into garbage', 'invalid-utf8', 'not valid UTF-8'],
    ['an 11 MiB line is dropped under the 10 MiB cap; the connection carries on', 'huge-line', 'line limit'],
    ['a response with an unknown id is logged and dropped', 'unknown-id', 'unknown request id 987654'],
  ])('%s', async (_title, mode, logged) => {
    const { client, protocol } = await connect(mode);
    expect((await echo(client)).content[0]).toEqual({ type: 'text', text: 'Echo: hi' });
    expect(protocol.some((l) => l.message.includes(logged))).toBe(true);
  });

  it('a duplicate response resolves once; the second is dropped', async () => {
    const { client, protocol } = await connect('duplicate');
    await echo(client);
    await until(() => protocol.some((l) => l.message.includes('unknown request id')));
    expect((await echo(client, 'again')).content[0]).toEqual({ type: 'text', text: 'Echo: again' });
  });

  it('a late response after cancellation is dropped, as expected of it (no refusal)', async () => {
    const { client, protocol, received } = await connect('late');
    const controller = new AbortController();
    const call = client.callTool('echo', { message: 'slow', delayMs: 300 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await errorOf(call))!.code).toBe(ErrorCode.RequestCancelled);
    await until(() => protocol.some((l) => /^late result to tools\/call .*: ignored$/.test(l.message)));
    expect(protocol.filter((l) => l.level === 'warning')).toEqual([]);
    // The server's RECV line comes on stderr, which need not be read before the answer on stdout.
    await until(() => received().some((m) => m.method === 'notifications/cancelled'));
  });

  it('a stderr flood is captured as lines and does not disturb the protocol', async () => {
    const { client, stderr } = await connect('stderr-flood');
    expect((await echo(client)).content[0]).toEqual({ type: 'text', text: 'Echo: hi' });
    await until(() => stderr.some((l) => l.endsWith(' 1999')));
    expect(stderr.filter((l) => l.startsWith('flood')).length).toBeGreaterThan(1000);
  });

  it('a server that ignores SIGTERM and stdin close is killed with SIGKILL', async () => {
    const transport = new StdioTransport(hostileStdio('ignore-sigterm'));
    const client = await McpClient.connect({ transport });
    const pid = transport.pid!;
    const started = Date.now();
    await client.close();
    expect(await processAlive(pid)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // both grace periods were given
  });

  it('a grandchild that holds stdout and ignores SIGTERM does not survive the server', async () => {
    const { client, stderr } = await connect('grandchild');
    await until(() => stderr.some((l) => l.startsWith('grandchild pid')));
    const grandchild = Number(
      stderr
        .find((l) => l.startsWith('grandchild pid'))!
        .split(' ')
        .at(-1),
    );
    expect(await processAlive(grandchild)).toBe(true);
    await client.close();
    // SIGKILL went to the whole group; the kernel finishes the grandchild off a moment later.
    await expect.poll(() => processAlive(grandchild), { timeout: 3000, interval: 20 }).toBe(false);
  });

  it('a command that does not exist fails to start with a clear error', async () => {
    const transport = new StdioTransport({ command: 'definitely-not-a-real-mcp-server' });
    const err = await errorOf(McpClient.connect({ transport }));
    expect(err!.message).toMatch(/not found/);
    expect(err!.message).toMatch(/PATH/);
  });

  it('refuses methods the server did not declare, without sending them', async () => {
    const { client, received } = await connect('no-capabilities');
    const err = await errorOf(client.listTools());
    expect(err!.code).toBe(ErrorCode.CapabilityMissing);
    expect(err!.message).toMatch(/does not offer tools/);
    await client.ping();
    expect(received().some((m) => m.method === 'tools/list')).toBe(false);
  });

  it('answers bad and undeclared server requests with the right codes and survives', async () => {
    const { client, received } = await connect('probe', {
      elicitation: { form: async () => ({ action: 'cancel' }) },
    });
    await echo(client);
    const replies = () => received().filter((m) => 'id' in m && !('method' in m));
    await until(() => replies().length >= 5);
    const byId = (id: string) =>
      replies().find((r) => r.id === id) as { error?: { code: number }; result?: unknown };
    expect(byId('bad-1').error?.code).toBe(ErrorCode.InvalidRequest);
    expect(byId('unknown-1').error?.code).toBe(ErrorCode.MethodNotFound);
    expect(byId('roots-1').error?.code).toBe(ErrorCode.MethodNotFound); // we declared no roots
    expect(byId('elicit-1').error?.code).toBe(ErrorCode.InvalidParams); // url mode not declared
    expect(byId('ping-1').result).toEqual({});
    // 2025-11-25 has no batches: the array is refused as a whole, its ping never answered. The bare
    // `42` the server also sent is not a message either: two Invalid Request errors with a null id.
    const nullIdRefusals = () =>
      replies().filter((m) => m.id === null && (m.error as { code: number })?.code === -32600);
    await until(() => nullIdRefusals().length === 2);
    expect(byId('batch-1')).toBeUndefined();
    expect(received().some((m) => Array.isArray(m))).toBe(false);
  });

  it('accepts batches where the revision allows them and answers them as a batch', async () => {
    const { client, received } = await connect('batch');
    expect(client.protocolVersion).toBe('2025-03-26');
    const logged = new Promise((resolve) => client.onLogMessage(resolve));
    expect((await echo(client)).content[0]).toEqual({ type: 'text', text: 'batched' });
    await logged;
    await until(() => received().some((m) => Array.isArray(m)));
    const batch = received().find((m) => Array.isArray(m)) as unknown as { id: string }[];
    expect(batch.map((r) => r.id).sort()).toEqual(['b1', 'b2']);
  });

  it('log messages: a level outside the spec is kept as info, a message without a string level dropped', async () => {
    const { client, protocol } = await connect('log-levels');
    const messages: unknown[] = [];
    client.onLogMessage((m) => messages.push(m));
    await echo(client);
    await until(() => messages.length === 2);
    expect(messages).toEqual([
      { level: 'info', data: 'off-spec level' },
      { level: 'error', data: 'spec level' },
    ]);
    expect(protocol.some((l) => l.message.includes('no subscriber'))).toBe(false);
  });

  it('a server that cancels its own request: our handler is aborted and no response is sent', async () => {
    let aborted = false;
    const { client, received } = await connect('server-cancel', {
      sampling: {
        createMessage: (_params, ctx) =>
          new Promise((_resolve, reject) => {
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('aborted'));
            });
          }),
      },
    });
    await echo(client);
    expect(aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(received().some((m) => m.id === 1000)).toBe(false);
  });

  it('validates sampling requests: tools only if declared, no mixed or missing tool results, no context, fields of their types', async () => {
    const seen: string[] = [];
    const { client, received } = await connect('sampling-probe', {
      sampling: {
        tools: true,
        createMessage: async (params) => {
          seen.push(params.tools ? 'with tools' : `${params.messages.length} messages`);
          return { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' };
        },
      },
    });
    await echo(client);
    const reply = (id: string) =>
      received().find((m) => m.id === id && !('method' in m)) as {
        error?: { code: number; message: string };
      };
    await until(() =>
      ['s-tools', 's-mixed', 's-missing', 's-context', 's-typed', 's-answered'].every((id) => reply(id)),
    );
    expect(reply('s-tools').error).toBeUndefined();
    expect(reply('s-mixed').error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringMatching(/mixed/),
    });
    expect(reply('s-missing').error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: 'Tool result missing in request',
    });
    expect(reply('s-context').error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringMatching(/context/),
    });
    expect(reply('s-typed').error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: 'sampling/createMessage: systemPrompt must be a string',
    });
    expect(reply('s-answered').error).toBeUndefined();
    expect(seen.sort()).toEqual(['3 messages', 'with tools']);
  });

  it('refuses tool-enabled sampling when sampling.tools was not declared', async () => {
    const { client, received } = await connect('sampling-probe', {
      sampling: {
        createMessage: async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }),
      },
    });
    await echo(client);
    const tools = () =>
      received().find((m) => m.id === 's-tools' && !('method' in m)) as { error?: { code: number } };
    await until(() => tools() !== undefined);
    expect(tools().error?.code).toBe(ErrorCode.InvalidParams);
  });

  it('fires elicitation/complete once for a known URL elicitation, never for unknown ids', async () => {
    const completed: string[] = [];
    const { client } = await connect('elicit-complete', {
      elicitation: { url: async () => ({ action: 'accept' }) },
    });
    client.onElicitationComplete((e) => completed.push(e.elicitationId));
    await echo(client);
    expect(completed).toEqual(['known']);
  });

  it('follows pagination and stops a repeated cursor', async () => {
    const pages = await connect('pages');
    expect((await pages.client.listTools()).map((t) => t.name)).toEqual(['tool-0', 'tool-1', 'tool-2']);
    const loop = await connect('cursor-loop');
    expect((await errorOf(loop.client.listTools()))!.message).toMatch(/repeated the cursor/);
  });

  it('rejects structuredContent that does not match the outputSchema, keeping the result', async () => {
    const good = await connect('normal');
    expect((await good.client.callTool('weather')).structuredContent).toEqual({ temperature: 21 });
    const bad = await connect('bad-structured');
    const err = await errorOf(bad.client.callTool('weather'));
    expect(err!.code).toBe(ErrorCode.InvalidResult);
    expect(err!.message).toMatch(/temperature/);
    expect((err!.data as { result: unknown }).result).toBeDefined();
  });

  it('rejects a result whose content blocks lack what their type needs, naming the block, keeping the result', async () => {
    const bad = await connect('bad-content');
    const err = await errorOf(bad.client.callTool('echo', { message: 'x' }));
    expect(err!.code).toBe(ErrorCode.InvalidResult);
    expect(err!.message).toContain(
      'Tool echo returned a result that does not follow the MCP schema: content[1] (image) has no mimeType',
    );
    expect((err!.data as { result: unknown }).result).toMatchObject({ content: [{ text: 'ok' }, {}] });
  });

  it('periodic ping marks a silent server unhealthy after N misses', async () => {
    const transport = new StdioTransport(hostileStdio('ping-dead'));
    const client = await McpClient.connect({
      transport,
      ping: { intervalMs: 60, timeoutMs: 60, maxMissed: 2 },
    });
    cleanups.push(() => client.close());
    const change = await new Promise<{ healthy: boolean }>((resolve) => client.onHealthChange(resolve));
    expect(change.healthy).toBe(false);
    expect(client.health).toMatchObject({ healthy: false, missed: 2 });
  });
});
