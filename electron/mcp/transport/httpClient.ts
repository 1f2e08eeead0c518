import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

export interface HttpRequestOptions {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** Time allowed until response headers arrive. */
  timeoutMs: number;
}

export class HttpTimeoutError extends Error {}

/** What a response is, whichever HTTP stack brought it. */
interface ResponseSource {
  readonly status: number;
  readonly statusText: string;
  header(name: string): string | null;
  readonly body: AsyncIterable<Uint8Array>;
  /** Read and drop the rest, so the connection can serve the next request. */
  drain(): void;
  /** Stop reading for good. */
  cancel(): void;
  /** The whole body, or undefined once more than `maxBytes` came (the rest is dropped). */
  readAll?(maxBytes: number): Promise<Buffer | undefined>;
}

function nodeSource(res: IncomingMessage): ResponseSource {
  return {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    header(name) {
      const value = res.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    body: res,
    drain: () => res.resume(),
    cancel: () => res.destroy(),
    // Events rather than the async iterator: the common one-chunk JSON answer costs a callback.
    readAll: (maxBytes) =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxBytes) {
            res.destroy();
            resolve(undefined);
          } else chunks.push(chunk);
        });
        res.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes)));
        res.once('error', reject);
      }),
  };
}

/** A fetch body, chunk by chunk (read through its reader: typed the same in every lib). */
async function* chunksOf(
  stream: ReadableStream<Uint8Array> | null,
  finished: () => void,
): AsyncGenerator<Uint8Array> {
  if (!stream) return finished();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
    finished();
  }
}

/** `finished` once the body is read, dropped or cancelled (the request is over). */
function fetchSource(res: Response, abort: () => void, finished: () => void): ResponseSource {
  return {
    status: res.status,
    statusText: res.statusText,
    header: (name) => res.headers.get(name),
    body: chunksOf(res.body, finished),
    drain: () => {
      if (!res.body) return finished();
      if (!res.body.locked)
        void res.body
          .pipeTo(new WritableStream())
          .catch(() => {})
          .finally(finished);
    },
    cancel: () => {
      abort();
      finished();
    },
  };
}

/** A response whose body has not been read yet. */
export class HttpResponse {
  constructor(private readonly source: ResponseSource) {}

  get status(): number {
    return this.source.status;
  }
  get statusText(): string {
    return this.source.statusText;
  }
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  header(name: string): string | null {
    return this.source.header(name);
  }
  /** The body, chunk by chunk. */
  get body(): AsyncIterable<Uint8Array> {
    return this.source.body;
  }
  /** Read and drop the body, so the connection can serve the next request. */
  drain(): void {
    this.source.drain();
  }
  /** Stop reading for good (the connection is closed). */
  cancel(): void {
    this.source.cancel();
  }
  /** The body as text, refusing more than `maxBytes`. */
  async text(maxBytes: number): Promise<string> {
    const length = Number(this.header('content-length'));
    if (length > maxBytes) {
      this.cancel();
      throw new Error(`response body of ${length} bytes is over the ${maxBytes}-byte limit`);
    }
    if (this.source.readAll) {
      const body = await this.source.readAll(maxBytes);
      if (!body) throw new Error(`response body is over the ${maxBytes}-byte limit`);
      return body.toString('utf8');
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const chunk of this.source.body) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        this.cancel();
        throw new Error(`response body is over the ${maxBytes}-byte limit`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, bytes).toString('utf8');
  }
}

/** Which HTTP stack a client speaks through. */
export type HttpEngine = 'node' | 'fetch';

/**
 * HTTP for one server: a keep-alive agent of its own (so closing the server closes exactly its
 * connections), requests that resolve at response headers. Node's http module by default rather
 * than fetch: on loopback it carries about three times the requests per second. `fetch` (Node's
 * undici, what the official SDK uses) is there to compare the two under the same MCP logic.
 */
export class HttpClient {
  private readonly agent: http.Agent;
  /** fetch requests in flight, each ended by destroy(). */
  private readonly fetching = new Set<AbortController>();

  constructor(
    private readonly secure: boolean,
    private readonly engine: HttpEngine = 'node',
  ) {
    const options = { keepAlive: true, maxSockets: 64 };
    this.agent = secure ? new https.Agent(options) : new http.Agent(options);
  }

  request(url: URL, options: HttpRequestOptions): Promise<HttpResponse> {
    if (this.engine === 'fetch') return this.fetch(url, options);
    return this.send(url, options, true);
  }

  private send(url: URL, options: HttpRequestOptions, mayResend: boolean): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...options.headers };
      if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
      const req = (this.secure ? https : http).request(url, {
        method: options.method,
        headers,
        agent: this.agent,
      });
      const timer = setTimeout(
        () => req.destroy(new HttpTimeoutError(`no response within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      req.once('response', (res) => {
        clearTimeout(timer);
        resolve(new HttpResponse(nodeSource(res)));
      });
      req.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        // A kept-alive connection the server closed as this request went out on it (the server's idle
        // timeout): reset before any answer, the request did not reach it. Sent once more, on a new
        // connection, as Node's documentation of `request.reusedSocket` advises; never a second time.
        if (mayResend && req.reusedSocket && error.code === 'ECONNRESET') {
          resolve(this.send(url, options, false));
          return;
        }
        reject(error);
      });
      req.end(options.body);
    });
  }

  private async fetch(url: URL, options: HttpRequestOptions): Promise<HttpResponse> {
    const controller = new AbortController();
    this.fetching.add(controller);
    const done = () => this.fetching.delete(controller);
    const timer = setTimeout(
      () => controller.abort(new HttpTimeoutError(`no response within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    try {
      const res = await fetch(url, {
        method: options.method,
        headers: options.headers,
        ...(options.body !== undefined ? { body: options.body } : {}),
        signal: controller.signal,
      });
      return new HttpResponse(fetchSource(res, () => controller.abort(), done));
    } catch (error) {
      done();
      throw controller.signal.aborted && controller.signal.reason instanceof HttpTimeoutError
        ? controller.signal.reason
        : error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends every connection and request of this client. */
  destroy(): void {
    this.agent.destroy();
    for (const controller of this.fetching) controller.abort();
    this.fetching.clear();
  }
}
