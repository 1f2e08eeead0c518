import { isPlainHttpOffLoopback } from '../../../shared/loopback';
import type { RequestId } from '../../../shared/mcp/protocol';
import type { HttpAuth } from '../auth/httpAuth';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { isRequestMessage, type JsonRpcMessage } from '../jsonrpc/message';
import { parseMessage } from '../jsonrpc/parseMessage';
import { McpError } from '../mcpError';
import { authorized } from './authorized';
import { HttpClient, type HttpEngine, type HttpResponse } from './httpClient';
import { describeRequestError, httpStatusError, jsonRpcRefusal, sessionError } from './httpErrors';
import { standardHeaders } from './mcpHeaders';
import { type ReconnectPolicy, reconnectDelay } from './reconnectPolicy';
import { readSse, SseOversizeError } from './sseReader';
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
const SEEN_EVENT_IDS = 1000;

interface StreamState {
  /** The request whose response this stream carries; undefined for the standalone GET stream. */
  requestId: RequestId | undefined;
  lastEventId: string | undefined;
  retryMs: number | undefined;
  answered: boolean;
  /** Why the last message on this stream that could not be used was refused. */
  refused?: string;
}

/**
 * Streamable HTTP (2025-03-26 … 2025-11-25): each message a POST, answered by JSON or an SSE stream;
 * a GET stream for what the server starts; sessions by Mcp-Session-Id; broken streams resumed by GET
 * with Last-Event-ID, honouring the server's `retry`. A dropped stream is never taken as a cancel.
 */
export class StreamableHttpTransport extends TransportEvents implements HttpSessionTransport {
  readonly sessionful = true;

  private readonly url: URL;
  private readonly label: string;
  private readonly maxBytes: number;
  private readonly policy: ReconnectPolicy;
  private readonly http: HttpClient;
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  private modern = false;
  private paramHeaders: ParamHeaders | undefined;
  /** Modern: the open response stream of each request, so a cancel can close it. */
  private readonly openStreams = new Map<RequestId, HttpResponse>();
  private closed = false;
  private getStreamOpen = false;
  /** Resolves the waits between reconnects when the transport closes. */
  private readonly wakeups = new Set<() => void>();
  private readonly seenEventIds = new Set<string>();

  constructor(private readonly params: HttpServerParams) {
    super();
    this.url = new URL(params.url);
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') {
      throw new McpError(ErrorCode.HttpError, `${params.url} is not an http(s) URL`);
    }
    this.label = params.label ?? this.url.host;
    this.maxBytes = params.maxMessageBytes ?? 10 * 1024 * 1024;
    this.policy = { initialDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 5, ...params.reconnect };
    this.http = new HttpClient(this.url.protocol === 'https:', params.engine);
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
    const sentSession = isInitialize ? undefined : this.sessionId;
    const response = await this.request('POST', {
      body: JSON.stringify(message),
      accept: 'application/json, text/event-stream',
      session: sentSession,
      method,
      ...(this.modern && single ? { standard: this.modernHeaders(single) } : {}),
    });
    this.adoptSession(response, isInitialize);

