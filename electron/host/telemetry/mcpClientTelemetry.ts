import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  ATTR_ERROR_TYPE,
  ATTR_NETWORK_PROTOCOL_NAME,
  ATTR_NETWORK_TRANSPORT,
  ATTR_RPC_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';
import type { RequestId } from '../../../shared/mcp/protocol';
import {
  McpError,
  type OpenedSession,
  type RequestOutcome,
  type RequestWatch,
  type SessionObserver,
} from '../../mcp';
import type { ContentCapture } from './contentCapture';
import { GEN_AI } from './genAiConventions';
import { MCP, MCP_DURATION_BUCKETS } from './mcpConventions';
import type { Telemetry } from './telemetry';

/** The server a session talks to, as configured. */
export interface McpTarget {
  name: string;
  /** A local process (stdio) or a URL (Streamable HTTP or legacy SSE). */
  url?: string;
}

/** Reads the trace keys of a request's `_meta` (strings only). */
const metaGetter = {
  get: (carrier: unknown, key: string) => {
    const value = (carrier as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  },
  keys: (carrier: unknown) => Object.keys(carrier as object),
};

const propagator = new CompositePropagator({
  propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
});

/**
 * MCP client spans and metrics by the OpenTelemetry conventions for MCP, for every session the host
 * (or the CLI) opens: a `{mcp.method.name} {target}` CLIENT span per request, in both eras and over
 * every transport, whose context every request carries in `params._meta` (and, over HTTP, in the W3C
 * headers); `mcp.client.operation.duration` per request; and a span per session with
 * `mcp.client.session.duration`. It implements the library's SessionObserver, so electron/mcp itself
 * never sees OpenTelemetry.
 */
export class McpClientTelemetry {
  private readonly operationDuration: Histogram;
  private readonly sessionDuration: Histogram;

  constructor(
    private readonly telemetry: Telemetry,
    /** The trace a launcher handed this process (TRACEPARENT/TRACESTATE), under which sessions start. */
    private readonly launcher: Context = ROOT_CONTEXT,
    /** Present only when content capture is on: a call's arguments and result go on its span. */
    private readonly content?: ContentCapture,
  ) {
    const advice = { explicitBucketBoundaries: MCP_DURATION_BUCKETS };
    this.operationDuration = telemetry.meter.createHistogram(MCP.operationDuration, {
      unit: 's',
      description:
        'The duration of the MCP request as observed on the sender until its response is received.',
      advice,
    });
    this.sessionDuration = telemetry.meter.createHistogram(MCP.sessionDuration, {
      unit: 's',
      description: 'The duration of the MCP session as observed on the MCP client.',
      advice,
    });
  }

  /** A launcher's trace context from the environment (the OpenTelemetry environment carrier). */
  static launcherContext(env: NodeJS.ProcessEnv): Context {
    const carrier: Record<string, string> = {};
    if (env.TRACEPARENT) carrier.traceparent = env.TRACEPARENT;
    if (env.TRACESTATE) carrier.tracestate = env.TRACESTATE;
    return propagator.extract(ROOT_CONTEXT, carrier, metaGetter);
  }

  /** The observer for one connect attempt at `target`. */
  observer(target: McpTarget): SessionObserver {
    return new ObservedSession(
      this.telemetry,
      target,
      this.launcher,
      this.operationDuration,
      this.sessionDuration,
      this.content,
    );
  }
}

class ObservedSession implements SessionObserver {
  private readonly span: Span;
  private readonly spanContext: Context;
  private readonly started = performance.now();
  /** What every request's span and measurement carry: the server, the transport, and once open the version and session. */
  private readonly common: Attributes;
  private ended = false;

  constructor(
    private readonly telemetry: Telemetry,
    target: McpTarget,
    parent: Context,
    private readonly operationDuration: Histogram,
    private readonly sessionDuration: Histogram,
    private readonly content: ContentCapture | undefined,
  ) {
    this.common = { [MCP.serverName]: target.name, ...networkOf(target.url) };
    // A session started inside a span (a Restart someone traced) belongs to it; else to the launcher's trace.
    const within = trace.getSpan(context.active()) ? context.active() : parent;
    this.span = telemetry.tracer.startSpan(
      `mcp.session ${target.name}`,
      { kind: SpanKind.CLIENT, attributes: this.common },
      within,
    );
    this.spanContext = trace.setSpan(within, this.span);
  }

  request(
    method: string,
    id: RequestId,
    params: Readonly<Record<string, unknown>> | undefined,
  ): RequestWatch {
    const started = performance.now();
    const target = targetOf(method, params);
    const attributes: Attributes = {
      ...this.common,
      [MCP.methodName]: method,
      [MCP.requestId]: String(id),
      ...requestAttributes(method, params),
    };
    // A request made within a span (a tool use, a turn) is its child; the session's own traffic (lists,
    // pings, the opening) is the session's.
    const active = context.active();
    const parent = trace.getSpan(active) ? active : this.spanContext;
    const span = this.telemetry.tracer.startSpan(
      target ? `${method} ${target}` : method,
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    const captured = this.content && method === 'tools/call' ? this.content : undefined;
    if (captured && params?.arguments !== undefined)
      span.setAttribute(GEN_AI.toolCallArguments, captured.json(params.arguments));
    const meta: Record<string, string> = {};
    propagator.inject(trace.setSpan(parent, span), meta, {
      set: (carrier, key, value) => {
        (carrier as Record<string, string>)[key] = value;
      },
    });
    return {
      meta: meta.traceparent ? meta : undefined,
      end: (outcome) => {
        const failure = failureOf(method, outcome);
        if (failure) {
          span.setAttributes(failure.attributes);
          span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
        }
        if (captured && outcome.result !== undefined)
          span.setAttribute(GEN_AI.toolCallResult, captured.json(outcome.result));
        span.end();
        this.operationDuration.record((performance.now() - started) / 1000, {
          ...measured(attributes),
          ...failure?.attributes,
        });
      },
    };
  }

  /**
   * A request the server sent us (sampling, elicitation, roots): a SERVER span by the conventions,
   * under the trace the server's `_meta` names when it names one (its span is then our parent), else
   * under what is active, else the session. The handler — a consent, a model request — runs within it.
   */
  handle<T>(
    method: string,
    id: RequestId,
    meta: Readonly<Record<string, unknown>> | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    const remote =
      typeof meta?.traceparent === 'string' ? propagator.extract(ROOT_CONTEXT, meta, metaGetter) : undefined;
    const active = context.active();
    const parent =
      remote && trace.getSpan(remote) ? remote : trace.getSpan(active) ? active : this.spanContext;
    const span = this.telemetry.tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: { ...this.common, [MCP.methodName]: method, [MCP.requestId]: String(id) },
      },
      parent,
    );
    return context.with(trace.setSpan(parent, span), run).then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        const failure = failureOf(method, { error });
        if (failure) {
          span.setAttributes(failure.attributes);
          span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
        }
        span.end();
        throw error;
      },
    );
  }

  opened(session: OpenedSession): void {
    this.common[MCP.protocolVersion] = session.protocolVersion;
    if (session.sessionId) this.common[MCP.sessionId] = session.sessionId;
    this.span.setAttributes(this.common);
  }

  closed(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    const failure = error === undefined ? undefined : failureOf('', { error });
    if (failure) {
      this.span.setAttributes(failure.attributes);
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
    }
    this.span.end();
    this.sessionDuration.record((performance.now() - this.started) / 1000, {
      ...measured(this.common),
      ...failure?.attributes,
    });
  }
}

