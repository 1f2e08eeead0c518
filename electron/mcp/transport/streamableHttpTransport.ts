import { isPlainHttpOffLoopback } from '../../../shared/loopback';
import type { RequestId } from '../../../shared/mcp/protocol';
import type { HttpAuth } from '../auth/httpAuth';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { isRequestMessage, type JsonRpcMessage } from '../jsonrpc/message';
import { McpError } from '../mcpError';
import { authorized } from './authorized';
import { HttpClient, type HttpEngine, type HttpResponse } from './httpClient';
import { describeRequestError, httpStatusError, jsonRpcRefusal, sessionError } from './httpErrors';
import { standardHeaders, traceHeaders } from './mcpHeaders';
import type { ReconnectPolicy } from './reconnectPolicy';
import { ResponseStreams, type StreamState } from './responseStreams';
import type { HttpSessionTransport, ParamHeaders } from './transport';
import { TransportEvents } from './transportEvents';

export interface HttpServerParams {
  url: string;
  /** Sent on every request (API keys). Secrets stay in main: these never reach logs. */
  headers?: Record<string, string>;
  label?: string;
  /** How long to wait for response headers (default 30 s). */
  connectTimeoutMs?: number;
  /** Largest JSON body or SSE event accepted (default 10 MiB). */
  maxMessageBytes?: number;
  reconnect?: Partial<ReconnectPolicy>;
  /** Authorizes requests (OAuth): a bearer on each, and a sign-in or refresh when one is refused. */
  auth?: HttpAuth;
  /** The HTTP stack: Node's http module (default), or fetch (undici) to compare the two. */
  engine?: HttpEngine;
}

const SESSION_HEADER = 'mcp-session-id';
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Streamable HTTP (2025-03-26 … 2025-11-25): each message a POST, answered by JSON or an SSE stream;
 * a GET stream for what the server starts; sessions by Mcp-Session-Id; broken streams resumed by GET
 * with Last-Event-ID, honouring the server's `retry` (transport/responseStreams.ts). A dropped stream
 * is never taken as a cancel.
 */
export class StreamableHttpTransport extends TransportEvents implements HttpSessionTransport {
  readonly sessionful = true;
  get sessionId(): string | undefined {
    return this.session;
  }

  private readonly url: URL;
  private readonly label: string;
  private readonly maxBytes: number;
  private readonly http: HttpClient;
  private session: string | undefined;
  private protocolVersion: string | undefined;
  private modern = false;
  private paramHeaders: ParamHeaders | undefined;
  /** Modern: the open response stream of each request, so a cancel can close it. */
  private readonly openStreams = new Map<RequestId, HttpResponse>();
  private closed = false;
  private readonly streams: ResponseStreams;

