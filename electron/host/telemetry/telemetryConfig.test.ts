import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../policy/managedPolicy';
import { telemetryFromEnv, telemetryFromPolicy } from './telemetryConfig';

describe('telemetry from the standard OTEL_* environment', () => {
  it('is off when nothing is configured, and when the SDK is disabled', () => {
    expect(telemetryFromEnv({})).toEqual({ config: undefined, problems: [] });
    // A service name or sampler alone sends nothing anywhere.
    expect(
      telemetryFromEnv({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' }).config,
    ).toBeUndefined();
    expect(
      telemetryFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }).config,
    ).toBeUndefined();
  });

  it('an endpoint turns every signal on, each to its path, protobuf by default', () => {
    const { config } = telemetryFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318/' });
    expect(config?.targets).toEqual({
      traces: {
        url: 'https://collector.example:4318/v1/traces',
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 10_000,
      },
      metrics: {
        url: 'https://collector.example:4318/v1/metrics',
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 10_000,
      },
      logs: {
        url: 'https://collector.example:4318/v1/logs',
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 10_000,
      },
    });
    expect(config?.serviceName).toBe('switchboard');
    expect(config?.sampler).toEqual({ kind: 'parentbased_always_on' });
    expect(config?.spans).toEqual({
      maxQueueSize: 2048,
      maxExportBatchSize: 512,
      scheduledDelayMs: 5000,
      exportTimeoutMs: 30_000,
    });
  });

  it('signal-specific settings win; none turns a signal off; otlp alone goes to localhost', () => {
    const { config, problems } = telemetryFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://base:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/custom',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-tenant=acme,authorization=Bearer%20abc',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=traces-only',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
    });
    expect(problems).toEqual([]);
    expect(config?.targets.traces).toEqual({
      url: 'http://traces:9999/custom',
      protocol: 'http/json',
      headers: { 'x-tenant': 'traces-only', authorization: 'Bearer abc' },
      timeoutMs: 2500,
    });
    expect(config?.targets.metrics).toBeUndefined();
    expect(config?.targets.logs?.protocol).toBe('http/protobuf');
    expect(telemetryFromEnv({ OTEL_TRACES_EXPORTER: 'otlp' }).config?.targets).toEqual({
      traces: {
        url: 'http://localhost:4318/v1/traces',
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 10_000,
      },
    });
  });

  it('service name and resource attributes, the service name variable first', () => {
    const { config } = telemetryFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_RESOURCE_ATTRIBUTES:
        'service.name=from-attrs,deployment.environment.name=prod,host.group=desk%2042',
    });
    expect(config?.serviceName).toBe('from-attrs');
    expect(config?.resourceAttributes).toEqual({
      'service.name': 'from-attrs',
      'deployment.environment.name': 'prod',
      'host.group': 'desk 42',
    });
    expect(
      telemetryFromEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_SERVICE_NAME: 'desk',
        OTEL_RESOURCE_ATTRIBUTES: 'service.name=x',
      }).config?.serviceName,
    ).toBe('desk');
  });

  it('the sampler variables', () => {
    const sampler = (env: Record<string, string>) =>
      telemetryFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', ...env });
    expect(
      sampler({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }).config?.sampler,
    ).toEqual({
      kind: 'traceidratio',
      ratio: 0.25,
    });
    expect(sampler({ OTEL_TRACES_SAMPLER: 'always_off' }).config?.sampler).toEqual({ kind: 'always_off' });
    const bad = sampler({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' });
    expect(bad.config?.sampler).toEqual({ kind: 'parentbased_traceidratio', ratio: 1 });
    expect(bad.problems).toEqual(['OTEL_TRACES_SAMPLER_ARG "7" is not a ratio between 0 and 1: 1 used']);
    expect(sampler({ OTEL_TRACES_SAMPLER: 'jaeger_remote' }).problems[0]).toMatch(
      /OTEL_TRACES_SAMPLER "jaeger_remote"/,
    );
  });

  it('what cannot be used is named, and that signal is left off', () => {
    const grpc = telemetryFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
    });
    expect(grpc.config).toBeUndefined();
    expect(grpc.problems[0]).toBe(
      'OTEL_EXPORTER_OTLP_PROTOCOL "grpc" is not supported (http/protobuf or http/json): traces not exported',
    );
    const notUrl = telemetryFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318' });
    expect(notUrl.config).toBeUndefined();
    expect(notUrl.problems[0]).toMatch(/endpoint for traces \(collector:4318\) is not an http/);
    const numbers = telemetryFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_BSP_MAX_QUEUE_SIZE: 'lots',
    });
    expect(numbers.config?.spans.maxQueueSize).toBe(2048);
    expect(numbers.problems).toEqual([
      'OTEL_BSP_MAX_QUEUE_SIZE "lots" is not a positive number: the default used',
    ]);
    expect(
      telemetryFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_LOGS_EXPORTER: 'console' })
        .problems,
    ).toEqual(['OTEL_LOGS_EXPORTER names console: Switchboard exports by OTLP only ("otlp" or "none")']);
  });
});

describe('telemetry from the managed policy', () => {
  it('every signal to its collector with its headers; the environment may set the rest, never turn it off', () => {
    const parsed = parsePolicy({
      telemetry: { endpoint: 'https://otel.acme.example:4318', headers: { 'x-key': 'k' } },
    });
    expect(parsed.ok).toBe(true);
    const policy = parsed.ok ? parsed.policy.telemetry! : undefined!;
    const { config, problems } = telemetryFromPolicy(policy, {
      OTEL_SDK_DISABLED: 'true',
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://elsewhere:4318/v1/traces',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-key=mine',
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.5',
    });
    expect(problems).toEqual([]);
    expect(config?.targets.traces).toEqual({
      url: 'https://otel.acme.example:4318/v1/traces',
      protocol: 'http/protobuf',
      headers: { 'x-key': 'k' },
      timeoutMs: 10_000,
    });
    expect(Object.keys(config!.targets)).toEqual(['traces', 'metrics', 'logs']);
    expect(config?.sampler).toEqual({ kind: 'traceidratio', ratio: 0.5 });
    // Content capture is off unless the policy says so.
    expect(policy.captureContent).toBe(false);
    expect(config?.captureContent).toBeUndefined();
  });

  it('captureContent: true turns content capture on; anything but a boolean makes the policy invalid', () => {
    const parsed = parsePolicy({
      telemetry: { endpoint: 'https://otel.acme.example', captureContent: true },
    });
    const policy = parsed.ok ? parsed.policy.telemetry! : undefined!;
    expect(policy.captureContent).toBe(true);
    expect(telemetryFromPolicy(policy, {}).config?.captureContent).toBe(true);
    expect(parsePolicy({ telemetry: { endpoint: 'https://c', captureContent: 'yes' } })).toEqual({
      ok: false,
      error: 'telemetry.captureContent: must be true or false',
    });
  });

  it('a policy whose telemetry cannot be used is invalid, saying what is wrong', () => {
    expect(parsePolicy({ telemetry: { endpoint: 'collector:4318' } })).toEqual({
      ok: false,
      error: 'telemetry.endpoint: must be the http:// or https:// URL of an OTLP/HTTP collector',
    });
    expect(parsePolicy({ telemetry: { endpoint: 'http://c:4318', protocol: 'grpc' } })).toMatchObject({
      ok: false,
    });
    expect(parsePolicy({ telemetry: { endpoint: 'http://c:4318', sampler: 'x' } })).toEqual({
      ok: false,
      error: 'telemetry: unknown field "sampler"',
    });
  });
});
