import type { ConversationSettings } from '../chat/conversation';
import { ANTHROPIC } from './providerSettings';

/**
 * The provider a conversation names, if it names one: its own choice, else Anthropic for a
 * conversation from before providers could be chosen (it names a Claude model and no provider).
 * Undefined: the default provider answers it.
 */
export function namedProvider(
  settings: Pick<ConversationSettings, 'provider' | 'model'>,
): string | undefined {
  return settings.provider ?? (settings.model?.startsWith('claude') ? ANTHROPIC : undefined);
}
