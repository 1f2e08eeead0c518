import type { Era, Implementation } from '../../../shared/mcp/protocol';
import {
  type ConnectionLog,
  DEFAULT_MAX_TOTAL_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type RequestOptions,
  type WireTrace,
} from '../jsonrpc/connection';
import type { Transport } from '../transport/transport';
import type { ClientHandlers } from './handlers';
import type { PingOptions } from './healthMonitor';
import type { SessionObserver } from './sessionObserver';
import type { TaskState } from './taskState';

export interface McpClientOptions {
  transport: Transport;
  /** A name for errors and logs: the server's configured name. */
  serverName?: string;
  clientInfo?: Implementation;
  handlers?: ClientHandlers;
  /**
   * Extensions the application handles, advertised under `capabilities.extensions` in both eras
   * (e.g. MCP Apps: `io.modelcontextprotocol/ui` with the View MIME types it renders).
   */
  extensions?: Record<string, object>;
  /** Per-request default (60 s); each call may override it. */
  requestTimeoutMs?: number;
  /** Hard ceiling for requests whose timer progress resets (10 min). */
  maxTotalTimeoutMs?: number;
  /** The legacy revision we ask for in initialize; the latest unless a test says otherwise. */
  protocolVersion?: string;
  /**
   * Which era to speak: `legacy` (initialize; the default for now), `modern` (2026-07-28 only), or
   * `auto` (probe with server/discover, fall back to initialize: see client/openSession.ts).
   */
  protocol?: 'auto' | 'modern' | 'legacy';
  /**
   * With `auto`: the era this server answered in before (remembered by the caller for the same
   * server configuration). `legacy` goes straight to initialize, without the probe, and probes
   * only if that fails; `modern` changes nothing (the probe is its first request anyway).
   */
  knownEra?: Era;
  /**
   * Every message both ways from the very first (the probe, initialize): for a wire trace that must
   * include the opening exchange. `onWireTrace` on the client sees only what comes after connect.
   */
  onWireTrace?: (trace: WireTrace) => void;
  /**
   * Protocol diagnostics from the very first message (junk before the probe's or initialize's
   * answer, a refused line) until connect settles; from then on `onProtocolLog` on the client.
   */
  onOpeningLog?: (entry: ConnectionLog) => void;
  /** Each opening request as it is sent (the era probe, initialize), with how long it may wait. */
  onOpeningRequest?: (request: 'server/discover' | 'initialize', timeoutMs: number) => void;
  /**
   * Hears of this session and every request it sends (the host's telemetry: spans, and the trace
   * context each request carries in `_meta`, both eras). One per connect attempt.
   */
  observer?: SessionObserver;
  /**
   * W3C trace context to carry in each modern request's `_meta` (`traceparent`, `tracestate`) when no
   * observer gives its own: the launcher's, passed through.
   */
  traceContext?: () => { traceparent: string; tracestate?: string } | undefined;
  ping?: PingOptions;
  /** Aborts connecting (and closes the transport). */
  signal?: AbortSignal;
}

export type CallOptions = Omit<RequestOptions, 'timeoutMs'> & {
  timeoutMs?: number;
  /** Ask the server even when a cached result is still fresh (a person's Refresh). */
  fresh?: boolean;
  /** tools/call: run a tool whose taskSupport is "optional" as a task ("required" ones always are). */
  preferTask?: boolean;
  /** tools/call run as a task: each new state of the task (status and message). */
  onTask?: (state: TaskState) => void;
  /**
   * 2026-07-28: the response stream broke before the answer of a call that may act (not a read, not
   * a tool marked read-only or idempotent). The spec has it sent again as a new request; this says
   * whether it may be (the host asks the person). Without it, it is not sent again.
   */
  confirmResend?: () => Promise<boolean>;
};

/** A call's options with the client's limits filled in: what goes on the wire. */
export type LimitedCallOptions = CallOptions & { timeoutMs: number; maxTotalTimeoutMs: number };

/** The call's own limits where it sets them, else the client's, else the library's defaults. */
export function withLimits(options: CallOptions, client: McpClientOptions): LimitedCallOptions {
  return {
    ...options,
    timeoutMs: options.timeoutMs ?? client.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? client.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS,
  };
}

/** Who we say we are (initialize's clientInfo, each modern request's `_meta`), unless told otherwise. */
export const SWITCHBOARD_CLIENT_INFO: Implementation = {
  name: 'switchboard',
  title: 'Switchboard',
  version: '0.1.0',
};
