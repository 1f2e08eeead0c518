import type { RequestId } from '../../../shared/mcp/protocol';
import { Emitter } from '../emitter';
import { ErrorCode } from '../jsonrpc/errorCodes';
import type { JsonRpcMessage, JsonRpcRequest } from '../jsonrpc/message';
import { McpError } from '../mcpError';
import { describeFetchError, httpStatusError, readLimited } from './httpErrors';
import { type ReconnectPolicy, reconnectDelay } from './reconnectPolicy';
import { readSse, SseOversizeError } from './sseReader';
import type { MalformedInput, RequestFailure, Transport, TransportClosed, TransportLog } from './transport';

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
}

/**
 * Streamable HTTP (2025-03-26 … 2025-11-25): each message a POST, answered by JSON or an SSE stream;
 * a GET stream for what the server starts; sessions by Mcp-Session-Id; broken streams resumed by GET
 * with Last-Event-ID, honouring the server's `retry`. A dropped stream is never taken as a cancel.
 */
export class StreamableHttpTransport implements Transport {
  readonly sessionful = true;
  private readonly messageEmitter = new Emitter<unknown>();
  private readonly malformedEmitter = new Emitter<MalformedInput>();
  private readonly logEmitter = new Emitter<TransportLog>();
  private readonly closeEmitter = new Emitter<TransportClosed>();
  private readonly requestErrorEmitter = new Emitter<RequestFailure>();
  readonly onMessage = this.messageEmitter.event;
  readonly onMalformed = this.malformedEmitter.event;
  readonly onLog = this.logEmitter.event;
  readonly onClose = this.closeEmitter.event;
  readonly onRequestError = this.requestErrorEmitter.event;

  private readonly url: URL;
  private readonly label: string;
  private readonly maxBytes: number;
  private readonly policy: ReconnectPolicy;
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  private closed = false;
  private getStreamOpen = false;
  /** Aborted on close: every fetch and every stream body hangs off it. */
  private readonly lifetime = new AbortController();
  private readonly seenEventIds = new Set<string>();

