import type { RequestId } from '../../../shared/mcp/protocol';
import type { Disposer } from '../emitter';
import type { JsonRpcMessage } from '../jsonrpc/message';

/** Input that could not become a JSON value: the connection answers or logs it, and carries on. */
export interface MalformedInput {
  kind: 'parse' | 'oversize' | 'encoding' | 'truncated' | 'depth';
  reason: string;
  /** The start of the offending input, for logs. */
  excerpt: string;
  /** The messages it could still be read to be (a refused message's top-level ids), if any. */
  named?: NamedMessage[];
}

/** One message a refused input named: a request of the server's, or an answer to one of ours. */
export interface NamedMessage {
  id: RequestId;
  /** It has a method: the server's request (else a response to ours). */
  request: boolean;
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
  /**
   * One request that failed in the transport after it was sent, the connection staying up (a
   * Streamable HTTP response stream that cannot resume). Stdio and legacy SSE never fail one request
   * alone: they close.
   */
  readonly onRequestError: (listener: (failure: RequestFailure) => void) => Disposer;
}

/** A transport over HTTP with a session the server may end, which carries the protocol version. */
export interface HttpSessionTransport extends Transport {
  /** Sent in the MCP-Protocol-Version header once `initialize` has settled it (undefined: none). */
  setProtocolVersion(version: string | undefined): void;
  /** True when the server may end the session and a new initialize can start another. */
  readonly sessionful: boolean;
  /** The session the server gave (`Mcp-Session-Id`), while there is one. */
  readonly sessionId: string | undefined;
  /**
   * The 2026-07-28 wire: each POST names its method (and tool, prompt or resource) in headers, and a
   * JSON-RPC error in a 4xx body is the answer to the request (a modern server's way to refuse).
   */
  setModern(modern: boolean): void;
  /** The `Mcp-Param-*` headers of a modern tools/call (from the tool's x-mcp-header annotations). */
  setParamHeaders(headers: ParamHeaders | undefined): void;
}

export type ParamHeaders = (tool: string, args: Record<string, unknown>) => Record<string, string>;

export function hasHttpSession(transport: Transport): transport is HttpSessionTransport {
  return 'setProtocolVersion' in transport && 'sessionful' in transport;
}
