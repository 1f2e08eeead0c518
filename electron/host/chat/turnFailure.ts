import type { ChatError } from '../../../shared/chat/conversation';
import { ProviderError } from '../../llm/providerError';

/**
 * What a turn that failed keeps and says: the error in words a person can act on (every known
 * secret taken out: an API may echo the key it refused), and whether Retry may help.
 */
export function turnFailure(error: unknown, redact?: (text: string) => string): ChatError {
  const e =
    error instanceof ProviderError
      ? error
      : new ProviderError('server', error instanceof Error ? error.message : String(error));
  return {
    message: redact ? redact(e.message) : e.message,
    kind: e.kind,
    retryable: e.retryable || e.kind === 'no-key' || e.kind === 'auth',
    ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
  };
}
