import {
  type CollectionResult,
  DataPointType,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';

/** What became of one signal's records so far, as the SDK itself counted them. */
interface SignalCounts {
  /** Sent and accepted by the collector. */
  exported: number;
  /** Lost: the queue was full (the collector slower than the app), or the export failed (down, 5xx, timeout). */
  dropped: number;
  /** Waiting in the queue now. */
  queued: number;
  /** Handed to the exporter and not yet accepted or lost. */
  inflight: number;
  /** The queue's bound. */
  capacity: number;
}

export interface ExportCounts {
  spans: SignalCounts;
  logs: SignalCounts;
}

/** A reader whose only export is being read: `collect()` on demand, nothing sent anywhere. */
class PullReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The SDK's own self-observability metrics (`otel.sdk.processor.*` of the batch processors,
 * `otel.sdk.exporter.*` of the OTLP exporters), read in this process instead of exported: how many
 * spans and log records were exported, dropped at a full queue or lost in a failed export. The count
 * is the SDK's, not a second bookkeeping of ours beside it.
 */
export class SelfObservation {
  private readonly reader = new PullReader();
  readonly meterProvider = new MeterProvider({ readers: [this.reader] });

  async counts(): Promise<ExportCounts> {
    const { resourceMetrics } = await this.reader.collect();
    return { spans: signalCounts(resourceMetrics, 'span'), logs: signalCounts(resourceMetrics, 'log') };
  }

  shutdown(): Promise<void> {
    return this.meterProvider.shutdown();
  }
}

function signalCounts(metrics: CollectionResult['resourceMetrics'], item: 'span' | 'log'): SignalCounts {
  const counts: SignalCounts = { exported: 0, dropped: 0, queued: 0, inflight: 0, capacity: 0 };
  for (const scope of metrics.scopeMetrics)
    for (const metric of scope.metrics) {
      if (metric.dataPointType !== DataPointType.SUM && metric.dataPointType !== DataPointType.GAUGE)
        continue;
      const name = metric.descriptor.name;
      for (const point of metric.dataPoints) {
        const value = point.value as number;
        const failed = point.attributes['error.type'] !== undefined;
        if (name === `otel.sdk.processor.${item}.processed`) {
          // The processor counts a full queue as queue_full; a failed export is counted by the exporter.
          if (point.attributes['error.type'] === 'queue_full') counts.dropped += value;
        } else if (name === `otel.sdk.exporter.${item}.exported`) {
          if (failed) counts.dropped += value;
          else counts.exported += value;
        } else if (name === `otel.sdk.exporter.${item}.inflight`) counts.inflight += value;
        else if (name === `otel.sdk.processor.${item}.queue.size`) counts.queued += value;
        else if (name === `otel.sdk.processor.${item}.queue.capacity`) counts.capacity += value;
      }
    }
  return counts;
}