/** The low-cardinality name in a span's name: the tool or the prompt (a URI is not: it stays an attribute). */
function targetOf(method: string, params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (method !== 'tools/call' && method !== 'prompts/get') return undefined;
  return typeof params?.name === 'string' ? params.name : undefined;
}

function requestAttributes(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
): Attributes {
  switch (method) {
    case 'tools/call':
      return typeof params?.name === 'string'
        ? { [MCP.toolName]: params.name, [MCP.operationName]: 'execute_tool' }
        : {};
    case 'prompts/get':
      return typeof params?.name === 'string' ? { [MCP.promptName]: params.name } : {};
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return typeof params?.uri === 'string' ? { [MCP.resourceUri]: params.uri } : {};
    // The version asked for, before any is agreed.
    case 'initialize':
      return typeof params?.protocolVersion === 'string'
        ? { [MCP.protocolVersion]: params.protocolVersion }
        : {};
    default:
      return {};
  }
}

/** Where the server is: a pipe to a local process, or TCP to an HTTP address. */
function networkOf(url: string | undefined): Attributes {
  if (!url) return { [ATTR_NETWORK_TRANSPORT]: 'pipe' };
  try {
    const parsed = new URL(url);
    const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
    return {
      [ATTR_NETWORK_TRANSPORT]: 'tcp',
      [ATTR_NETWORK_PROTOCOL_NAME]: 'http',
      [ATTR_SERVER_ADDRESS]: parsed.hostname,
      [ATTR_SERVER_PORT]: port,
    };
  } catch {
    return { [ATTR_NETWORK_TRANSPORT]: 'tcp' };
  }
}

/** The attributes a measurement keeps: low cardinality only (no request id, URI or session id). */
function measured(attributes: Attributes): Attributes {
  const {
    [MCP.requestId]: _id,
    [MCP.resourceUri]: _uri,
    [MCP.sessionId]: _session,
    [ATTR_SERVER_PORT]: _port,
    ...kept
  } = attributes;
  return kept;
}

/**
 * What failed, by the conventions: a JSON-RPC error's code as `error.type` and `rpc.status_code`; a
 * tool's own error result as `tool_error`; anything else by its class. The status says the same and
 * no more: an error's message may quote a server's words or a tool's arguments, which leave the
 * computer only with content capture (not built yet).
 */
function failureOf(
  method: string,
  outcome: RequestOutcome,
): { attributes: Attributes; message: string } | undefined {
  if (outcome.error === undefined) {
    const isError =
      method === 'tools/call' && (outcome.result as { isError?: unknown } | undefined)?.isError === true;
    return isError ? { attributes: { [ATTR_ERROR_TYPE]: 'tool_error' }, message: 'tool_error' } : undefined;
  }
  const { error } = outcome;
  if (error instanceof McpError) {
    const code = String(error.code);
    return {
      attributes: { [ATTR_ERROR_TYPE]: code, [ATTR_RPC_STATUS_CODE]: code },
      message: `JSON-RPC error ${code}`,
    };
  }
  const name = error instanceof Error ? error.name : typeof error;
  return { attributes: { [ATTR_ERROR_TYPE]: name }, message: name };
}
