import type { RequestId } from '../../../shared/mcp/protocol';
import type { Disposer } from '../emitter';
import type { JsonRpcMessage } from '../jsonrpc/message';

/** Input that could not become a JSON value: the connection answers or logs it, and carries on. */
export interface MalformedInput {
  kind: 'parse' | 'oversize' | 'encoding' | 'truncated';
  reason: string;
  /** The start of the offending input, for logs. */
  excerpt: string;
}

/** Something the transport itself wants logged: stderr lines, lifecycle, HTTP details. */
export interface TransportLog {
  level: 'debug' | 'info' | 'warning' | 'error';
  source: 'stderr' | 'transport';
  text: string;
}

export interface TransportClosed {
  /** Why, in words a person can act on. */
  reason: string;
  /** True when we asked for the close; false when the server or the channel went away. */
  requested: boolean;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail?: string[];
}

/** A transport that knows one of our requests cannot complete (its stream is gone for good). */
export interface RequestFailure {
  id: RequestId;
  error: Error;
}

/**
 * A channel of JSON-RPC messages to one server. Framing and JSON parsing live here, so the
 * connection above sees parsed values (a batch arrives as one array value).
 */
export interface Transport {
  start(): Promise<void>;
  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void>;
  close(): Promise<void>;
  readonly onMessage: (listener: (value: unknown) => void) => Disposer;
  readonly onMalformed: (listener: (input: MalformedInput) => void) => Disposer;
  readonly onLog: (listener: (entry: TransportLog) => void) => Disposer;
  readonly onClose: (listener: (info: TransportClosed) => void) => Disposer;
  /** Set after `initialize` so transports that carry it (HTTP headers) can. */
  setProtocolVersion?(version: string): void;
  /** Requests that failed in the transport after they were sent (HTTP streams that cannot resume). */
  readonly onRequestError?: (listener: (failure: RequestFailure) => void) => Disposer;
  /** True when the server may end a session and a new initialize can start another (HTTP). */
  readonly sessionful?: boolean;
}
