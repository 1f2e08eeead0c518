import { useState } from 'react';
import {
  ANTHROPIC,
  baseUrlProblem,
  type OpenAICompatibleProvider,
  providerIdProblem,
  type SettingsView,
} from '../../../shared/host/settings';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { useModels } from './ProviderModelPicker';
import { updateSettings } from './settingsWrites';

/** Where the common OpenAI-compatible servers listen: the add form fills these in. */
const PRESETS: { name: string; baseUrl: string }[] = [
  { name: 'OpenAI', baseUrl: 'https://api.openai.com/v1' },
  { name: 'Ollama', baseUrl: 'http://localhost:11434/v1' },
  { name: 'LM Studio', baseUrl: 'http://localhost:1234/v1' },
  { name: 'vLLM', baseUrl: 'http://localhost:8000/v1' },
  { name: 'llama.cpp server', baseUrl: 'http://localhost:8080/v1' },
  { name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1' },
];

/** A new provider's id from its name: lower-case words joined by dashes, made unique. */
function idFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'provider';
  let id = base === 'anthropic' ? 'anthropic-compatible' : base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The OpenAI-compatible providers: each with where it sends requests, whether a key is stored for
 * that address (write-only, bound to the provider and its origin), its default model; added from a
 * preset or by hand, removed with its key. Changes are saved at once, apart from the form above.
 */
export function OpenAIProviders({
  view,
  onSaved,
}: {
  view: SettingsView;
  /** The settings as saved now (the page keeps its other unsaved edits). */
  onSaved: (view: SettingsView) => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const list = view.settings.openai;
  const problem = baseUrl.trim() ? baseUrlProblem(baseUrl.trim()) : undefined;

  /**
   * Saves the providers as `change` makes them from the ones saved now (the form below, or another
   * save of this card, may have saved since this page read them).
   */
  const save = (
    change: (openai: OpenAICompatibleProvider[]) => OpenAICompatibleProvider[],
    removed?: string,
  ) =>
    run(async () => {
      await updateSettings(host, (current) => ({
        ...current,
        openai: change(current.openai),
        // The default provider goes back to Anthropic only when it is the one removed.
        defaultProvider: current.defaultProvider === removed ? ANTHROPIC : current.defaultProvider,
      }));
      onSaved(await host.call('getSettings'));
    });

  return (
    <section className="card" aria-label="OpenAI-compatible providers">
      <h2>OpenAI-compatible providers</h2>
      <p className="muted">
        OpenAI, or any server that speaks its Chat Completions API: Ollama, LM Studio, vLLM, llama.cpp,
        OpenRouter, a company gateway. A key is sent only to the address it was entered for; a server on this
        computer needs none. Keys stay in Switchboard’s secret store
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
            list.map((p) => p.id),
          );
          if (providerIdProblem(id)) return;
          void save((saved) => [...saved, { id, name: trimmed, baseUrl: baseUrl.trim() }]).then(() => {
            setName('');
            setBaseUrl('');
          });
        }}
      >
        <label htmlFor="provider-preset">Add</label>
        <select
          id="provider-preset"
          value=""
          onChange={(e) => {
            const preset = PRESETS.find((p) => p.name === e.target.value);
            if (!preset) return;
            setName(preset.name);
            setBaseUrl(preset.baseUrl);
          }}
        >
          <option value="">a known server…</option>
          {PRESETS.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
        <label htmlFor="provider-name">Name</label>
        <input
          id="provider-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="OpenAI"
        />
        <label htmlFor="provider-url">Base URL</label>
        <input
          id="provider-url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder="https://api.openai.com/v1"
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
  provider: OpenAICompatibleProvider;
  view: SettingsView['providers'][number] | undefined;
  onChange: (next: OpenAICompatibleProvider) => void;
  onRemove: () => void;
  onKeySaved: () => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [key, setKey] = useState('');
  const [model, setModel] = useState(provider.defaultModel ?? '');
  const [listing, setListing] = useState(false);
  const models = useModels(listing ? provider.id : undefined);
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
        <input
          id={`model-${provider.id}`}
          list={`models-${provider.id}`}
          value={model}
          onFocus={() => setListing(true)}
          placeholder="the first it lists"
          onChange={(e) => setModel(e.target.value)}
        />
        <datalist id={`models-${provider.id}`}>
          {models.map((m) => (
            <option key={m} value={revealAsText(m)} />
          ))}
        </datalist>
        <button type="submit">Save model</button>
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
        <button type="button" className="danger" onClick={onRemove}>
          Remove provider
        </button>
      </form>
    </li>
  );
}
