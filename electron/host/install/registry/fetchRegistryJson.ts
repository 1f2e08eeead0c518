import { RegistryError } from './registryError';

export interface FetchLimits {
  /** The whole request, body included. */
  timeoutMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** A page of 100 entries is a few hundred KB; ten times that is not a registry page. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * GET `url` and parse its JSON, within a time limit and a size cap, following no redirect. Every
 * failure is a RegistryError naming the address and what to do.
 */
export async function fetchRegistryJson(url: string, limits: FetchLimits): Promise<unknown> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
  const ended = (cause: unknown): RegistryError => {
    if (limits.signal?.aborted)
      return new RegistryError('cancelled', `The request to ${url} was cancelled`, { url, cause });
    if (timeout.aborted)
      return new RegistryError(
        'timeout',
        `The registry at ${new URL(url).origin} did not answer within ${limits.timeoutMs / 1000} s; try again later, or check the registry address`,
        { url, cause },
      );
    return unreachable(url, cause);
  };
  let response: Response;
  try {
    response = await (limits.fetch ?? fetch)(url, {
      signal,
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw ended(cause);
  }
  try {
    checkStatus(url, response);
    const type = response.headers.get('content-type') ?? '';
    if (!/\bjson\b/i.test(type))
      throw new RegistryError(
        'invalid-response',
        `${url} answered with ${type || 'no content type'}, not JSON: is the registry address right?`,
        { url, status: response.status },
      );
    const bytes = await readCapped(url, response, limits.maxBodyBytes);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (cause) {
      throw new RegistryError('invalid-json', `${url} answered with bytes that are not UTF-8 text`, {
        url,
        cause,
      });
    }
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw new RegistryError(
        'invalid-json',
        `${url} answered with broken JSON (${(cause as Error).message}); the registry may be having trouble: try again later`,
        { url, cause },
      );
    }
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    if (error instanceof RegistryError) throw error;
    throw ended(error);
  }
}

function checkStatus(url: string, response: Response): void {
  const { status } = response;
  if (status >= 200 && status < 300) return;
  const origin = new URL(url).origin;
  const details = { url, status };
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    throw new RegistryError(
      'redirect',
      `The registry at ${origin} redirected to ${location ?? 'another address'}; Switchboard follows no redirect: set the registry address to where it now lives`,
      details,
    );
  }
  if (status === 404)
    throw new RegistryError('not-found', `${url} was not found on the registry (404)`, details);
  if (status === 429 || status >= 500)
    throw new RegistryError(
      'unavailable',
      `The registry at ${origin} answered ${status}${response.statusText ? ` ${response.statusText}` : ''}: it is unavailable or busy; try again later`,
      details,
    );
  throw new RegistryError('refused', `The registry at ${origin} refused ${url} (HTTP ${status})`, details);
}

async function readCapped(url: string, response: Response, max: number): Promise<Uint8Array> {
  const tooLarge = (size: string) =>
    new RegistryError(
      'too-large',
      `${url} sent ${size}, more than the ${mb(max)} a registry page may be: the address may not be a registry`,
      { url },
    );
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge(mb(declared));
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`more than ${mb(max)}`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function unreachable(url: string, cause: unknown): RegistryError {
  const code = errorCode(cause);
  const origin = new URL(url).origin;
  const why =
    code === 'ECONNREFUSED'
      ? 'refused the connection'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'has a host name that does not resolve'
        : code
          ? `could not be reached (${code})`
          : `could not be reached (${(cause as Error)?.message ?? String(cause)})`;
  return new RegistryError(
    'unreachable',
    `The registry at ${origin} ${why}: check the registry address and your connection`,
    { url, cause },
  );
}

/** Node's fetch wraps the socket error: `TypeError: fetch failed` with the errno on `cause`. */
function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = Reflect.get(Object(e), 'code');
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    e = Reflect.get(Object(e), 'cause');
  }
  return undefined;
}
