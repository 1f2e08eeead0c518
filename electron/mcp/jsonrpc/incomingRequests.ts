import type { RequestId } from '../../../shared/mcp/protocol';
import { McpError } from '../mcpError';
import { ErrorCode } from './errorCodes';
import type { JsonRpcRequest, JsonRpcResponse } from './message';
import type { RequestObserver } from './requestObserver';
import { errorResponse, toWireError } from './wireError';

interface IncomingRequestContext {
  requestId: RequestId;
  /** Aborted when the peer sends notifications/cancelled for this request, or the connection closes. */
  signal: AbortSignal;
  meta: Record<string, unknown> | undefined;
}
export type RequestHandler = (
  params: Record<string, unknown>,
  ctx: IncomingRequestContext,
) => Promise<unknown> | unknown;

/** What answering the peer's requests needs of the connection. */
export interface IncomingPeer {
  /** Stops our requests' clocks while the peer waits on us; the returned function lets them run again. */
  holdClocks(): () => void;
  log(level: 'info' | 'error', message: string, data?: unknown): void;
  /** Who hears of the requests handled (telemetry), if anyone. */
  observer(): RequestObserver | undefined;
}

/**
 * The peer's requests (the twin of PendingRequests, which holds ours): each routed to the handler
 * for its method, with a signal that aborts when the peer cancels it or the connection closes; a
 * cancelled request is not answered at all, as the spec says.
 */
export class IncomingRequests {
  private readonly handlers = new Map<string, RequestHandler>();
  private readonly running = new Map<RequestId, AbortController>();

  constructor(
    private readonly serverLabel: string,
    private readonly peer: IncomingPeer,
  ) {}

  setHandler(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  /** The response to send to one request of the peer's; undefined: none (it was cancelled). */
  async answer(request: JsonRpcRequest): Promise<JsonRpcResponse | undefined> {
    const handler = this.handlers.get(request.method);
    if (!handler) {
      return errorResponse(request.id, ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
    if (this.running.has(request.id)) {
      return errorResponse(
        request.id,
        ErrorCode.InvalidRequest,
        `Request id ${request.id} is already in use`,
      );
    }
    const controller = new AbortController();
    this.running.set(request.id, controller);
    const params = request.params ?? {};
    const release = this.peer.holdClocks();
    try {
      const meta = params._meta as Record<string, unknown> | undefined;
      const run = async () => handler(params, { requestId: request.id, signal: controller.signal, meta });
      const observer = this.peer.observer();
      const result = await (observer?.handle
        ? observer.handle(request.method, request.id, meta, run)
        : run());
      if (controller.signal.aborted) return undefined; // cancelled: the spec says send nothing
      return { jsonrpc: '2.0', id: request.id, result: (result ?? {}) as Record<string, unknown> };
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      const e = toWireError(error);
      if (e.code === ErrorCode.InternalError)
        this.peer.log('error', `handler for ${request.method} failed`, String(error));
      return { jsonrpc: '2.0', id: request.id, error: e };
    } finally {
      this.running.delete(request.id);
      release();
    }
  }

  /**
   * Runs the handler for a request that came inside a result rather than on the wire (2026-07-28's
   * multi round-trip requests): the same checks and the same answers as a server-initiated request.
   * No handler: MethodNotFound.
   */
  async handleEmbedded(
    method: string,
    params: unknown,
    signal: AbortSignal,
    requestId: RequestId,
  ): Promise<unknown> {
    const handler = this.handlers.get(method);
    if (!handler)
      throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${method}`, {
        server: this.serverLabel,
      });
    const given = typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {};
    const run = async () => handler(given as Record<string, unknown>, { requestId, signal, meta: undefined });
    const observer = this.peer.observer();
    return observer?.handle ? observer.handle(method, requestId, undefined, run) : run();
  }

  /** notifications/cancelled: the peer gave up on one of its requests. */
  cancelled(params: Record<string, unknown>): void {
    const controller = this.running.get(params.requestId as RequestId);
    if (!controller) return;
    this.peer.log('info', `server cancelled its request ${String(params.requestId)}`, params);
    controller.abort(
      new McpError(ErrorCode.RequestCancelled, String(params.reason ?? 'cancelled by the server')),
    );
  }

  /** The connection closed: every handler still running is aborted. */
  closeAll(): void {
    for (const controller of this.running.values()) {
      controller.abort(new McpError(ErrorCode.ConnectionClosed, 'connection closed'));
    }
    this.running.clear();
  }
}
