import type { RequestId } from '../../../shared/mcp/protocol';

/**
 * The `_meta` keys 2026-07-28 reserves for W3C trace context (basic/index, "OpenTelemetry trace
 * context"): one propagation, written whole by whoever observes the request.
 */
const TRACE_META_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;

/** How one request ended: its result, or the error it was rejected with. */
export type RequestOutcome = { result: unknown; error?: undefined } | { result?: undefined; error: unknown };

/** One request we observe, from the moment it is sent until it settles. */
export interface RequestWatch {
  /**
   * Trace context to carry in the request's `params._meta` (`traceparent`, `tracestate`, `baggage`):
   * it replaces those keys as a set wherever the caller had set them, so the server's spans hang
   * under the span that really sent the request and never under a trace the caller made up.
   */
  readonly meta: Readonly<Record<string, string>> | undefined;
  /** Called exactly once, when the request settles (answered, refused, timed out, cancelled, closed). */
  end(outcome: RequestOutcome): void;
}

/**
 * Who hears of every request a connection sends (the host's telemetry; the library knows nothing of
 * it). Called synchronously as the request is sent, in the caller's async context, so an observer
 * that follows context (OpenTelemetry's) finds the caller's span there. Undefined: not watched.
 */
export interface RequestObserver {
  request(
    method: string,
    id: RequestId,
    params: Readonly<Record<string, unknown>> | undefined,
  ): RequestWatch | undefined;
  /**
   * One of the peer's requests (sampling, elicitation, roots — on the wire or inside a 2026-07-28
   * result) is handled: `run` is the handler, to be run within what the observer makes of it (its
   * span, under the trace the peer's `_meta` names), its outcome the observer's to see.
   */
  handle?<T>(
    method: string,
    id: RequestId,
    meta: Readonly<Record<string, unknown>> | undefined,
    run: () => Promise<T>,
  ): Promise<T>;
}

/** `params` with the observer's trace context in `_meta`, the caller's trace keys replaced as a set. */
export function withTraceMeta(
  params: Record<string, unknown> | undefined,
  trace: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const given = params?._meta as Record<string, unknown> | undefined;
  const meta: Record<string, unknown> = { ...given };
  for (const key of TRACE_META_KEYS) delete meta[key];
  return { ...params, _meta: Object.assign(meta, trace) };
}