  constructor(private readonly params: HttpServerParams) {
    this.url = new URL(params.url);
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') {
      throw new McpError(ErrorCode.HttpError, `${params.url} is not an http(s) URL`);
    }
    this.label = params.label ?? this.url.host;
    this.maxBytes = params.maxMessageBytes ?? 10 * 1024 * 1024;
    this.policy = { initialDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 5, ...params.reconnect };
  }

  get session(): string | undefined {
    return this.sessionId;
  }

  async start(): Promise<void> {
    // Nothing to open: the first POST (initialize) is the connection.
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed) throw this.closedError();
    const single = Array.isArray(message) ? undefined : message;
    const requestId =
      single && 'method' in single && 'id' in single ? (single as JsonRpcRequest).id : undefined;
    const isInitialize = single && 'method' in single && single.method === 'initialize';
    const sentSession = isInitialize ? undefined : this.sessionId;
    const response = await this.fetch('POST', {
      body: JSON.stringify(message),
      accept: 'application/json, text/event-stream',
      session: sentSession,
      method: single && 'method' in single ? single.method : undefined,
    });
    this.adoptSession(response, isInitialize === true);

    if (response.status === 404 && sentSession) {
      await response.body?.cancel();
      this.sessionId = undefined;
      throw new McpError(ErrorCode.SessionExpired, `The server ended session ${sentSession} (HTTP 404)`, {
        server: this.label,
      });
    }
    if (!response.ok) throw await httpStatusError(response, `POST ${this.url.href}`, { server: this.label });

    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (response.status === 202 || requestId === undefined) {
      await response.body?.cancel();
      if (single && 'method' in single && single.method === 'notifications/initialized') this.openGetStream();
      return;
    }
    if (type.includes('text/event-stream')) {
      void this.consume(response, { requestId, lastEventId: undefined, retryMs: undefined, answered: false });
      return;
    }
    if (type.includes('application/json')) {
      const text = await readLimited(response, this.maxBytes).catch((error: Error) => {
        throw new McpError(ErrorCode.HttpError, error.message, { server: this.label });
      });
      this.deliverJson(text);
      return;
    }
    await response.body?.cancel();
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
    this.lifetime.abort(new Error('transport closed'));
    if (this.sessionId) {
      // Tell the server the session is over; 405 (not supported) and failures are fine.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 2000);
      await fetch(this.url, {
        method: 'DELETE',
        headers: this.headers(this.sessionId),
        signal: controller.signal,
      })
        .then((r) => r.body?.cancel())
        .catch(() => {})
        .finally(() => clearTimeout(timer));
    }
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
    });
  }

  /**
   * Reads one logical SSE stream to its end, resuming it by GET + Last-Event-ID as often as the
   * policy allows. A POST stream ends once its response arrived; the GET stream lives until close.
   */
  private async consume(first: Response | undefined, state: StreamState): Promise<void> {
    let response = first;
    let failures = 0;
    while (!this.closed) {
      if (response) {
        const delivered = await this.readStream(response, state);
        if (delivered) failures = 0;
        if (this.closed || state.answered) return;
      }
      const resumable = state.lastEventId !== undefined;
      if (state.requestId !== undefined && !resumable) {
        this.failRequest(
          state.requestId,
          'the SSE stream ended before the response, with no event id to resume from',
        );
        return;
      }
      if (response) failures++;
      if (failures > this.policy.maxAttempts) {
        if (state.requestId !== undefined)
          this.failRequest(state.requestId, `gave up resuming after ${failures - 1} tries`);
        else this.log('warning', `GET stream: gave up reconnecting after ${failures - 1} tries`);
        if (state.requestId === undefined) this.getStreamOpen = false;
        return;
      }
      if (response) await this.sleep(reconnectDelay(this.policy, failures, state.retryMs));
      if (this.closed) return;
      response = await this.fetch('GET', {
        accept: 'text/event-stream',
        session: this.sessionId,
        lastEventId: state.lastEventId,
      }).catch((error: unknown) => {
        this.log('warning', `GET stream: ${(error as Error).message}`);
        return undefined;
      });
      if (!response) {
        response = new Response(null); // counts as a failed attempt, then backs off
        continue;
      }
      if (response.status === 405) {
        await response.body?.cancel();
        if (state.requestId !== undefined)
          this.failRequest(state.requestId, 'the server cannot resume streams (GET 405)');
        else this.log('info', 'the server offers no GET stream (405)');
        if (state.requestId === undefined) this.getStreamOpen = false;
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.includes('text/event-stream')) {
        this.log('warning', `GET stream: HTTP ${response.status} ${type}`);
        await response.body?.cancel();
        if (response.status === 404 && this.sessionId) {
          if (state.requestId !== undefined)
            this.failRequest(state.requestId, 'the session ended (HTTP 404)', true);
          return;
        }
        response = new Response(null);
      }
    }
  }

  /** Reads one HTTP response's events; true when it delivered at least one event. */
  private async readStream(response: Response, state: StreamState): Promise<boolean> {
    if (!response.body) return false;
    let delivered = false;
    try {
      await readSse(
        response.body,
        {
          onEvent: (event) => {
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
      if (this.closed) return delivered;
      if (error instanceof SseOversizeError) {
        this.malformedEmitter.fire({ kind: 'oversize', reason: error.message, excerpt: '' });
        // Resuming would replay the same event: the request it belonged to cannot complete.
        state.lastEventId = undefined;
      } else {
        this.log('warning', `SSE stream broke: ${describeFetchError(error, this.url)}`);
      }
    }
    return delivered;
  }

  private deliverJson(text: string, state?: StreamState): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.malformedEmitter.fire({
        kind: 'parse',
        reason: `not JSON: ${(error as Error).message}`,
        excerpt: text.slice(0, 200),
      });
      return;
    }
    if (state?.requestId !== undefined) {
      const messages = Array.isArray(value) ? value : [value];
      if (messages.some((m) => isResponseTo(m, state.requestId!))) state.answered = true;
    }
    this.messageEmitter.fire(value);
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private async fetch(
    method: 'POST' | 'GET',
    options: { body?: string; accept: string; session?: string; lastEventId?: string; method?: string },
  ): Promise<Response> {
    const timeoutMs = this.params.connectTimeoutMs ?? 30_000;
    const headersTimeout = new AbortController();
    const timer = setTimeout(() => headersTimeout.abort(), timeoutMs);
    const signal = AbortSignal.any([this.lifetime.signal, headersTimeout.signal]);
    const headers = this.headers(options.session);
    headers.accept = options.accept;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    try {
      return await fetch(this.url, { method, headers, body: options.body, signal });
    } catch (error) {
      if (this.closed) throw this.closedError();
      const why = headersTimeout.signal.aborted
        ? `no response within ${timeoutMs} ms`
        : describeFetchError(error, this.url);
      throw new McpError(ErrorCode.HttpError, `${method} ${this.url.href}: ${why}`, {
        server: this.label,
        method: options.method,
        cause: error,
      });
    } finally {
      // The timeout covers waiting for headers; a stream then reads until it ends or we close.
      clearTimeout(timer);
    }
  }

  private headers(session: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { ...this.params.headers };
    if (session) headers[SESSION_HEADER] = session;
    if (this.protocolVersion) headers['mcp-protocol-version'] = this.protocolVersion;
    return headers;
  }

  private adoptSession(response: Response, isInitialize: boolean): void {
    const id = response.headers.get(SESSION_HEADER);
    if (!id || (!isInitialize && this.sessionId)) return;
    if (!VISIBLE_ASCII.test(id)) {
      this.log('warning', 'ignored a session id with characters outside visible ASCII');
      return;
    }
    this.sessionId = id;
  }

  private failRequest(id: RequestId, why: string, sessionExpired = false): void {
    const code = sessionExpired ? ErrorCode.SessionExpired : ErrorCode.HttpError;
    this.requestErrorEmitter.fire({
      id,
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
      const done = () => {
        clearTimeout(timer);
        this.lifetime.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.lifetime.signal.addEventListener('abort', done);
    });
  }

  private closedError(): McpError {
    return new McpError(ErrorCode.ConnectionClosed, `${this.label} is closed`, { server: this.label });
  }

  private log(level: TransportLog['level'], text: string): void {
    this.logEmitter.fire({ level, source: 'transport', text });
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
