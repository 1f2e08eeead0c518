import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import { McpClient, StdioTransport } from '../../mcp';
import { McpClientTelemetry } from './mcpClientTelemetry';
import { Telemetry } from './telemetry';
import { telemetryFromEnv } from './telemetryConfig';

const cleanups = cleanupsPerTest();
const TRACE_SERVER = path.resolve(__dirname, '../../../e2e/fixtures/stdio/trace-server.mjs');

/** A collector that is down (a port nobody listens on any more), answers 500, or takes and never answers. */
async function collector(kind: 'down' | 'fail500' | 'hang'): Promise<string> {
  const receiver = await OtlpReceiver.start(kind === 'down' ? 'ok' : kind);
  if (kind === 'down') await receiver.stop();
  else cleanups.push(() => receiver.stop());
  return receiver.url;
}

function startTelemetry(url: string, env: Record<string, string> = {}): Telemetry {
  const { config } = telemetryFromEnv({
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_BSP_SCHEDULE_DELAY: '20',
    OTEL_EXPORTER_OTLP_TIMEOUT: '300',
    OTEL_METRIC_EXPORT_INTERVAL: '100000',
    ...env,
  });
  const telemetry = Telemetry.start(config!);
  cleanups.push(async () => {
    await telemetry.shutdown(500);
  });
  return telemetry;
}

async function tracedClient(telemetry: Telemetry): Promise<McpClient> {
  const client = await McpClient.connect({
    transport: new StdioTransport({
      command: process.execPath,
      args: [TRACE_SERVER, 'legacy'],
      label: 'trace',
    }),
    serverName: 'trace',
    observer: new McpClientTelemetry(telemetry).observer({ name: 'trace' }),
  });
  cleanups.push(() => client.close());
  return client;
}

describe.each(['down', 'fail500', 'hang'] as const)('a collector that is %s', (kind) => {
  it('changes nothing for the person: calls succeed promptly, and what is lost is counted', async () => {
    const telemetry = startTelemetry(await collector(kind));
    const client = await tracedClient(telemetry);
    const started = performance.now();
    for (let i = 0; i < 40; i++) {
      const result = await client.callTool('echo', { text: `call ${i}` });
      expect(result.content).toEqual([{ type: 'text', text: `call ${i}` }]);
    }
    // 40 round trips to a local process: well under a second each way, whatever the collector does.
    expect(performance.now() - started).toBeLessThan(5000);
    const deadline = Date.now() + 10_000;
    let counts = await telemetry.counts();
    while (counts.spans.dropped === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      counts = await telemetry.counts();
    }
    expect(counts.spans.dropped).toBeGreaterThan(0);
    expect(counts.spans.exported).toBe(0);
    // Shutting down waits for the last batch no longer than its deadline.
    const stopping = performance.now();
    await telemetry.shutdown(500);
    expect(performance.now() - stopping).toBeLessThan(2000);
  });
});

describe('the export queue', () => {
  it('is bounded: past OTEL_BSP_MAX_QUEUE_SIZE, spans are dropped and counted, never held', async () => {
    const telemetry = startTelemetry(await collector('hang'), {
      OTEL_BSP_MAX_QUEUE_SIZE: '8',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '8',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    const tracer = telemetry.tracer;
    for (let i = 0; i < 100; i++) tracer.startSpan(`span ${i}`).end();
    const counts = await telemetry.counts();
    expect(counts.spans.capacity).toBe(8);
    // A full batch leaves at once for the collector (which never answers), the next waits, the rest is dropped.
    expect(counts.spans).toMatchObject({ inflight: 8, queued: 8, dropped: 84, exported: 0 });
  });

  it('a collector that works gets what was made, counted as exported', async () => {
    const receiver = await OtlpReceiver.start();
    cleanups.push(() => receiver.stop());
    const telemetry = startTelemetry(receiver.url);
    for (let i = 0; i < 5; i++) telemetry.tracer.startSpan(`span ${i}`).end();
    telemetry.logger.emit({ body: 'one record' });
    await telemetry.flush();
    await receiver.until((r) => r.spans.length === 5 && r.logs.length === 1);
    const counts = await telemetry.counts();
    expect(counts.spans).toMatchObject({ exported: 5, dropped: 0, queued: 0 });
    expect(counts.logs).toMatchObject({ exported: 1, dropped: 0 });
    expect(receiver.requests[0]!.contentType).toBe('application/x-protobuf');
    expect(receiver.logs[0]!.body).toBe('one record');
  });
});
