import { ErrorCode } from '../jsonrpc/errorCodes';
import type { JsonRpcMessage } from '../jsonrpc/message';
import { parseMessage } from '../jsonrpc/parseMessage';
import { McpError } from '../mcpError';
import { authorized } from './authorized';
import { HttpClient, type HttpResponse } from './httpClient';
import { describeRequestError, httpStatusError } from './httpErrors';
import { traceHeaders } from './mcpHeaders';
import { readSse } from './sseReader';
import type { HttpServerParams } from './streamableHttpTransport';
import type { Transport } from './transport';
import { TransportEvents } from './transportEvents';

/**
 * The legacy HTTP+SSE transport (2024-11-05): a GET opens an SSE stream whose first event,
 * `endpoint`, names where to POST; the server's messages arrive as `message` events on the stream.
 * There is no resumption: when the stream ends, the connection is over.
 */
export class SseTransport extends TransportEvents implements Transport {
  private readonly url: URL;
  private readonly label: string;
  private readonly http: HttpClient;
  private endpoint: URL | undefined;
  private closed = false;

  constructor(private readonly params: HttpServerParams) {
    super();
    this.url = new URL(params.url);
    this.label = params.label ?? this.url.host;
    this.http = new HttpClient(this.url.protocol === 'https:');
  }

  async start(): Promise<void> {
    const timeoutMs = this.params.connectTimeoutMs ?? 30_000;
    const fail = (why: string, cause?: unknown) =>
      new McpError(ErrorCode.HttpError, `GET ${this.url.href}: ${why}`, { server: this.label, cause });
    let response: HttpResponse;
    try {
      const headers = { ...this.params.headers, accept: 'text/event-stream' };
      response = await authorized(this.params.auth, 'GET', this.url, this.label, headers, () =>
        this.http.request(this.url, { method: 'GET', headers, timeoutMs }),
      );
    } catch (error) {
      if (error instanceof McpError) throw error;
      throw fail(describeRequestError(error, this.url), error);
    }
    if (!response.ok) throw await httpStatusError(response, `GET ${this.url.href}`, { server: this.label });
    const type = response.header('content-type') ?? '';
    if (!type.includes('text/event-stream')) {
      response.drain();
      throw fail(`expected an SSE stream, got Content-Type "${type || 'none'}"`);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => {
          reject(fail(`the server sent no endpoint event within ${timeoutMs} ms`));
          void this.close();
        }, timeoutMs);
        void this.read(response, resolve, reject);
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed || !this.endpoint) {
      throw new McpError(ErrorCode.ConnectionClosed, `${this.label} is not connected`, {
        server: this.label,
      });
    }
    let response: HttpResponse;
    try {
      const endpoint = this.endpoint;
      const headers = {
        ...this.params.headers,
        ...traceHeaders(message),
        'content-type': 'application/json',
      };
      const body = JSON.stringify(message);
      response = await authorized(this.params.auth, 'POST', endpoint, this.label, headers, () =>
        this.http.request(endpoint, {
          method: 'POST',
          headers,
          body,
          timeoutMs: this.params.connectTimeoutMs ?? 30_000,
        }),
      );
    } catch (error) {
      if (error instanceof McpError) throw error;
      if (this.closed)
        throw new McpError(ErrorCode.ConnectionClosed, `${this.label} is closed`, { server: this.label });
      throw new McpError(
        ErrorCode.HttpError,
        `POST ${this.endpoint.href}: ${describeRequestError(error, this.endpoint)}`,
        {
          server: this.label,
        },
      );
    }
    if (!response.ok)
      throw await httpStatusError(response, `POST ${this.endpoint.href}`, { server: this.label });
    response.drain();
  }

  async close(): Promise<void> {
    this.finish('closed', true);
  }

  private async read(response: HttpResponse, ready: () => void, failed: (e: Error) => void): Promise<void> {
    let why = 'the server ended the SSE stream';
    try {
      await readSse(
        response.body,
        {
          onEvent: (event) => {
            if (event.event === 'endpoint') return this.setEndpoint(event.data, ready, failed);
            if (event.event && event.event !== 'message') return;
            if (!this.endpoint || !event.data) return;
            const parsed = parseMessage(event.data);
            if (parsed.ok) this.messageEmitter.fire(parsed.value);
            else this.malformedEmitter.fire(parsed.malformed);
          },
        },
        this.params.maxMessageBytes ?? 10 * 1024 * 1024,
      );
    } catch (error) {
      why = `the SSE stream broke: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!this.endpoint)
      failed(new McpError(ErrorCode.HttpError, `${why} before the endpoint event`, { server: this.label }));
    this.finish(why, false);
  }

  private setEndpoint(data: string, ready: () => void, failed: (e: Error) => void): void {
    if (this.endpoint) return;
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), this.url);
    } catch {
      failed(
        new McpError(ErrorCode.HttpError, `the endpoint event is not a URL: ${data.slice(0, 200)}`, {
          server: this.label,
        }),
      );
      return;
    }
    // Never POST our messages (and headers, which may hold keys) anywhere but where we connected.
    if (endpoint.origin !== this.url.origin) {
      failed(
        new McpError(
          ErrorCode.HttpError,
          `the endpoint ${endpoint.origin} is not on ${this.url.origin}; refused`,
          {
            server: this.label,
          },
        ),
      );
      void this.close();
      return;
    }
    this.endpoint = endpoint;
    ready();
  }

  private finish(reason: string, requested: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.http.destroy();
    this.logEmitter.fire({
      level: requested ? 'info' : 'error',
      source: 'transport',
      text: `${this.label}: ${reason}`,
    });
    this.closeEmitter.fire({ reason: `${this.label}: ${reason}`, requested });
  }
}
