import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/host/settings';
import { useHost } from '../../components/HostContext';
import { ModelInput } from '../../components/ModelInput';
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

/**
 * A provider (a select: each with whether it can be asked) and a model (typed, or picked from the
 * provider's listed models — `hints` first — which show as soon as the box has the focus). An empty provider is `emptyLabel`'s choice.
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
  const listed = provider || defaultProvider || providers[0]?.id;
  const host = useHost();
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
      <ModelInput
        id={`${idPrefix}-model`}
        value={model}
        placeholder={modelPlaceholder}
        onChange={onModel}
        listKey={listed ?? ''}
        load={async () => [
          ...new Set([...hints, ...(listed ? ((await host.call('listModels', listed))?.models ?? []) : [])]),
        ]}
      />
    </>
  );
}
