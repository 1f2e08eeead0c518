import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/host/settings';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';

/** Settings as the host shows them (keys only as "stored"), loaded once per use; undefined until known. */
export function useSettingsView(): SettingsView | undefined {
  const host = useHost();
  const [view, setView] = useState<SettingsView>();
  useEffect(() => {
    let live = true;
    host.call('getSettings').then(
      (v) => live && setView(v),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [host]);
  return view;
}

/** The providers in Settings (Anthropic first) and which is the default; `known` once they are read. */
export function useProviders(): Pick<SettingsView, 'providers'> & {
  defaultProvider?: string;
  known: boolean;
} {
  const view = useSettingsView();
  return {
    providers: view?.providers ?? [],
    known: view !== undefined,
    ...(view?.settings?.defaultProvider ? { defaultProvider: view.settings.defaultProvider } : {}),
  };
}

/** A provider's listed models (the API's, or the known ones), once `provider` is set; [] until then. */
export function useModels(provider: string | undefined): string[] {
  const host = useHost();
  const [models, setModels] = useState<string[]>([]);
  useEffect(() => {
    setModels([]);
    if (!provider) return;
    let live = true;
    host.call('listModels', provider).then(
      (m) => live && m && setModels(m.models),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [host, provider]);
  return models;
}

/**
 * A provider (a select: each with whether it can be asked) and a model (typed, with the provider's
 * listed models — and `hints` first — to pick from). An empty provider is `emptyLabel`'s choice.
 */
export function ProviderModelPicker({
  idPrefix,
  provider,
  model,
  onProvider,
  onModel,
  emptyLabel,
  modelLabel = 'Model',
  modelPlaceholder,
  hints = [],
}: {
  idPrefix: string;
  provider: string;
  model: string;
  onProvider: (id: string) => void;
  onModel: (model: string) => void;
  emptyLabel: string;
  modelLabel?: string;
  modelPlaceholder: string;
  hints?: string[];
}) {
  const { providers, defaultProvider, known } = useProviders();
  // A provider chosen that the list does not hold (not read yet, or removed from Settings since) is
  // shown as it is — never as the empty choice, which would say something else is used.
  const missing = provider !== '' && !providers.some((p) => p.id === provider);
  // "The default provider" lists the default provider's models (a model alone goes to it).
  const models = useModels(provider || defaultProvider || providers[0]?.id);
  const choices = [...new Set([...hints, ...models])];
  return (
    <>
      <label htmlFor={`${idPrefix}-provider`}>Provider</label>
      <select
        id={`${idPrefix}-provider`}
        value={provider}
        onChange={(e) => {
          onProvider(e.target.value);
          onModel('');
        }}
      >
        <option value="">{emptyLabel}</option>
        {missing && (
          <option value={provider}>
            {revealAsText(provider)}
            {known ? ' (no longer in Settings)' : ''}
          </option>
        )}
        {providers.map((p) => (
          <option key={p.id} value={p.id}>
            {revealAsText(p.name)}
            {p.hasKey || p.local ? '' : ' (no key)'}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-model`}>{modelLabel}</label>
      <input
        id={`${idPrefix}-model`}
        className="model-input"
        list={`${idPrefix}-models`}
        value={model}
        placeholder={modelPlaceholder}
        onChange={(e) => onModel(e.target.value)}
      />
      <datalist id={`${idPrefix}-models`}>
        {choices.map((m) => (
          // The list shows an option's value, and the names are the model API's: they show with markers.
          <option key={m} value={revealAsText(m)} />
        ))}
      </datalist>
    </>
  );
}
