/** What became of one signal's records, as the OpenTelemetry SDK counted them. */
export interface ExportCountsView {
  /** Accepted by the collector. */
  exported: number;
  /** Lost: the queue was full, or the export failed (the collector down, an error status, a timeout). */
  dropped: number;
  /** Waiting to leave. */
  queued: number;
  /** Being sent now. */
  inflight: number;
  /** The queue's bound. */
  capacity: number;
}

/**
 * Who set telemetry up: the managed policy (the person cannot turn it off), Settings → Telemetry, the
 * OTEL_* environment, or the host's caller.
 */
export type TelemetrySource = 'policy' | 'settings' | 'environment' | 'host';

/**
 * What the Settings page shows of OpenTelemetry export: off, or where each signal goes (never the
 * headers, which may hold a backend's key) and what was exported and lost so far.
 */
export type TelemetryView =
  | { on: false; unfinishedAtChange?: number }
  | {
      on: true;
      from: TelemetrySource;
      serviceName: string;
      targets: { signal: 'traces' | 'metrics' | 'logs'; url: string; protocol: string }[];
      /** Prompts, replies, tool arguments and results are sent (redacted, bounded). */
      captureContent: boolean;
      spans: ExportCountsView;
      logs: ExportCountsView;
      /**
       * Spans begun before the configuration last changed and not ended by then (a turn, a session):
       * they are not sent, and are counted here rather than lost silently.
       */
      unfinishedAtChange?: number;
    };
