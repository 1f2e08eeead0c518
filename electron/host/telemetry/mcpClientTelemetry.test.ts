import path from 'node:path';
import { context, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import { everythingStdio, startModernHttp } from '../../../e2e/fixtures/servers';
import { createHttpTransport, McpClient, type McpClientOptions, StdioTransport } from '../../mcp';
import { McpClientTelemetry } from './mcpClientTelemetry';
import { Telemetry } from './telemetry';
import { telemetryFromEnv } from './telemetryConfig';

const cleanups = cleanupsPerTest();
const TRACE_SERVER = path.resolve(__dirname, '../../../e2e/fixtures/stdio/trace-server.mjs');
const traceStdio = (era: 'legacy' | 'modern') =>
  new StdioTransport({ command: process.execPath, args: [TRACE_SERVER, era], label: `trace-${era}` });

/** A receiver and the SDK sending to it, by the standard environment; both let go after the test. */
async function collecting(protocol: 'http/protobuf' | 'http/json' = 'http/protobuf') {
  const receiver = await OtlpReceiver.start();
  const { config, problems } = telemetryFromEnv({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_SERVICE_NAME: 'switchboard-test',
    OTEL_BSP_SCHEDULE_DELAY: '50',
    OTEL_METRIC_EXPORT_INTERVAL: '100000',
  });
  expect(problems).toEqual([]);
  const telemetry = Telemetry.start(config!);
  cleanups.push(async () => {
    await telemetry.shutdown();
    await receiver.stop();
  });
  return { receiver, telemetry, mcp: new McpClientTelemetry(telemetry) };
}

async function connect(options: McpClientOptions): Promise<McpClient> {
  const client = await McpClient.connect(options);
  cleanups.push(() => client.close());
  return client;
}

type Seen = { method: string; meta: Record<string, unknown> | null }[];
const seenBy = async (client: McpClient): Promise<Seen> =>
  JSON.parse(
    (await client.callTool('seen', {})).content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
  );

afterEach(() => {
  // No test leaves a span active for the next.
  expect(trace.getSpan(context.active())).toBeUndefined();
});

describe.each(['legacy', 'modern'] as const)('trace context to a %s server (stdio)', (era) => {
  it('every request of one operation carries the same trace in _meta, the span that sent it as parent', async () => {
    const { receiver, telemetry, mcp } = await collecting();
    const client = await connect({
      transport: traceStdio(era),
      serverName: `trace-${era}`,
      protocol: 'auto',
      observer: mcp.observer({ name: `trace-${era}` }),
    });
    expect(client.era).toBe(era);
    // One operation: a span of the host's, within which the client lists, calls and asks what it saw.
    const operation = telemetry.tracer.startSpan('operation');
    const seen = await context.with(trace.setSpan(context.active(), operation), async () => {
      await client.listTools();
      await client.callTool('echo', { text: 'hi' });
      return seenBy(client);
    });
    operation.end();
    const traceId = operation.spanContext().traceId;
    const inOperation = seen.slice(seen.findIndex((s) => s.method === 'tools/list'));
    expect(inOperation.map((s) => s.method)).toEqual(['tools/list', 'tools/call', 'tools/call']);
    for (const s of inOperation)
      expect(String(s.meta?.traceparent)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // The opening requests carry the session's trace, not the operation's: every request has one.
    for (const s of seen) expect(s.meta?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

    await telemetry.flush();
    await receiver.until((r) => r.spans.filter((s) => s.traceId === traceId).length >= 4);
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    const call = spans.find((s) => s.name === 'tools/call echo')!;
    expect(call.parentSpanId).toBe(operation.spanContext().spanId);
    expect(call.kind).toBe(3); // CLIENT
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': era === 'modern' ? '2026-07-28' : '2025-11-25',
      'network.transport': 'pipe',
      'switchboard.mcp.server.name': `trace-${era}`,
    });
    expect(call.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
    // The span the server saw as parent is the span that sent the request.
    const sentEcho = inOperation[1]!.meta!.traceparent as string;
    expect(sentEcho.split('-')[2]).toBe(call.spanId);
    expect(call.resource['service.name']).toBe('switchboard-test');
  });
});

describe('MCP client spans', () => {
  it('the official reference server over stdio: spans for the opening, lists, a call and a failure, with metrics', async () => {
    const { receiver, telemetry, mcp } = await collecting('http/json');
    const client = await connect({
      transport: new StdioTransport(everythingStdio()),
      serverName: 'everything',
      observer: mcp.observer({ name: 'everything' }),
    });
    await client.listTools();
    await client.callTool('echo', { message: 'hello' });
    await expect(client.readResource('demo://resource/static/document/none.md')).rejects.toThrow();
    await client.close();
    await telemetry.flush();
    await receiver.until((r) => r.spans.some((s) => s.name.startsWith('mcp.session')));
    const names = receiver.spans.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['initialize', 'tools/list', 'tools/call echo', 'resources/read']),
    );
    const session = receiver.spans.find((s) => s.name === 'mcp.session everything')!;
    // The session's own traffic hangs under its span, in its trace.
    for (const s of receiver.spans.filter((s) => s !== session)) {
      expect(s.traceId).toBe(session.traceId);
      expect(s.parentSpanId).toBe(session.spanId);
    }
    const read = receiver.spans.find((s) => s.name === 'resources/read')!;
    expect(read.attributes['mcp.resource.uri']).toBe('demo://resource/static/document/none.md');
    expect(read.status.code).toBe(2); // ERROR
    expect(read.attributes['error.type']).toMatch(/^-?\d+$/);
    expect(read.attributes['rpc.status_code']).toBe(read.attributes['error.type']);
    expect(session.attributes['mcp.protocol.version']).toBe('2025-11-25');

    await receiver.until((r) => r.metrics.some((m) => m.name === 'mcp.client.session.duration'));
    const operation = receiver.metrics.find((m) => m.name === 'mcp.client.operation.duration')!;
    expect(operation.unit).toBe('s');
    expect(operation.points.map((p) => p.attributes['mcp.method.name'])).toEqual(
      expect.arrayContaining(['initialize', 'tools/list', 'tools/call', 'resources/read']),
    );
    // No request id, URI or session id in a measurement: they would make every point its own series.
    for (const p of operation.points) {
      expect(p.attributes).not.toHaveProperty('jsonrpc.request.id');
      expect(p.attributes).not.toHaveProperty('mcp.resource.uri');
    }
  });

  it("a request the server sends us is a SERVER span of our trace, the handler's work inside it", async () => {
    const { receiver, telemetry, mcp } = await collecting();
    let handledIn: string | undefined;
    const client = await connect({
      transport: new StdioTransport(everythingStdio()),
      serverName: 'everything',
      observer: mcp.observer({ name: 'everything' }),
      handlers: {
        sampling: {
          createMessage: async () => {
            // What the handler does (a consent, a model request) is part of the server's request.
            handledIn = trace.getSpan(context.active())?.spanContext().spanId;
            return { role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'test-model' };
          },
        },
      },
    });
    await client.callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });
    await telemetry.flush();
    await receiver.until((r) => r.spans.some((s) => s.name === 'sampling/createMessage'));
    const sampling = receiver.spans.find((s) => s.name === 'sampling/createMessage')!;
    expect(sampling.kind).toBe(2); // SERVER
    expect(sampling.attributes).toMatchObject({
      'mcp.method.name': 'sampling/createMessage',
      'network.transport': 'pipe',
    });
    expect(handledIn).toBe(sampling.spanId);
    const session = receiver.spans.find((s) => s.name === 'mcp.session everything');
    // server-everything sends no trace context of its own: the request belongs to our trace.
    expect(sampling.traceId).toBe(receiver.spans.find((s) => s.name === 'initialize')!.traceId);
    expect(session === undefined || sampling.traceId === session.traceId).toBe(true);
  });

  it("a server's request that names its own trace in _meta: our SERVER span is its span's child", async () => {
    const { receiver, telemetry, mcp } = await collecting();
    const client = await connect({
      transport: traceStdio('legacy'),
      serverName: 'trace-legacy',
      observer: mcp.observer({ name: 'trace-legacy' }),
      handlers: { roots: { list: async () => [{ uri: 'file:///tmp', name: 'tmp' }] } },
    });
    const answered = await client.callTool('ask-roots', {});
    expect(answered.content).toEqual([{ type: 'text', text: '1 roots' }]);
    await telemetry.flush();
    await receiver.until((r) => r.spans.some((s) => s.name === 'roots/list'));
    const roots = receiver.spans.find((s) => s.name === 'roots/list')!;
    expect(roots.kind).toBe(2); // SERVER
    expect(roots.traceId).toBe('5e1f0000000000000000000000000001');
    expect(roots.parentSpanId).toBe('5e1f000000000002');
  });

  it('over Streamable HTTP (2026-07-28): the W3C headers carry the same context as _meta', async () => {
    const server = await startModernHttp();
    cleanups.push(() => server.stop());
    const { receiver, telemetry, mcp } = await collecting();
    const client = await connect({
      transport: createHttpTransport({ url: server.url, label: 'modern-http' }),
      serverName: 'modern-http',
      protocol: 'auto',
      observer: mcp.observer({ name: 'modern-http', url: server.url }),
    });
    await client.callTool('echo', { text: 'over http' });
    const seen = (await (await fetch(new URL('/test/seen', server.url))).json()) as {
      traceparent?: string;
      body?: { id?: unknown; params?: { _meta?: { traceparent?: string } } };
    }[];
    const requests = seen.filter((s) => s.body?.id !== undefined);
    expect(requests.length).toBeGreaterThan(1);
    for (const s of requests) {
      expect(s.body!.params!._meta!.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(s.traceparent).toBe(s.body!.params!._meta!.traceparent);
    }
    await telemetry.flush();
    await receiver.until((r) => r.spans.some((s) => s.name === 'tools/call echo'));
    const call = receiver.spans.find((s) => s.name === 'tools/call echo')!;
    expect(call.attributes).toMatchObject({
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': '127.0.0.1',
    });
  });
});
