import { context, type Logger, type Meter, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPLogExporter as JsonLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as ProtoLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtoMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { type ExportCounts, SelfObservation } from './exportCounts';
import type { OtlpTarget, SamplerConfig, TelemetryConfig } from './telemetryConfig';

/** The instrumentation scope every span, metric and log record of the app is made under. */
const SCOPE = 'switchboard';
const VERSION = '0.1.0';
/** How long shutdown waits for the last batches before it lets them go (a collector down must not hold the exit). */
const SHUTDOWN_DEADLINE_MS = 3000;

/**
 * The OpenTelemetry SDK, set up once per host from a TelemetryConfig: a tracer provider with a
 * bounded batch span processor, a meter provider sending every interval, a logger provider with a
 * bounded batch processor, each to its OTLP/HTTP exporter (protobuf or JSON). Nothing is global but
 * the context manager (one per process, so spans parent across awaits); a second host in the same
 * process has its own providers. Export never blocks the caller: records wait in the bounded queues,
 * and what a full queue or a failed export loses is counted (`counts`).
 */
export class Telemetry {
  readonly tracer: Tracer;
  readonly meter: Meter;
  readonly logger: Logger;

  private constructor(
    private readonly tracerProvider: TracerProvider | undefined,
    private readonly meterProvider: MeterProvider | undefined,
    private readonly loggerProvider: LoggerProvider | undefined,
    private readonly selfObservation: SelfObservation,
    readonly config: TelemetryConfig,
    private readonly open: OpenSpans,
  ) {
    // A provider left out (its signal not configured) gives the API's no-op instruments.
    this.tracer = (tracerProvider ?? new TracerProvider({ sampler: new AlwaysOffSampler() })).getTracer(
      SCOPE,
      VERSION,
    );
    this.meter = (meterProvider ?? new MeterProvider()).getMeter(SCOPE, VERSION);
    this.logger = (loggerProvider ?? new LoggerProvider()).getLogger(SCOPE, VERSION);
  }

  static start(config: TelemetryConfig): Telemetry {
    followContext();
    const resource = resourceFromAttributes({
      [ATTR_SERVICE_VERSION]: VERSION,
      ...config.resourceAttributes,
      [ATTR_SERVICE_NAME]: config.serviceName,
    });
    const selfObservation = new SelfObservation();
    const selfObsMeterProvider = selfObservation.meterProvider;
    const { traces, metrics, logs } = config.targets;
    const open = new OpenSpans();
    const tracerProvider =
      traces &&
      new TracerProvider({
        resource,
        sampler: samplerOf(config.sampler),
        spanProcessors: [
          open,
          new BatchSpanProcessor({
            exporter: traceExporter(traces, selfObsMeterProvider),
            selfObsMeterProvider,
            maxQueueSize: config.spans.maxQueueSize,
            maxExportBatchSize: Math.min(config.spans.maxExportBatchSize, config.spans.maxQueueSize),
            scheduledDelayMillis: config.spans.scheduledDelayMs,
            exportTimeoutMillis: config.spans.exportTimeoutMs,
          }),
        ],
      });
    const meterProvider =
      metrics &&
      new MeterProvider({
        resource,
        readers: [
          new PeriodicExportingMetricReader({
            exporter: metricExporter(metrics),
            exportIntervalMillis: config.metricIntervalMs,
            exportTimeoutMillis: Math.min(metrics.timeoutMs, config.metricIntervalMs),
          }),
        ],
      });
    const loggerProvider =
      logs &&
      new LoggerProvider({
        resource,
        processors: [
          new BatchLogRecordProcessor({
            exporter: logExporter(logs, selfObsMeterProvider),
            selfObsMeterProvider,
            maxQueueSize: config.logs.maxQueueSize,
            maxExportBatchSize: Math.min(config.logs.maxExportBatchSize, config.logs.maxQueueSize),
            scheduledDelayMillis: config.logs.scheduledDelayMs,
            exportTimeoutMillis: config.logs.exportTimeoutMs,
          }),
        ],
      });
    return new Telemetry(tracerProvider, meterProvider, loggerProvider, selfObservation, config, open);
  }

  /** Spans and log records exported, dropped and waiting, as the SDK counted them. */
  counts(): Promise<ExportCounts> {
    return this.selfObservation.counts();
  }

  /** Sends what waits now (tests, and before a CLI run ends); never longer than `deadlineMs`. */
  flush(deadlineMs = SHUTDOWN_DEADLINE_MS): Promise<void> {
    return withDeadline(
      Promise.all([
        this.tracerProvider?.forceFlush(),
        this.meterProvider?.forceFlush(),
        this.loggerProvider?.forceFlush(),
      ]),
      deadlineMs,
    );
  }

  /**
   * Sends what waits and stops, giving up at the deadline: a collector that is down or hangs costs
   * the exit at most that long, and what it did not take is lost (never anything local).
   */
  async shutdown(deadlineMs = SHUTDOWN_DEADLINE_MS): Promise<{ counts?: ExportCounts; unfinished: number }> {
    // Begun and not ended: a span ended after its provider stopped is never sent, so it is counted here.
    const unfinished = this.open.count;
    await withDeadline(
      Promise.all([
        this.tracerProvider?.shutdown(),
        this.meterProvider?.shutdown(),
        this.loggerProvider?.shutdown(),
      ]),
      deadlineMs,
    );
    // The SDK's own count of what left and what was lost, as it stood when the deadline came.
    const counts = await this.selfObservation.counts().catch(() => undefined);
    await this.selfObservation.shutdown();
    return { ...(counts ? { counts } : {}), unfinished };
  }
}

/** Counts the spans begun and not yet ended (a turn, a session): what a reconfigure would cut off. */
class OpenSpans implements SpanProcessor {
  count = 0;
  onStart(): void {
    this.count++;
  }
  onEnd(): void {
    this.count--;
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

let contextFollowed = false;
/**
 * The process's context manager (AsyncLocalStorage), set once: a span started by a tool use is the
 * parent of the MCP request made for it however many awaits lie between them. Setting it is
 * harmless to a process with telemetry off (nothing reads it), and the API keeps the first one set.
 */
function followContext(): void {
  if (contextFollowed) return;
  contextFollowed = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

function samplerOf(config: SamplerConfig): Sampler {
  switch (config.kind) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(config.ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.ratio) });
  }
}

type ExporterOptions = { url: string; headers: Record<string, string>; timeoutMillis: number };
const exporterOptions = (target: OtlpTarget): ExporterOptions => ({
  url: target.url,
  headers: target.headers,
  timeoutMillis: target.timeoutMs,
});

function traceExporter(target: OtlpTarget, selfObsMeterProvider: MeterProvider) {
  const options = { ...exporterOptions(target), selfObsMeterProvider };
  return target.protocol === 'http/json' ? new JsonTraceExporter(options) : new ProtoTraceExporter(options);
}
function metricExporter(target: OtlpTarget) {
  const options = exporterOptions(target);
  return target.protocol === 'http/json' ? new JsonMetricExporter(options) : new ProtoMetricExporter(options);
}
function logExporter(target: OtlpTarget, selfObsMeterProvider: MeterProvider) {
  const options = { ...exporterOptions(target), selfObsMeterProvider };
  return target.protocol === 'http/json' ? new JsonLogExporter(options) : new ProtoLogExporter(options);
}

/** `work`, or the deadline, whichever comes first; the work's failure is not the caller's (it is counted). */
function withDeadline(work: Promise<unknown>, deadlineMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deadlineMs);
    timer.unref();
  });
  return Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    deadline,
  ]).finally(() => clearTimeout(timer));
}