  constructor(private readonly params: HttpServerParams) {
    super();
    this.url = new URL(params.url);
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') {
      throw new McpError(ErrorCode.HttpError, `${params.url} is not an http(s) URL`);
    }
    this.label = params.label ?? this.url.host;
    this.maxBytes = params.maxMessageBytes ?? 10 * 1024 * 1024;
    this.http = new HttpClient(this.url.protocol === 'https:', params.engine);
    this.streams = new ResponseStreams({
      label: this.label,
      url: this.url,
      maxBytes: this.maxBytes,
      policy: { initialDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 5, ...params.reconnect },
      isClosed: () => this.closed,
      isModern: () => this.modern,
      sessionId: () => this.session,
      get: (lastEventId) =>
        this.request('GET', { accept: 'text/event-stream', session: this.session, lastEventId }),
      message: (value) => this.messageEmitter.fire(value),
      malformed: (input) => this.malformedEmitter.fire(input),
      requestFailed: (failure) => this.requestErrorEmitter.fire(failure),
      log: (level, text) => this.log(level, text),
    });
  }

  async start(): Promise<void> {
    // Nothing to open: the first POST (initialize) is the connection.
  }

  setProtocolVersion(version: string | undefined): void {
    this.protocolVersion = version;
  }

  setModern(modern: boolean): void {
    this.modern = modern;
  }

  setParamHeaders(headers: ParamHeaders | undefined): void {
    this.paramHeaders = headers;
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed) throw this.closedError();
    const single = Array.isArray(message) ? undefined : message;
    const method = single && 'method' in single ? single.method : undefined;
    // 2026-07-28: a request is cancelled by closing its response stream (subscriptions/listen above all).
    if (this.modern && method === 'notifications/cancelled') {
      const id = (single as { params?: { requestId?: RequestId } }).params?.requestId;
      const stream = id === undefined ? undefined : this.openStreams.get(id);
      if (stream) {
        this.openStreams.delete(id!);
        stream.cancel();
        return;
      }
    }
    const requestId = single && isRequestMessage(single) ? single.id : undefined;
    const isInitialize = method === 'initialize';
    const sentSession = isInitialize ? undefined : this.session;
    const response = await this.request('POST', {
      body: JSON.stringify(message),
      accept: 'application/json, text/event-stream',
      session: sentSession,
      method,
      ...(this.modern && single ? { standard: this.modernHeaders(single) } : {}),
      trace: traceHeaders(message),
    });
    this.adoptSession(response, isInitialize);

    if ((response.status === 404 || response.status === 400) && sentSession) {
      const error = await sessionError(response, sentSession, `POST ${this.url.href}`, {
        server: this.label,
      });
      if (error.code === ErrorCode.SessionExpired && this.session === sentSession) this.session = undefined;
      throw error;
    }
    if (!response.ok) {
      // A modern server refuses with a JSON-RPC error in the body (unsupported version, header
      // mismatch, unknown method): that is the request's answer, and tells the era apart.
      if (this.modern && requestId !== undefined) throw await jsonRpcRefusal(response, requestId, this.label);
      throw await httpStatusError(response, `POST ${this.url.href}`, { server: this.label });
    }

    const type = (response.header('content-type') ?? '').toLowerCase();
    if (response.status === 202 || requestId === undefined) {
      response.drain();
      if (method === 'notifications/initialized') this.streams.openGetStream();
      return;
    }
    if (type.includes('text/event-stream')) {
      if (this.modern) this.openStreams.set(requestId, response);
      void this.streams
        .consume(response, {
          requestId,
          lastEventId: undefined,
          retryMs: undefined,
          answered: false,
        })
        .finally(() => {
          if (this.openStreams.get(requestId) === response) this.openStreams.delete(requestId);
        });
      return;
    }
    if (type.includes('application/json')) {
      const text = await response.text(this.maxBytes).catch((error: Error) => {
        throw new McpError(ErrorCode.HttpError, error.message, { server: this.label });
      });
      const state: StreamState = { requestId, lastEventId: undefined, retryMs: undefined, answered: false };
      this.streams.deliverJson(text, state);
      // A JSON body is the answer to this POST's request: one that holds none fails it now (a
      // request it did name otherwise, "1" for 1, has failed already, saying so).
      if (!state.answered) {
        const why = state.refused ?? 'it holds no response to this request';
        throw new McpError(ErrorCode.InvalidResult, `The server's answer could not be used: ${why}`, {
          server: this.label,
        });
      }
      return;
    }
    response.drain();
    throw new McpError(
      ErrorCode.HttpError,
      `The server answered a request with Content-Type "${type || 'none'}"`,
      {
        server: this.label,
      },
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.streams.close();
    if (this.session) {
      // Tell the server the session is over; 405 (not supported) and failures are fine.
      const headers = this.headers(this.session);
      const given = await this.params.auth?.authorization('DELETE', this.url).catch(() => undefined);
      if (given && !isPlainHttpOffLoopback(this.url)) Object.assign(headers, given);
      await this.http
        .request(this.url, { method: 'DELETE', headers, timeoutMs: 2000 })
        .then((r) => r.drain())
        .catch(() => {});
    }
    this.http.destroy();
    this.log('info', `closed ${this.label}`);
    this.closeEmitter.fire({ reason: `${this.label} closed`, requested: true });
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private async request(
    method: 'POST' | 'GET',
    options: {
      body?: string;
      accept: string;
      session?: string;
      lastEventId?: string;
      method?: string;
      standard?: Record<string, string>;
      trace?: Record<string, string> | undefined;
    },
  ): Promise<HttpResponse> {
    const headers = { ...this.headers(options.session), ...options.standard, ...options.trace };
    headers.accept = options.accept;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    return authorized(this.params.auth, method, this.url, this.label, headers, () =>
      this.send1(method, headers, options),
    );
  }

  private async send1(
    method: 'POST' | 'GET',
    headers: Record<string, string>,
    options: { body?: string; method?: string },
  ): Promise<HttpResponse> {
    try {
      return await this.http.request(this.url, {
        method,
        headers,
        body: options.body,
        timeoutMs: this.params.connectTimeoutMs ?? 30_000,
      });
    } catch (error) {
      if (this.closed) throw this.closedError();
      throw new McpError(
        ErrorCode.HttpError,
        `${method} ${this.url.href}: ${describeRequestError(error, this.url)}`,
        {
          server: this.label,
          method: options.method,
          cause: error,
        },
      );
    }
  }

  /** The standard headers of a modern POST, and a tool call's `Mcp-Param-*` ones. */
  private modernHeaders(message: JsonRpcMessage): Record<string, string> {
    const headers = standardHeaders(message);
    if (!('method' in message) || message.method !== 'tools/call' || !this.paramHeaders) return headers;
    const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
    const args = typeof params.arguments === 'object' && params.arguments !== null ? params.arguments : {};
    if (typeof params.name !== 'string') return headers;
    try {
      return { ...headers, ...this.paramHeaders(params.name, args as Record<string, unknown>) };
    } catch (error) {
      throw new McpError(ErrorCode.InvalidParams, (error as Error).message, {
        server: this.label,
        method: 'tools/call',
      });
    }
  }

  private headers(session: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { ...this.params.headers };
    if (session) headers[SESSION_HEADER] = session;
    if (this.protocolVersion) headers['mcp-protocol-version'] = this.protocolVersion;
    return headers;
  }

  private adoptSession(response: HttpResponse, isInitialize: boolean): void {
    const id = response.header(SESSION_HEADER);
    if (!id || (!isInitialize && this.session)) return;
    if (!VISIBLE_ASCII.test(id)) {
      this.log('warning', 'ignored a session id with characters outside visible ASCII');
      return;
    }
    this.session = id;
  }

  private closedError(): McpError {
    return new McpError(ErrorCode.ConnectionClosed, `${this.label} is closed`, { server: this.label });
  }
}
