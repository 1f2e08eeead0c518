import { useState } from 'react';
import {
  isBuiltIn,
  PROVIDER_KIND_LABELS,
  type ProviderKind,
  type ProviderSettings,
  providerIdProblem,
} from '../../../shared/host/providerSettings';
import { baseUrlProblem, DEFAULT_SETTINGS, type SettingsView } from '../../../shared/host/settings';
import { useHost } from '../../components/HostContext';
import { ModelInput } from '../../components/ModelInput';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { ADDED_KIND_TEXTS, PLAIN_KIND_TEXTS } from './providerKindTexts';
import { updateSettings } from './settingsWrites';

/** A new provider's id from its name: lower-case words joined by dashes, made unique. */
function idFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'provider';
  let id = isBuiltIn(base) ? `${base}-compatible` : base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The providers of one kind the person adds (OpenAI-compatible ones): each with where it sends
 * requests, whether a key is stored for that address (write-only, bound to the provider and its
 * origin), its default model; added from a preset or by hand, removed with its key. Changes are saved
 * at once, apart from the form below.
 */
export function AddedProviders({
  kind,
  view,
  onSaved,
}: {
  kind: ProviderKind;
  view: SettingsView;
  /** The settings as saved now (the page keeps its other unsaved edits). */
  onSaved: (view: SettingsView) => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const texts = ADDED_KIND_TEXTS[kind] ?? PLAIN_KIND_TEXTS;
  const title = `${PROVIDER_KIND_LABELS[kind]} providers`;
  const list = view.settings.providers.filter((p) => p.kind === kind);
  const problem = baseUrl.trim() ? baseUrlProblem(baseUrl.trim()) : undefined;

  /**
   * Saves the providers as `change` makes them from the ones saved now (the form below, or another
   * save of this card, may have saved since this page read them).
   */
  const save = (change: (providers: ProviderSettings[]) => ProviderSettings[], removed?: string) =>
    run(async () => {
      await updateSettings(host, (current) => ({
        ...current,
        providers: change(current.providers),
        // The default provider goes back to the first default only when it is the one removed.
        defaultProvider:
          current.defaultProvider === removed ? DEFAULT_SETTINGS.defaultProvider : current.defaultProvider,
      }));
      onSaved(await host.call('getSettings'));
    });

  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">
        {texts.about} Keys stay in Switchboard’s secret store
        {encrypted === false ? ' (a file only you can read, not encrypted)' : ''} and are never shown again.
      </p>
      {list.length > 0 && (
        <ul className="providers">
          {list.map((p) => (
            <ProviderRow
              key={p.id}
              provider={p}
              view={view.providers.find((v) => v.id === p.id)}
              onChange={(next) => void save((saved) => saved.map((q) => (q.id === p.id ? next : q)))}
              onRemove={() => void save((saved) => saved.filter((q) => q.id !== p.id), p.id)}
              onKeySaved={() => void run(async () => onSaved(await host.call('getSettings')))}
            />
          ))}
        </ul>
      )}
      <form
        className="row"
        aria-label="Add a provider"
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = name.trim();
          const id = idFor(
            trimmed,
            view.settings.providers.map((p) => p.id),
          );
          if (providerIdProblem(id)) return;
          // Every kind's own settings are optional: a name and an address make one.
          const added = { id, kind, name: trimmed, baseUrl: baseUrl.trim() } as ProviderSettings;
          void save((saved) => [...saved, added]).then(() => {
            setName('');
            setBaseUrl('');
          });
        }}
      >
        {texts.presets.length > 0 && (
          <>
            <label htmlFor={`${kind}-preset`}>Add</label>
            <select
              id={`${kind}-preset`}
              value=""
              onChange={(e) => {
                const preset = texts.presets.find((p) => p.name === e.target.value);
                if (!preset) return;
                setName(preset.name);
                setBaseUrl(preset.baseUrl);
              }}
            >
              <option value="">a known server…</option>
              {texts.presets.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${kind}-name`}>Name</label>
        <input
          id={`${kind}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={texts.namePlaceholder}
        />
        <label htmlFor={`${kind}-url`}>Base URL</label>
        <input
          id={`${kind}-url`}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder={texts.baseUrlPlaceholder}
          aria-invalid={problem ? true : undefined}
        />
        <button type="submit" disabled={!name.trim() || !baseUrl.trim() || !!problem}>
          Add provider
        </button>
      </form>
      {problem && <p className="error small">{problem}</p>}
    </section>
  );
}

function ProviderRow({
  provider,
  view,
  onChange,
  onRemove,
  onKeySaved,
}: {
  provider: ProviderSettings;
  view: SettingsView['providers'][number] | undefined;
  onChange: (next: ProviderSettings) => void;
  onRemove: () => void;
  onKeySaved: () => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [key, setKey] = useState('');
  const [model, setModel] = useState(provider.defaultModel ?? '');
  return (
    <li className="provider" data-provider={provider.id}>
      <p>
        <strong>
          <SafeText text={provider.name} />
        </strong>{' '}
        <code className="muted small">
          <SafeText text={provider.baseUrl} />
        </code>
      </p>
      <p className="muted small" data-key-state>
        {view?.hasKey
          ? `A key is stored for ${view.keyOrigin}.`
          : view?.local
            ? `On this computer: no key needed (one can be stored for ${view.keyOrigin}).`
            : `No key for ${view?.keyOrigin ?? provider.baseUrl}.`}
      </p>
      <form
        className="row"
        aria-label={`${provider.name} key`}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await host.call('setApiKey', provider.id, key);
            setKey('');
            onKeySaved();
          });
        }}
      >
        <label htmlFor={`key-${provider.id}`} className="sr-only">
          {`${provider.name} API key`}
        </label>
        <input
          id={`key-${provider.id}`}
          type="password"
          autoComplete="off"
          placeholder={view?.hasKey ? 'Replace the key' : 'API key'}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" disabled={!key.trim()}>
          Save key
        </button>
      </form>
      <form
        className="row"
        aria-label={`${provider.name} default model`}
        onSubmit={(e) => {
          e.preventDefault();
          const { defaultModel: _, ...rest } = provider;
          onChange(model.trim() ? { ...rest, defaultModel: model.trim() } : rest);
        }}
      >
        <label htmlFor={`model-${provider.id}`}>Default model</label>
        <ModelInput
          id={`model-${provider.id}`}
          value={model}
          placeholder="the first it lists"
          onChange={setModel}
          listKey={provider.id}
          load={async () => (await host.call('listModels', provider.id))?.models ?? []}
        />
        <button type="submit">Save model</button>
        {provider.kind === 'openai-compatible' && (
          <label className="small">
            <input
              type="checkbox"
              checked={provider.images !== false}
              onChange={(e) => {
                const { images: _, ...rest } = provider;
                onChange(e.target.checked ? rest : { ...rest, images: false });
              }}
            />{' '}
            Its models read images
          </label>
        )}
        <button type="button" className="danger" onClick={onRemove}>
          Remove provider
        </button>
      </form>
    </li>
  );
}
