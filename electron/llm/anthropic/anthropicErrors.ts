import type * as AnthropicSdk from '@anthropic-ai/sdk';
import { ProviderError } from '../providerError';

/** The SDK's error classes (the SDK itself is loaded on first use: it is a quarter second of start-up). */
export type SdkErrors = Pick<typeof AnthropicSdk, 'APIConnectionError' | 'APIError' | 'APIUserAbortError'>;

function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** What went wrong, from whatever the SDK threw. The API key never appears in the message. */
export function toProviderError(error: unknown, baseUrl: string, sdk: SdkErrors): ProviderError {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (error instanceof ProviderError) return error;
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError'))
    return new ProviderError('aborted', 'Stopped.');
  if (error instanceof APIConnectionError)
    return new ProviderError('network', `Could not reach ${baseUrl}: ${error.message}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail =
      (error.error as { error?: { message?: string } } | undefined)?.error?.message ?? error.message ?? '';
    const wait = retryAfter(error.headers as Headers | undefined);
    if (status === 401 || status === 403)
      return new ProviderError(
        'auth',
        `The API key was refused (${status}): ${detail}. Check it in Settings.`,
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
    return new ProviderError('bad-request', `The API refused the request (${status}): ${detail}`, status);
  }
  return new ProviderError('server', error instanceof Error ? error.message : String(error));
}
