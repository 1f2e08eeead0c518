import { DisposableStore } from '../disposableStore';
import { ErrorCode } from '../jsonrpc/errorCodes';
import type { JsonRpcMessage } from '../jsonrpc/message';
import { McpError } from '../mcpError';
import { SseTransport } from './sseTransport';
import { type HttpServerParams, StreamableHttpTransport } from './streamableHttpTransport';
import { type HttpSessionTransport, hasHttpSession, type ParamHeaders, type Transport } from './transport';
import { TransportEvents } from './transportEvents';

export type HttpTransportKind = 'http' | 'sse' | 'auto';

/** The transport for a remote server: Streamable HTTP, legacy HTTP+SSE, or detect which. */
export function createHttpTransport(params: HttpServerParams, kind: HttpTransportKind = 'auto'): Transport {
  if (kind === 'http') return new StreamableHttpTransport(params);
  if (kind === 'sse') return new SseTransport(params);
  return new AutoHttpTransport(params);
}

const LEGACY_STATUSES = new Set([400, 404, 405]);

/**
 * The spec's backwards-compatibility rule: POST initialize to the URL; if that fails with 400, 404 or
 * 405, GET the URL expecting an SSE stream whose first event is `endpoint`, and use the old transport.
 */
export class AutoHttpTransport extends TransportEvents implements HttpSessionTransport {
  private inner: Transport;
  /** Our subscriptions to the inner transport's events: let go when it is replaced. */
  private readonly forwarding = new DisposableStore();
  private decided: 'http' | 'sse' | undefined;

  constructor(private readonly params: HttpServerParams) {
    super();
    this.inner = new StreamableHttpTransport(params);
    this.forward();
  }

  /** Which transport the server turned out to speak, once known. */
  get kind(): 'http' | 'sse' | undefined {
    return this.decided;
  }
  get sessionful(): boolean {
    return hasHttpSession(this.inner) && this.inner.sessionful;
  }
  get sessionId(): string | undefined {
    return hasHttpSession(this.inner) ? this.inner.sessionId : undefined;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    const isInitialize = !Array.isArray(message) && 'method' in message && message.method === 'initialize';
    if (this.decided || !isInitialize) return this.inner.send(message);
    try {
      await this.inner.send(message);
      this.decided = 'http';
    } catch (error) {
      const status =
        error instanceof McpError ? (error.data as { status?: number } | undefined)?.status : undefined;
      if (
        !(error instanceof McpError) ||
        error.code !== ErrorCode.HttpError ||
        !LEGACY_STATUSES.has(status ?? 0)
      ) {
        throw error;
      }
      this.logEmitter.fire({
        level: 'info',
        source: 'transport',
        text: `POST initialize got HTTP ${status}: trying the legacy HTTP+SSE transport`,
      });
      await this.switchToLegacy();
      await this.inner.send(message);
    }
  }

  setProtocolVersion(version: string | undefined): void {
    if (hasHttpSession(this.inner)) this.inner.setProtocolVersion(version);
  }

  setModern(modern: boolean): void {
    if (hasHttpSession(this.inner)) this.inner.setModern(modern);
  }

  setParamHeaders(headers: ParamHeaders | undefined): void {
    if (hasHttpSession(this.inner)) this.inner.setParamHeaders(headers);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async switchToLegacy(): Promise<void> {
    this.forwarding.clear();
    await this.inner.close();
    this.inner = new SseTransport(this.params);
    this.forward();
    await this.inner.start();
    this.decided = 'sse';
  }

  private forward(): void {
    const t = this.inner;
    this.forwarding.add(t.onMessage((v) => this.messageEmitter.fire(v)));
    this.forwarding.add(t.onMalformed((m) => this.malformedEmitter.fire(m)));
    this.forwarding.add(t.onLog((l) => this.logEmitter.fire(l)));
    this.forwarding.add(t.onClose((c) => this.closeEmitter.fire(c)));
    this.forwarding.add(t.onRequestError((f) => this.requestErrorEmitter.fire(f)));
  }
}
