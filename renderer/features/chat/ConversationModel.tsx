import type { ChatMessage, ConversationSettings } from '../../../shared/chat/conversation';
import { namedProvider } from '../../../shared/host/conversationProvider';
import { SafeText } from '../../components/SafeText';
import { useProviders } from '../settings/ProviderModelPicker';

/**
 * Which provider and model the conversation asks — shown before the first reply too: its own choice,
 * else the default provider and its default model, else the model the last reply came from.
 */
export function ConversationModel({
  settings,
  messages,
}: {
  settings: ConversationSettings;
  messages: readonly ChatMessage[];
}) {
  const { providers, defaultProvider, known } = useProviders();
  if (!known) return null;
  const id = namedProvider(settings) ?? defaultProvider;
  const provider = providers.find((p) => p.id === id);
  const model =
    settings.model ?? provider?.defaultModel ?? messages.findLast((m) => m.model !== undefined)?.model;
  return (
    <p className="muted small conversation-model" data-conversation-model>
      Asks{' '}
      {provider ? (
        <SafeText text={provider.name} />
      ) : (
        <>{id ?? 'the default provider'} (no longer in Settings)</>
      )}{' '}
      · {model ? <SafeText text={model} /> : 'the model it lists first'}
    </p>
  );
}
