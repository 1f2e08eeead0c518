import type { TokenUsage } from '../../shared/chat/conversation';
import type { CreateMessageParams, CreateMessageResult } from '../../shared/mcp/protocol';
import type { ModelProvider } from './modelProvider';

/**
 * Answers an approved sampling request with `model` (already chosen: the person's choice, or the
 * server's preferences matched across the providers): maxTokens capped by Settings, then asked.
 */
export function sampleWithProvider(
  provider: ModelProvider,
  model: string,
  maxTokensCap: number,
  params: CreateMessageParams,
  signal?: AbortSignal,
  onUsage?: (usage: TokenUsage) => void,
): Promise<CreateMessageResult> {
  const maxTokens = Math.max(1, Math.min(params.maxTokens, maxTokensCap));
  return provider.sample({ ...params, maxTokens }, model, signal, onUsage);
}
