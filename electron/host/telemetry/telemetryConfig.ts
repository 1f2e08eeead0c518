import { parseKeyPairsIntoRecord } from '@opentelemetry/core';
import type { TelemetrySettings } from '../../../shared/host/telemetrySettings';
import type { PolicyTelemetry } from '../policy/managedPolicy';

/** The signals Switchboard exports. */
type Signal = 'traces' | 'metrics' | 'logs';
const SIGNALS: readonly Signal[] = ['traces', 'metrics', 'logs'];

/** Where one signal goes: OTLP over HTTP, protobuf or JSON. */
export interface OtlpTarget {
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  headers: Record<string, string>;
  /** How long one export may take (OTEL_EXPORTER_OTLP_TIMEOUT; the SDK's default 10 s). */
  timeoutMs: number;
}

export type SamplerConfig =
  | { kind: 'always_on' | 'always_off' | 'parentbased_always_on' | 'parentbased_always_off' }
  | { kind: 'traceidratio' | 'parentbased_traceidratio'; ratio: number };

/** The batch processors' bounds (OTEL_BSP_* and OTEL_BLRP_*): what may wait, and how it leaves. */
interface BatchLimits {
  maxQueueSize: number;
  maxExportBatchSize: number;
  scheduledDelayMs: number;
  exportTimeoutMs: number;
}

/** What to export where. Only made when at least one signal is configured: telemetry is off otherwise. */
export interface TelemetryConfig {
  /** Per signal; a signal that is absent is not exported. */
  targets: Partial<Record<Signal, OtlpTarget>>;
  serviceName: string;
  resourceAttributes: Record<string, string>;
  sampler: SamplerConfig;
  spans: BatchLimits;
  logs: BatchLimits;
  /** How often metrics are sent (OTEL_METRIC_EXPORT_INTERVAL; the spec's default 60 s). */
  metricIntervalMs: number;
  /**
   * Prompts, replies, tool arguments and results go on the spans (redacted, bounded): only when the
   * person (Settings) or the managed policy says so; never from the environment alone.
   */
  captureContent?: boolean;
}

/** What the environment says, and what in it could not be used (each naming the variable and why). */
export interface TelemetryFromEnv {
  config: TelemetryConfig | undefined;
  problems: string[];
}

const DEFAULT_ENDPOINT = 'http://localhost:4318';
const PROTOCOLS = new Set(['http/protobuf', 'http/json']);
const SAMPLERS = new Set([
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
]);

/**
 * Telemetry as the standard OpenTelemetry environment sets it (the SDK environment variables spec),
 * with one difference that keeps Switchboard quiet by default: a signal is exported only when an
 * endpoint is set for it (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT) or its
 * exporter is named `otlp` (OTEL_<SIGNAL>_EXPORTER, then to localhost:4318). `none` turns a signal
 * off, OTEL_SDK_DISABLED=true all of them. Nothing configured: `config` is undefined, nothing leaves
 * the computer.
 */
