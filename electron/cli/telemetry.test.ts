import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync } from '../../e2e/fixtures/cliProcess';
import { OtlpReceiver } from '../../e2e/fixtures/otlp/otlpReceiver';

const TRACE_SERVER = `"${process.execPath}" "${path.join(__dirname, '../../e2e/fixtures/stdio/trace-server.mjs')}" legacy`;

describe('mcp CLI and the OTEL_* environment', { timeout: 120_000 }, () => {
  it('a call exports its spans, under the trace the launcher handed it, before the CLI exits', async () => {
    const receiver = await OtlpReceiver.start();
    try {
      const launcherTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
      const run = await cliAsync(['--stdio', TRACE_SERVER, 'call', 'echo', '{"text":"from the cli"}'], {
        env: {
          ...process.env,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_SERVICE_NAME: 'switchboard-cli',
          TRACEPARENT: `00-${launcherTrace}-00f067aa0ba902b7-01`,
        },
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      // Exported at exit (shutdown flushes): nothing is waited for here.
      const call = receiver.spans.find((s) => s.name === 'tools/call echo');
      expect(call?.traceId).toBe(launcherTrace);
      expect(call?.resource['service.name']).toBe('switchboard-cli');
      const session = receiver.spans.find((s) => s.name.startsWith('mcp.session'))!;
      expect(session.parentSpanId).toBe('00f067aa0ba902b7');
    } finally {
      await receiver.stop();
    }
  });

  it('says what in the environment it could not use, and runs without it', async () => {
    const run = await cliAsync(['--stdio', TRACE_SERVER, 'tools'], {
      env: {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('OpenTelemetry: OTEL_EXPORTER_OTLP_PROTOCOL "grpc" is not supported');
    expect(JSON.parse(run.stdout).map((t: { name: string }) => t.name)).toEqual([
      'echo',
      'seen',
      'ask-roots',
      'exit',
    ]);
  });
});
