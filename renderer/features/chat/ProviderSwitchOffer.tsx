import type { ConversationSettings } from '../../../shared/chat/conversation';
import { ANTHROPIC } from '../../../shared/host/providerSettings';
import { usableInsteadOf } from '../../../shared/host/usableProviders';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { useApp } from '../../state/store';
import { useSettingsView } from '../settings/ProviderModelPicker';

/**
 * Under a "no API key" error: the provider that would answer instead (the default when it can be
 * asked, else the first that can), and a button that switches this conversation to it and asks again
 * — so a person with only a local server is not sent to Settings for a key they do not need.
 */
export function ProviderSwitchOffer({ id, settings }: { id: string; settings: ConversationSettings }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const view = useSettingsView();
  if (!view) return null;
  // As the host picks it: the conversation's own, else (from before providers were chosen) a Claude
  // model's Anthropic, else the default.
  const asked =
    settings.provider ?? (settings.model?.startsWith('claude') ? ANTHROPIC : view.settings.defaultProvider);
  const instead = usableInsteadOf(asked, view);
  if (!instead) return null;
  const name = revealAsText(instead.name);
  const switchAndRetry = () =>
    run(async () => {
      // The model was the other provider's: this one's default, else the first it lists.
      const { model: _, ...kept } = settings;
      const next: ConversationSettings = {
        ...kept,
        provider: instead.id,
        ...(instead.defaultModel ? { model: instead.defaultModel } : {}),
      };
      await host.call('setConversationSettings', id, next);
      useApp.setState((s) => (s.open?.id === id ? { open: { ...s.open, settings: next } } : {}));
      await host.call('retryReply', id);
    });
  return (
    <p className="provider-switch" data-provider-switch={instead.id}>
      {name} {instead.local ? 'runs on this computer and needs no key' : 'has a key stored'}: this
      conversation can use it instead.{' '}
      <button type="button" className="primary" onClick={() => void switchAndRetry()}>
        Use {name} and retry
      </button>
    </p>
  );
}