export function telemetryFromEnv(env: NodeJS.ProcessEnv): TelemetryFromEnv {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  if (read('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return { config: undefined, problems };
  const targets: Partial<Record<Signal, OtlpTarget>> = {};
  for (const signal of SIGNALS) {
    const target = targetOf(signal, read, problems);
    if (target) targets[signal] = target;
  }
  if (Object.keys(targets).length === 0) return { config: undefined, problems };
  const resourceAttributes = parsePairs('OTEL_RESOURCE_ATTRIBUTES', read);
  const serviceName = read('OTEL_SERVICE_NAME') ?? resourceAttributes['service.name'] ?? 'switchboard';
  const number = (name: string, fallback: number) => positive(name, read, problems) ?? fallback;
  return {
    config: {
      targets,
      serviceName,
      resourceAttributes,
      sampler: samplerOf(read, problems),
      spans: {
        maxQueueSize: number('OTEL_BSP_MAX_QUEUE_SIZE', 2048),
        maxExportBatchSize: number('OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512),
        scheduledDelayMs: number('OTEL_BSP_SCHEDULE_DELAY', 5000),
        exportTimeoutMs: number('OTEL_BSP_EXPORT_TIMEOUT', 30_000),
      },
      logs: {
        maxQueueSize: number('OTEL_BLRP_MAX_QUEUE_SIZE', 2048),
        maxExportBatchSize: number('OTEL_BLRP_MAX_EXPORT_BATCH_SIZE', 512),
        scheduledDelayMs: number('OTEL_BLRP_SCHEDULE_DELAY', 1000),
        exportTimeoutMs: number('OTEL_BLRP_EXPORT_TIMEOUT', 30_000),
      },
      metricIntervalMs: number('OTEL_METRIC_EXPORT_INTERVAL', 60_000),
    },
    problems,
  };
}

type Read = (name: string) => string | undefined;

function targetOf(signal: Signal, read: Read, problems: string[]): OtlpTarget | undefined {
  const SIGNAL = signal.toUpperCase();
  const exporters = read(`OTEL_${SIGNAL}_EXPORTER`)
    ?.split(',')
    .map((e) => e.trim().toLowerCase());
  if (exporters?.includes('none')) return undefined;
  const unknown = exporters?.filter((e) => e !== 'otlp');
  if (unknown?.length)
    problems.push(
      `OTEL_${SIGNAL}_EXPORTER names ${unknown.join(', ')}: Switchboard exports by OTLP only ("otlp" or "none")`,
    );
  const own = read(`OTEL_EXPORTER_OTLP_${SIGNAL}_ENDPOINT`);
  const base = read('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (!own && !base && !exporters?.includes('otlp')) return undefined;
  // The signal's own endpoint is used as it is; the shared one gets the signal's path (the spec's rule).
  const url = own ?? `${(base ?? DEFAULT_ENDPOINT).replace(/\/+$/, '')}/v1/${signal}`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    problems.push(
      `the OTLP endpoint for ${signal} (${url}) is not an http:// or https:// URL: ${signal} not exported`,
    );
    return undefined;
  }
  const protocol = read(`OTEL_EXPORTER_OTLP_${SIGNAL}_PROTOCOL`) ?? read('OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol && !PROTOCOLS.has(protocol)) {
    problems.push(
      `OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not supported (http/protobuf or http/json): ${signal} not exported`,
    );
    return undefined;
  }
  return {
    url,
    protocol: (protocol ?? 'http/protobuf') as OtlpTarget['protocol'],
    headers: {
      ...parsePairs('OTEL_EXPORTER_OTLP_HEADERS', read),
      ...parsePairs(`OTEL_EXPORTER_OTLP_${SIGNAL}_HEADERS`, read),
    },
    timeoutMs:
      positive(`OTEL_EXPORTER_OTLP_${SIGNAL}_TIMEOUT`, read, problems) ??
      positive('OTEL_EXPORTER_OTLP_TIMEOUT', read, problems) ??
      10_000,
  };
}

function samplerOf(read: Read, problems: string[]): SamplerConfig {
  const kind = read('OTEL_TRACES_SAMPLER')?.toLowerCase() ?? 'parentbased_always_on';
  if (!SAMPLERS.has(kind)) {
    problems.push(`OTEL_TRACES_SAMPLER "${kind}" is not one Switchboard knows: parentbased_always_on used`);
    return { kind: 'parentbased_always_on' };
  }
  if (kind !== 'traceidratio' && kind !== 'parentbased_traceidratio') return { kind } as SamplerConfig;
  const arg = read('OTEL_TRACES_SAMPLER_ARG');
  const ratio = arg === undefined ? 1 : Number(arg);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    problems.push(`OTEL_TRACES_SAMPLER_ARG "${arg}" is not a ratio between 0 and 1: 1 used`);
    return { kind, ratio: 1 };
  }
  return { kind, ratio };
}

/** `key=value,key2=value2`, values percent-decoded (the W3C Baggage format the variables use). */
function parsePairs(name: string, read: Read): Record<string, string> {
  return parseKeyPairsIntoRecord(read(name));
}

function positive(name: string, read: Read, problems: string[]): number | undefined {
  const raw = read(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (Number.isFinite(value) && value > 0) return value;
  problems.push(`${name} "${raw}" is not a positive number: the default used`);
  return undefined;
}

/**
 * Telemetry as the managed policy sets it: every signal to the administrator's collector, with its
 * headers and resource attributes, whatever the person's environment says of endpoints, exporters or
 * OTEL_SDK_DISABLED — the person cannot turn it off. The rest (service name, sampler, bounds) is read
 * from the environment as usual.
 */
export function telemetryFromPolicy(policy: PolicyTelemetry, env: NodeJS.ProcessEnv): TelemetryFromEnv {
  const read = telemetryFromEnv({
    ...withoutDestination(env),
    OTEL_EXPORTER_OTLP_ENDPOINT: policy.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: policy.protocol,
  });
  const config = read.config!;
  for (const target of Object.values(config.targets)) target.headers = { ...policy.headers };
  const resourceAttributes = { ...config.resourceAttributes, ...policy.resourceAttributes };
  const serviceName =
    env.OTEL_SERVICE_NAME?.trim() || policy.resourceAttributes['service.name'] || config.serviceName;
  return {
    config: {
      ...config,
      serviceName,
      resourceAttributes,
      ...(policy.captureContent ? { captureContent: true } : {}),
    },
    problems: read.problems,
  };
}

/** The environment without what says where telemetry goes or whether it is on (Settings or a policy says that). */
function withoutDestination(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) =>
        name !== 'OTEL_SDK_DISABLED' &&
        !name.startsWith('OTEL_EXPORTER_OTLP_') &&
        !/^OTEL_(TRACES|METRICS|LOGS)_EXPORTER$/.test(name),
    ),
  );
}

/**
 * Telemetry as Settings → Telemetry sets it: the chosen signals to the person's endpoint with the
 * headers whose values are stored (`headers`), whatever the environment says of endpoints, exporters
 * or OTEL_SDK_DISABLED; off when it is turned off there. The rest (service name, sampler, bounds,
 * resource attributes) is read from the environment as usual.
 */
export function telemetryFromSettings(
  settings: TelemetrySettings,
  headers: Record<string, string>,
  env: NodeJS.ProcessEnv,
): TelemetryFromEnv {
  if (!settings.enabled || !settings.endpoint) return { config: undefined, problems: [] };
  const exporters = Object.fromEntries(
    SIGNALS.map((signal) => [
      `OTEL_${signal.toUpperCase()}_EXPORTER`,
      settings.signals[signal] ? 'otlp' : 'none',
    ]),
  );
  const read = telemetryFromEnv({
    ...withoutDestination(env),
    ...exporters,
    OTEL_EXPORTER_OTLP_ENDPOINT: settings.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: settings.protocol,
  });
  if (!read.config) return read;
  for (const target of Object.values(read.config.targets)) target.headers = { ...headers };
  return {
    config: { ...read.config, ...(settings.captureContent ? { captureContent: true } : {}) },
    problems: read.problems,
  };
}
