import type { RequestId } from '../../../shared/mcp/protocol';
import { DisposableStore } from '../disposableStore';
import { type Disposer, Emitter } from '../emitter';
import { McpError } from '../mcpError';
import type { MalformedInput, Transport, TransportClosed } from '../transport/transport';
import { ErrorCode } from './errorCodes';
import { IncomingRequests, type RequestHandler } from './incomingRequests';
import {
  classify,
  isErrorResponse,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from './message';
import { cancelledError, PendingRequests, type RequestOptions } from './pendingRequests';
import { type RequestObserver, withTraceMeta } from './requestObserver';
import { errorResponse } from './wireError';

export type { RequestHandler } from './incomingRequests';
export {
  DEFAULT_MAX_TOTAL_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type RequestOptions,
} from './pendingRequests';

import { assertNever } from '../../../shared/assertNever';
import { isRecord } from '../../../shared/json/isRecord';

export interface ConnectionLog {
  level: 'debug' | 'info' | 'warning' | 'error';
  message: string;
  data?: unknown;
}
export interface WireTrace {
  direction: 'send' | 'receive';
  message: unknown;
}

/**
 * Both directions of JSON-RPC over one transport: our requests with their timeouts, cancellation
 * and progress; the peer's requests routed to handlers; notifications to subscribers. Knows JSON-RPC
 * and MCP's cancellation/progress utilities, nothing of MCP's features.
 */
export class JsonRpcConnection {
  private nextId = 1;
  private readonly pending: PendingRequests;
  private readonly incoming: IncomingRequests;
  private readonly notificationEmitters = new Map<string, Emitter<Record<string, unknown>>>();
  private readonly logEmitter = new Emitter<ConnectionLog>();
  private readonly traceEmitter = new Emitter<WireTrace>();
  private readonly closeEmitter = new Emitter<TransportClosed>();
  /** Our subscriptions to the transport, let go when it closes. */
  private readonly subscriptions = new DisposableStore();
  private closedInfo: TransportClosed | undefined;
  private refused = 0;
  /** The last refused input, for the timeout of a request it may have been the answer to. */
  private lastRefusal: { at: number; reason: string } | undefined;
  /**
   * JSON-RPC batches exist in 2024-11-05 and 2025-03-26 only: allowed once initialize has settled
   * one of those, refused before it and in every other revision (2026-07-28 above all).
   */
  batchesAllowed = false;
  /** Hears of every request sent (telemetry); undefined costs each request one check. */
  observer: RequestObserver | undefined;

  readonly onLog = this.logEmitter.event;
  readonly onTrace = this.traceEmitter.event;
  readonly onClose = this.closeEmitter.event;

  constructor(
    private readonly transport: Transport,
    private readonly serverLabel: string,
  ) {
    this.pending = new PendingRequests(serverLabel, {
      cancelled: (requestId, reason) => {
        if (this.closedInfo) return;
        this.notify('notifications/cancelled', { requestId, reason }).catch(() => {});
      },
      log: (level, message, data) => this.log(level, message, data),
      refusedSince: (since) =>
        this.lastRefusal && this.lastRefusal.at >= since ? this.lastRefusal.reason : undefined,
    });
    this.incoming = new IncomingRequests(serverLabel, {
      holdClocks: () => this.pending.holdClocks(),
      log: (level, message, data) => this.log(level, message, data),
      observer: () => this.observer,
    });
    this.subscriptions.add(transport.onMessage((value) => this.receive(value)));
    this.subscriptions.add(transport.onMalformed((input) => this.receiveMalformed(input)));
    this.subscriptions.add(transport.onClose((info) => this.handleClose(info)));
    this.subscriptions.add(
      transport.onRequestError(({ id, error }) => {
        const entry = this.pending.settle(id);
        entry?.reject(this.named(error, entry.method, ErrorCode.ConnectionClosed));
      }),
    );
  }

  get isClosed(): boolean {
    return this.closedInfo !== undefined;
  }

  /** How many messages from the server were refused or dropped so far (each one also logged). */
  get refusedCount(): number {
    return this.refused;
  }

  setRequestHandler(method: string, handler: RequestHandler): void {
    this.incoming.setHandler(method, handler);
  }

  /** A request that came inside a result rather than on the wire (see IncomingRequests.handleEmbedded). */
  handleEmbedded(
    method: string,
    params: unknown,
    signal: AbortSignal,
    requestId: RequestId,
  ): Promise<unknown> {
    return this.incoming.handleEmbedded(method, params, signal, requestId);
  }

  onNotification(method: string, listener: (params: Record<string, unknown>) => void): Disposer {
    let emitter = this.notificationEmitters.get(method);
    if (!emitter) {
      emitter = new Emitter();
      this.notificationEmitters.set(method, emitter);
    }
    return emitter.event(listener);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const message: JsonRpcNotification = params
      ? { jsonrpc: '2.0', method, params }
      : { jsonrpc: '2.0', method };
    return this.write(message);
  }

  request<T = Record<string, unknown>>(
    method: string,
    params?: Record<string, unknown>,
    options: RequestOptions = {},
  ): Promise<T> {
    if (this.closedInfo) return Promise.reject(this.closedError(method));
    if (options.signal?.aborted)
      return Promise.reject(cancelledError(this.serverLabel, method, options.signal.reason));

    const id = this.nextId++;
    let sentParams = params;
    if (options.onProgress) {
      // The request id doubles as the progress token: unique among active requests by construction.
      sentParams = { ...params, _meta: { ...(params?._meta as object | undefined), progressToken: id } };
    }
    const watch = this.observer?.request(method, id, sentParams);
    if (watch?.meta) sentParams = withTraceMeta(sentParams, watch.meta);
    const message: JsonRpcRequest = sentParams
      ? { jsonrpc: '2.0', id, method, params: sentParams }
      : { jsonrpc: '2.0', id, method };

    return new Promise<T>((resolveWith, rejectWith) => {
      let resolve = resolveWith as (result: Record<string, unknown>) => void;
      let reject: (error: Error) => void = rejectWith;
      if (watch) {
        resolve = (result) => {
          watch.end({ result });
          resolveWith(result as T);
        };
        reject = (error) => {
          watch.end({ error });
          rejectWith(error);
        };
      }
      this.pending.track(id, { method, resolve, reject }, options);
      this.write(message).catch((error: unknown) => {
        const failure = error instanceof McpError ? error : new Error(`could not send: ${String(error)}`);
        this.pending.settle(id)?.reject(this.named(failure, method, ErrorCode.ConnectionClosed));
      });
    });
  }

  /** Closes the transport; everything pending is rejected through the close event. */
  async close(): Promise<void> {
    await this.transport.close();
  }

  // ---- incoming -------------------------------------------------------------------------------

  private receive(value: unknown): void {
    if (this.traceEmitter.hasListeners) this.traceEmitter.fire({ direction: 'receive', message: value });
    if (Array.isArray(value)) {
      this.receiveBatch(value);
      return;
    }
    const reply = this.receiveOne(value);
    if (reply) void reply.then((response) => response && this.write(response).catch(() => {}));
  }

  private receiveBatch(values: unknown[]): void {
    if (!this.batchesAllowed || values.length === 0) {
      const reason =
        values.length === 0 ? 'empty batch' : 'JSON-RPC batches are not allowed in this protocol revision';
      this.refuse(reason, values.length);
      // The answers it held to our requests are refused with it: those requests fail now, saying so.
      for (const value of values) {
        const c = classify(value);
        if (c.kind === 'response' && c.message.id !== null)
          this.failPending(c.message.id, `the server answered inside a JSON-RPC batch: ${reason}`);
      }
      this.write(errorResponse(null, ErrorCode.InvalidRequest, `Invalid Request: ${reason}`)).catch(() => {});
      return;
    }
    const replies = values.map((v) => this.receiveOne(v)).filter((r) => r !== undefined);
    if (replies.length === 0) return;
    void Promise.all(replies).then((responses) => {
      const batch = responses.filter((r): r is JsonRpcResponse => r !== undefined);
      if (batch.length > 0) this.write(batch).catch(() => {});
    });
  }

  /** Handles one message; for a request, resolves to the response to send (undefined: none). */
  private receiveOne(value: unknown): Promise<JsonRpcResponse | undefined> | undefined {
    const c = classify(value);
    switch (c.kind) {
      case 'response':
        this.receiveResponse(c.message);
        return undefined;
      case 'notification':
        this.receiveNotification(c.message);
        return undefined;
      case 'request':
        return this.incoming.answer(c.message);
      case 'invalid':
        this.refuse(`invalid message: ${c.reason}`, value);
        // A broken answer that names one of our requests fails it now, saying what was wrong.
        if (isRecord(value) && !('method' in value) && c.id !== null) {
          if (!this.failPending(c.id, `the server's answer is malformed: ${c.reason}`))
            this.lastRefusal = { at: performance.now(), reason: c.reason };
          return undefined;
        }
        // Answer only what could have been a request; never answer a broken response or notification.
        if (isRecord(value) && 'method' in value && 'id' in value) {
          return Promise.resolve(
            errorResponse(c.id, ErrorCode.InvalidRequest, `Invalid Request: ${c.reason}`),
          );
        }
        if (!isRecord(value)) {
          return Promise.resolve(
            errorResponse(null, ErrorCode.InvalidRequest, `Invalid Request: ${c.reason}`),
          );
        }
        if (!('method' in value)) this.lastRefusal = { at: performance.now(), reason: c.reason };
        return undefined;
      default:
        return assertNever(c, 'message kind');
    }
  }

  private receiveResponse(response: JsonRpcResponse): void {
    const entry = response.id === null ? undefined : this.pending.settle(response.id);
    if (!entry) {
      const what = isErrorResponse(response)
        ? `error ${response.error.code} "${response.error.message}"`
        : 'result';
      // The answer to a request we gave up on is to be ignored (MCP's cancellation says so): no fault.
      const late = response.id === null ? undefined : this.pending.lateAnswer(response.id);
      if (late) {
        this.log(
          'debug',
          `late ${what} to ${late.method} (id ${JSON.stringify(response.id)}), given up on earlier (${late.why}): ignored`,
          response,
        );
        return;
      }
      this.refuse(`${what} for unknown request id ${JSON.stringify(response.id)} dropped`, response);
      // An id of the wrong type still says which request it meant: that one fails, saying so.
      if (response.id !== null)
        this.failPending(
          response.id,
          isErrorResponse(response) ? `its answer: ${what}` : 'its result is not used',
        );
      // No id at all (an error the server could not pin on a request): kept for a timeout to name.
      else this.lastRefusal = { at: performance.now(), reason: `${what} with a null id` };
      return;
    }
    if (isErrorResponse(response)) {
      entry.reject(McpError.fromResponse(response.error, { server: this.serverLabel, method: entry.method }));
    } else {
      entry.resolve(response.result);
    }
  }

  private receiveNotification(message: JsonRpcNotification): void {
    const params = message.params ?? {};
    if (message.method === 'notifications/cancelled') {
      this.incoming.cancelled(params);
      return;
    }
    if (message.method === 'notifications/progress') {
      this.pending.progress(params);
      return;
    }
    const emitter = this.notificationEmitters.get(message.method);
    if (emitter?.hasListeners) emitter.fire(params);
    else this.log('debug', `notification ${message.method} with no subscriber`);
  }

  /**
   * Input that never became a message. A refused message whose top level could still be read (one
   * nested too deep) is answered for what it was: the server's request gets Invalid Request with
   * its id, the answer to a request of ours fails that request at once, saying why.
   */
  private receiveMalformed(input: MalformedInput): void {
    this.refuse(`malformed input from server: ${input.reason}`, input.excerpt);
    for (const named of input.named ?? []) {
      if (named.request) {
        const refusal = errorResponse(named.id, ErrorCode.InvalidRequest, `Invalid Request: ${input.reason}`);
        this.write(refusal).catch(() => {});
      } else this.failPending(named.id, `the server's answer was refused: ${input.reason}`);
    }
    if (input.named?.length) return;
    this.lastRefusal = { at: performance.now(), reason: input.reason };
    if (input.kind === 'parse' || input.kind === 'encoding') {
      this.write(errorResponse(null, ErrorCode.ParseError, `Parse error: ${input.reason}`)).catch(() => {});
    }
  }

  /**
   * One of our requests whose answer came broken, or under an id of the other type ("1" for 1): it
   * fails now, not at its timeout, saying what was wrong. False when the id names none of ours.
   */
  private failPending(id: RequestId, reason: string): boolean {
    let entry = this.pending.settle(id);
    let why = reason;
    if (!entry) {
      const mistyped = this.pending.settleMistyped(id);
      if (!mistyped) return false;
      entry = mistyped.pending;
      why = `${mistyped.why} (JSON-RPC needs the id as it was sent); ${reason}`;
    }
    entry.reject(
      new McpError(ErrorCode.InvalidResult, `${why} — a fault in the server, for its author to fix`, {
        server: this.serverLabel,
        method: entry.method,
      }),
    );
    return true;
  }

  /** Something the server sent was refused or dropped: logged, and counted (`refusedCount`). */
  private refuse(message: string, data?: unknown): void {
    this.refused++;
    this.log('warning', message, data);
    // Whatever it was (an answer under an id nobody asked with, a bare value), a request that then
    // times out says it came meanwhile; the paths that know more say it more precisely below.
    this.lastRefusal = { at: performance.now(), reason: message };
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private write(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closedInfo) return Promise.reject(this.closedError());
    if (this.traceEmitter.hasListeners) this.traceEmitter.fire({ direction: 'send', message });
    return this.transport.send(message);
  }

  private handleClose(info: TransportClosed): void {
    if (this.closedInfo) return;
    this.closedInfo = info;
    this.pending.closeAll((method) => this.closedError(method));
    this.incoming.closeAll();
    this.subscriptions.dispose();
    this.closeEmitter.fire(info);
  }

  /** A transport's failure of one request, naming the server and the method (the transport knows neither). */
  private named(error: Error, method: string, code: number): McpError {
    if (error instanceof McpError && error.method) return error;
    if (!(error instanceof McpError))
      return new McpError(code, error.message, { server: this.serverLabel, method, cause: error });
    const { server = this.serverLabel, data } = error;
    return new McpError(error.code, error.reason, { server, method, data, cause: error.cause });
  }

  private closedError(method?: string): McpError {
    const info = this.closedInfo;
    const tail = info?.stderrTail?.length ? `\nLast stderr lines:\n${info.stderrTail.join('\n')}` : '';
    const reason = info ? info.reason : 'connection closed';
    return new McpError(ErrorCode.ConnectionClosed, `Connection closed: ${reason}${tail}`, {
      server: this.serverLabel,
      method,
      data: info,
    });
  }

  private log(level: ConnectionLog['level'], message: string, data?: unknown): void {
    if (this.logEmitter.hasListeners) this.logEmitter.fire({ level, message, data });
  }
}