    if ((response.status === 404 || response.status === 400) && sentSession) {
      const error = await sessionError(response, sentSession, `POST ${this.url.href}`, {
        server: this.label,
      });
      if (error.code === ErrorCode.SessionExpired && this.sessionId === sentSession)
        this.sessionId = undefined;
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
      if (method === 'notifications/initialized') this.openGetStream();
      return;
    }
    if (type.includes('text/event-stream')) {
      if (this.modern) this.openStreams.set(requestId, response);
      void this.consume(response, {
        requestId,
        lastEventId: undefined,
        retryMs: undefined,
        answered: false,
      }).finally(() => {
        if (this.openStreams.get(requestId) === response) this.openStreams.delete(requestId);
      });
      return;
    }
    if (type.includes('application/json')) {
      const text = await response.text(this.maxBytes).catch((error: Error) => {
        throw new McpError(ErrorCode.HttpError, error.message, { server: this.label });
      });
      const state: StreamState = { requestId, lastEventId: undefined, retryMs: undefined, answered: false };
      this.deliverJson(text, state);
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
    for (const wake of this.wakeups) wake();
    if (this.sessionId) {
      // Tell the server the session is over; 405 (not supported) and failures are fine.
      const headers = this.headers(this.sessionId);
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

  // ---- streams --------------------------------------------------------------------------------

  /** The standalone GET stream for server-initiated messages. 405 means the server offers none. */
  private openGetStream(): void {
    if (this.getStreamOpen || this.closed) return;
    this.getStreamOpen = true;
    void this.consume(undefined, {
      requestId: undefined,
      lastEventId: undefined,
      retryMs: undefined,
      answered: false,
    }).finally(() => {
      this.getStreamOpen = false;
    });
  }

  /**
   * Reads one logical SSE stream to its end, resuming it by GET + Last-Event-ID as the policy allows.
   * A POST stream ends once its response has arrived; the GET stream lives until close.
   */
  private async consume(first: HttpResponse | undefined, state: StreamState): Promise<void> {
    const what = state.requestId === undefined ? 'GET stream' : `stream of request ${state.requestId}`;
    let response = first;
    let attempt = 0;
    let immediate = first === undefined; // a fresh GET stream opens at once
    while (!this.closed) {
      if (response) {
        if (await this.readStream(response, state)) attempt = 0;
        if (this.closed || state.answered) return;
        // What came instead of the answer could not be read: that is the reason, not a lost stream
        // (which would be sent again) — unless a legacy stream can resume past it.
        if (state.refused && state.requestId !== undefined && (this.modern || !state.lastEventId)) {
          const why = `the server's answer could not be used: ${state.refused}`;
          return this.failRequest(state, why, ErrorCode.InvalidResult);
        }
        // 2026-07-28: streams are not resumable; the request is lost and the client sends it again.
        if (this.modern && state.requestId !== undefined) {
          return this.failRequest(
            state,
            'the response stream broke before the answer',
            ErrorCode.ResponseLost,
          );
        }
        if (state.requestId !== undefined && state.lastEventId === undefined) {
          return this.failRequest(
            state,
            'the SSE stream ended before the response, with no event id to resume from',
          );
        }
      }
      response = undefined;
      if (!immediate) {
        attempt++;
        if (attempt > this.policy.maxAttempts) {
          return this.failRequest(state, `gave up resuming the ${what} after ${attempt - 1} tries`);
        }
        await this.sleep(reconnectDelay(this.policy, attempt, state.retryMs));
        if (this.closed) return;
      }
      immediate = false;
      let next: HttpResponse;
      try {
        next = await this.request('GET', {
          accept: 'text/event-stream',
          session: this.sessionId,
          lastEventId: state.lastEventId,
        });
      } catch (error) {
        this.log('warning', `${what}: ${(error as Error).message}`);
        continue;
      }
      if (next.status === 405) {
        next.drain();
        if (state.requestId === undefined) return this.log('info', 'the server offers no GET stream (405)');
        return this.failRequest(state, 'the server cannot resume streams (GET 405)');
      }
      if ((next.status === 404 || next.status === 400) && this.sessionId) {
        const error = await sessionError(next, this.sessionId, what, { server: this.label });
        if (error.code === ErrorCode.SessionExpired)
          return this.failRequest(state, error.reason, ErrorCode.SessionExpired);
        this.log('warning', `${what}: ${error.reason}`);
        continue;
      }
      if (!next.ok || !(next.header('content-type') ?? '').includes('text/event-stream')) {
        this.log('warning', `${what}: HTTP ${next.status} ${next.header('content-type') ?? ''}`);
        next.drain();
        continue;
      }
      response = next;
    }
  }

  /** Reads one HTTP response's events; true when it delivered at least one event. */
  private async readStream(response: HttpResponse, state: StreamState): Promise<boolean> {
    let delivered = false;
    try {
      await readSse(
        response.body,
        {
          onEvent: (event) => {
            if (this.closed) return;
            delivered = true;
            if (event.id !== undefined) {
              if (this.seenEventIds.has(event.id)) return; // replayed on resume: delivered already
              this.rememberEventId(event.id);
              state.lastEventId = event.id;
            }
            if (!event.data || (event.event && event.event !== 'message')) return; // priming / other
            this.deliverJson(event.data, state);
          },
          onRetry: (ms) => {
            state.retryMs = ms;
          },
        },
        this.maxBytes,
      );
    } catch (error) {
      response.cancel();
      if (this.closed) return delivered;
      if (error instanceof SseOversizeError) {
        state.refused = error.message;
        this.malformedEmitter.fire({ kind: 'oversize', reason: error.message, excerpt: '' });
        // Resuming would replay the same event: the request it belonged to cannot complete.
        state.lastEventId = undefined;
      } else {
        this.log('warning', `SSE stream broke: ${describeRequestError(error, this.url)}`);
      }
    }
    return delivered;
  }

  private deliverJson(text: string, state?: StreamState): void {
    const parsed = parseMessage(text);
    if (!parsed.ok) {
      if (state) state.refused = parsed.malformed.reason;
      this.malformedEmitter.fire(parsed.malformed);
      return;
    }
    const value = parsed.value;
    if (state?.requestId !== undefined) {
      const messages = Array.isArray(value) ? value : [value];
      if (messages.some((m) => isResponseTo(m, state.requestId!))) state.answered = true;
    }
    this.messageEmitter.fire(value);
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
    },
  ): Promise<HttpResponse> {
    const headers = { ...this.headers(options.session), ...options.standard };
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
    if (!id || (!isInitialize && this.sessionId)) return;
    if (!VISIBLE_ASCII.test(id)) {
      this.log('warning', 'ignored a session id with characters outside visible ASCII');
      return;
    }
    this.sessionId = id;
  }

  /** A POST stream's request cannot complete; for the GET stream, only a warning. */
  private failRequest(state: StreamState, why: string, code: number = ErrorCode.HttpError): void {
    if (state.requestId === undefined) {
      this.log('warning', `GET stream: ${why}`);
      return;
    }
    this.requestErrorEmitter.fire({
      id: state.requestId,
      error: new McpError(code, `${this.label}: ${why}`, { server: this.label }),
    });
  }

  private rememberEventId(id: string): void {
    this.seenEventIds.add(id);
    if (this.seenEventIds.size > SEEN_EVENT_IDS) {
      this.seenEventIds.delete(this.seenEventIds.values().next().value!);
    }
  }

  /** Waits, or less if the transport closes meanwhile. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeups.add(wake);
    });
  }

  private closedError(): McpError {
    return new McpError(ErrorCode.ConnectionClosed, `${this.label} is closed`, { server: this.label });
  }
}

function isResponseTo(message: unknown, id: RequestId): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    !('method' in message) &&
    (message as { id?: unknown }).id === id
  );
}
