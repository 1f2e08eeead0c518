import { ProviderError } from './providerError';

/**
 * The error classes both official model SDKs (Anthropic's and OpenAI's, generated alike) throw:
 * a connection failure, a user abort, and an API error with status, headers and the parsed body.
 */
export interface SdkErrorClasses {
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
  APIError: abstract new (
    ...args: never[]
  ) => Error & { status?: number | undefined; headers?: unknown; error?: unknown };
}

/** How one API words its errors: where its error body keeps the detail, and what means "too long". */
export interface ApiWording {
  /** The API's own message from its error body (`error` as the SDK parsed it). */
  detail(body: unknown): string | undefined;
  /** Whether this refusal means the conversation no longer fits the model's context. */
  tooLong(status: number, body: unknown, detail: string): boolean;
  /** Whether this refusal means the model takes no tools (a local model without tool support). */
  noTools?(status: number, detail: string): boolean;
}

function retryAfter(headers: unknown): number | undefined {
  const value = headers instanceof Headers ? headers.get('retry-after') : undefined;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** What went wrong, from whatever an official SDK threw. The API key never appears in the message. */
export function fromSdkError(
  error: unknown,
  baseUrl: string,
  sdk: SdkErrorClasses,
  wording: ApiWording,
): ProviderError {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (error instanceof ProviderError) return error;
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError'))
    return new ProviderError('aborted', 'Stopped.');
  if (error instanceof APIConnectionError)
    return new ProviderError('network', `Could not reach ${baseUrl}: ${error.message}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = wording.detail(error.error) ?? error.message ?? '';
    const wait = retryAfter(error.headers);
    if (status === 401 || status === 403)
      return new ProviderError(
        'auth',
        `The API key was refused (${status}): ${detail.replace(/\.$/, '')}. Check it in Settings.`,
        status,
      );
    if (status === 429)
      return new ProviderError(
        'rate-limit',
        `Rate limited (429)${wait !== undefined ? `: retry in ${Math.ceil(wait / 1000)} s` : ''}. ${detail}`.trim(),
        status,
        wait,
      );
    if (status === 529)
      return new ProviderError('overloaded', `The API is overloaded (529). ${detail}`.trim(), status, wait);
    if (status >= 500)
      return new ProviderError('server', `The API failed (${status}). ${detail}`.trim(), status, wait);
    if (wording.tooLong(status, error.error, detail))
      return new ProviderError(
        'too-long',
        `The conversation no longer fits the model's context (${status}): ${detail}`,
        status,
      );
    if (wording.noTools?.(status, detail))
      return new ProviderError(
        'bad-request',
        `This model takes no tools (${status}): ${detail}. Pick a model that does (Model…), or leave this conversation's tools out (Tools…).`,
        status,
      );
    return new ProviderError('bad-request', `The API refused the request (${status}): ${detail}`, status);
  }
  return new ProviderError('server', error instanceof Error ? error.message : String(error));
}
