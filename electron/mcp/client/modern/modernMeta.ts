import { type LoggingLevel, META, MODERN_PROTOCOL_VERSION } from '../../../../shared/mcp/protocol';
import { deriveClientCapabilities } from '../capabilities';
import { type McpClientOptions, SWITCHBOARD_CLIENT_INFO } from '../mcpClientOptions';
import { TASKS_EXTENSION } from './modernTasks';

/** The `_meta` every modern request carries: our version, capabilities and who we are. */
export function modernMeta(options: McpClientOptions): Record<string, unknown> {
  return {
    [META.protocolVersion]: MODERN_PROTOCOL_VERSION,
    // The tasks extension (SEP-2663): a task-supporting tool may answer with a task, which we follow.
    [META.clientCapabilities]: {
      ...deriveClientCapabilities(options.handlers ?? {}),
      extensions: { ...options.extensions, [TASKS_EXTENSION]: {} },
    },
    [META.clientInfo]: options.clientInfo ?? SWITCHBOARD_CLIENT_INFO,
  };
}

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * W3C trace context for a request's `_meta` (2026-07-28 basic: the reserved `traceparent` and
 * `tracestate` keys). A malformed traceparent is not sent (nor its tracestate).
 */
function traceMeta(trace: { traceparent: string; tracestate?: string }): Record<string, string> {
  const [version, traceId, parentId] = trace.traceparent.split('-');
  // W3C trace context: version ff and all-zero ids are invalid.
  if (
    !TRACEPARENT.test(trace.traceparent) ||
    version === 'ff' ||
    !/[^0]/.test(traceId!) ||
    !/[^0]/.test(parentId!)
  )
    return {};
  return {
    traceparent: trace.traceparent,
    ...(trace.tracestate && trace.tracestate.length <= 512 ? { tracestate: trace.tracestate } : {}),
  };
}

/** The trace context a launcher handed this process (OpenTelemetry's TRACEPARENT/TRACESTATE variables). */
export function traceContextFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): { traceparent: string; tracestate?: string } | undefined {
  const traceparent = env.TRACEPARENT?.trim().toLowerCase();
  if (!traceparent || Object.keys(traceMeta({ traceparent })).length === 0) return undefined;
  const tracestate = env.TRACESTATE?.trim();
  return { traceparent, ...(tracestate ? { tracestate } : {}) };
}

/**
 * One request's `_meta`: the caller's keys, then ours (which win), the log level asked for (there is
 * no logging/setLevel in 2026-07-28) and the trace context, when there are.
 */
export function requestMeta(
  base: Record<string, unknown>,
  given: unknown,
  logLevel: LoggingLevel | undefined,
  trace: { traceparent: string; tracestate?: string } | undefined,
): Record<string, unknown> {
  return {
    ...(given as Record<string, unknown> | undefined),
    ...base,
    ...(logLevel ? { [META.logLevel]: logLevel } : {}),
    ...(trace ? traceMeta(trace) : {}),
  };
}
