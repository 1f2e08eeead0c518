import { useState } from 'react';
import { PROVIDER_KIND_LABELS, type ProviderSettings } from '../../../shared/host/providerSettings';
import type { ProviderView } from '../../../shared/host/settings';
import type { HostResults } from '../../../shared/ipc/contract';
import { useHost } from '../../components/HostContext';
import { ModelInput } from '../../components/ModelInput';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';

/**
 * A built-in provider's part of the Settings form (Anthropic's): where its requests go — changed here
 * and nowhere else — and its default model, saved with the form.
 */
export function BuiltInProviderFields({
  provider,
  view,
  onChange,
}: {
  /** As the form has it now. */
  provider: ProviderSettings;
  /** As saved (whether a key is stored). */
  view: ProviderView | undefined;
  onChange: (next: ProviderSettings) => void;
}) {
  const host = useHost();
  const [models, setModels] = useState<HostResults['listModels']>();
  const { id } = provider;
  // The API is asked for its models only when the person goes to choose one: saving a key sends
  // nothing anywhere (a gateway user sets the base URL first, and nothing reached the default).
  const loadModels = async () => {
    const listed = await host.call('listModels', id);
    setModels(listed);
    return listed?.models ?? [];
  };
  return (
    <>
      <h3 className="sub">
        <SafeText text={provider.name} />
      </h3>
      <div className="field">
        <label htmlFor={`${id}-base-url`}>API base URL</label>
        <input
          id={`${id}-base-url`}
          value={provider.baseUrl}
          onChange={(e) => onChange({ ...provider, baseUrl: e.target.value })}
        />
        <p className="field-desc muted">
          Where requests go. Change it only for an {PROVIDER_KIND_LABELS[provider.kind]}-compatible gateway
          you trust: https, or plain http on this computer. A stored key does not follow a change of host —
          enter the key for the new address.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-default-model`}>Default model</label>
        <ModelInput
          id={`${id}-default-model`}
          value={provider.defaultModel ?? ''}
          placeholder={models?.models[0] ? revealAsText(models.models[0]) : 'the newest the API lists'}
          onChange={(model) => {
            const { defaultModel: _, ...rest } = provider;
            onChange(model ? { ...rest, defaultModel: model } : rest);
          }}
          // The API is asked only once there is a key to ask with.
          listKey={view?.hasKey ? id : undefined}
          load={loadModels}
        />
        {models?.source === 'fallback' && (
          <p className="field-desc muted">
            The API did not list its models (<SafeText text={models.error ?? ''} />
            ); these are the known ones.
          </p>
        )}
      </div>
    </>
  );
}
