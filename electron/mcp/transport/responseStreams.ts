import type { RequestId } from '../../../shared/mcp/protocol';
import { DisposableStore } from '../disposableStore';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { parseMessage } from '../jsonrpc/parseMessage';
import { McpError } from '../mcpError';
import type { HttpResponse } from './httpClient';
import { describeRequestError, sessionError } from './httpErrors';
import { type ReconnectPolicy, reconnectDelay } from './reconnectPolicy';
import { readSse, SseOversizeError } from './sseReader';
import type { MalformedInput, RequestFailure, TransportLog } from './transport';

const SEEN_EVENT_IDS = 1000;

/** One logical stream: what it answers, where to resume it, and whether its answer came. */
export interface StreamState {
  /** The request whose response this stream carries; undefined for the standalone GET stream. */
  requestId: RequestId | undefined;
  lastEventId: string | undefined;
  retryMs: number | undefined;
  answered: boolean;
  /** Why the last message on this stream that could not be used was refused. */
  refused?: string;
}

/** What the streams need of their transport: its state, its GET, and its events. */
export interface StreamsHost {
  readonly label: string;
  readonly url: URL;
  readonly maxBytes: number;
  readonly policy: ReconnectPolicy;
  /** Read at every step: a closed transport ends every stream; a modern one resumes none. */
  isClosed(): boolean;
  isModern(): boolean;
  sessionId(): string | undefined;
  /** GET the URL for an event stream, resuming after `lastEventId` when there is one. */
  get(lastEventId: string | undefined): Promise<HttpResponse>;
  message(value: unknown): void;
  malformed(input: MalformedInput): void;
  requestFailed(failure: RequestFailure): void;
  log(level: TransportLog['level'], text: string): void;
}

/**
 * The SSE streams of one Streamable HTTP connection: each POST's response stream, read until it
 * has answered its request, and the standalone GET stream for what the server starts, which lives
 * until close. A broken stream is resumed by GET + Last-Event-ID as the policy allows, honouring the
 * server's `retry`; an event replayed on resume is delivered once. A dropped stream is never taken
 * as a cancel.
 */
export class ResponseStreams {
  private readonly seenEventIds = new Set<string>();
  /** The waits between reconnects, cut short when the transport closes. */
  private readonly waits = new DisposableStore();
  private getStreamOpen = false;

  constructor(private readonly host: StreamsHost) {}

  /** The standalone GET stream for server-initiated messages. 405 means the server offers none. */
  openGetStream(): void {
    if (this.getStreamOpen || this.host.isClosed()) return;
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

  /** The transport closed: every wait for a reconnect ends now. */
  close(): void {
    this.waits.dispose();
  }

  /**
   * Reads one logical SSE stream to its end, resuming it by GET + Last-Event-ID as the policy allows.
   * A POST stream ends once its response has arrived; the GET stream lives until close.
   */
  async consume(first: HttpResponse | undefined, state: StreamState): Promise<void> {
    const { host } = this;
    const what = state.requestId === undefined ? 'GET stream' : `stream of request ${state.requestId}`;
    let response = first;
    let attempt = 0;
    let immediate = first === undefined; // a fresh GET stream opens at once
    while (!host.isClosed()) {
      if (response) {
        if (await this.readStream(response, state)) attempt = 0;
        if (host.isClosed() || state.answered) return;
        // What came instead of the answer could not be read: that is the reason, not a lost stream
        // (which would be sent again) — unless a legacy stream can resume past it.
        if (state.refused && state.requestId !== undefined && (host.isModern() || !state.lastEventId)) {
          const why = `the server's answer could not be used: ${state.refused}`;
          return this.failRequest(state, why, ErrorCode.InvalidResult);
        }
        // 2026-07-28: streams are not resumable; the request is lost and the client sends it again.
        if (host.isModern() && state.requestId !== undefined) {
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
        if (attempt > host.policy.maxAttempts) {
          return this.failRequest(state, `gave up resuming the ${what} after ${attempt - 1} tries`);
        }
        await this.wait(reconnectDelay(host.policy, attempt, state.retryMs));
        if (host.isClosed()) return;
      }
      immediate = false;
      let next: HttpResponse;
      try {
        next = await host.get(state.lastEventId);
      } catch (error) {
        host.log('warning', `${what}: ${(error as Error).message}`);
        continue;
      }
      if (next.status === 405) {
        next.drain();
        if (state.requestId === undefined) return host.log('info', 'the server offers no GET stream (405)');
        return this.failRequest(state, 'the server cannot resume streams (GET 405)');
      }
      const session = host.sessionId();
      if ((next.status === 404 || next.status === 400) && session) {
        const error = await sessionError(next, session, what, { server: host.label });
        if (error.code === ErrorCode.SessionExpired)
          return this.failRequest(state, error.reason, ErrorCode.SessionExpired);
        host.log('warning', `${what}: ${error.reason}`);
        continue;
      }
      if (!next.ok || !(next.header('content-type') ?? '').includes('text/event-stream')) {
        host.log('warning', `${what}: HTTP ${next.status} ${next.header('content-type') ?? ''}`);
        next.drain();
        continue;
      }
      response = next;
    }
  }

  /** One JSON-RPC message (or batch) in text; one answering the stream's request marks it answered. */
  deliverJson(text: string, state?: StreamState): void {
    const parsed = parseMessage(text);
    if (!parsed.ok) {
      if (state) state.refused = parsed.malformed.reason;
      this.host.malformed(parsed.malformed);
      return;
    }
    const value = parsed.value;
    if (state?.requestId !== undefined) {
      const messages = Array.isArray(value) ? value : [value];
      if (messages.some((m) => isResponseTo(m, state.requestId!))) state.answered = true;
    }
    this.host.message(value);
  }

  /** Reads one HTTP response's events; true when it delivered at least one event. */
  private async readStream(response: HttpResponse, state: StreamState): Promise<boolean> {
    let delivered = false;
    try {
      await readSse(
        response.body,
        {
          onEvent: (event) => {
            if (this.host.isClosed()) return;
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
        this.host.maxBytes,
      );
    } catch (error) {
      response.cancel();
      if (this.host.isClosed()) return delivered;
      if (error instanceof SseOversizeError) {
        state.refused = error.message;
        this.host.malformed({ kind: 'oversize', reason: error.message, excerpt: '' });
        // Resuming would replay the same event: the request it belonged to cannot complete.
        state.lastEventId = undefined;
      } else {
        this.host.log('warning', `SSE stream broke: ${describeRequestError(error, this.host.url)}`);
      }
    }
    return delivered;
  }

  /** A POST stream's request cannot complete; for the GET stream, only a warning. */
  private failRequest(state: StreamState, why: string, code: number = ErrorCode.HttpError): void {
    if (state.requestId === undefined) {
      this.host.log('warning', `GET stream: ${why}`);
      return;
    }
    this.host.requestFailed({
      id: state.requestId,
      error: new McpError(code, `${this.host.label}: ${why}`, { server: this.host.label }),
    });
  }

  private rememberEventId(id: string): void {
    this.seenEventIds.add(id);
    if (this.seenEventIds.size > SEEN_EVENT_IDS) {
      this.seenEventIds.delete(this.seenEventIds.values().next().value!);
    }
  }

  /** Waits, or less if the transport closes meanwhile. */
  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => this.waits.delete(wake), ms);
      this.waits.add(wake);
    });
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
