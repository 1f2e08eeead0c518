import { useEffect, useState } from 'react';
import { ANTHROPIC, anyProviderReady, type Settings, type SettingsView } from '../../../shared/host/settings';
import type { HostResults } from '../../../shared/ipc/contract';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { OpenAIProviders } from './OpenAIProviders';
import { updateSettings } from './settingsWrites';

/**
 * The model providers and sampling limits. API keys are write-only: the window can set or remove
 * them, never read them back. Base URLs (where the keys go) are changed here and nowhere else.
 */
export function SettingsPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const [view, setView] = useState<SettingsView>();
  const [draft, setDraft] = useState<Settings>();
  const [key, setKey] = useState('');
  const [models, setModels] = useState<HostResults['listModels']>();
  const [saved, setSaved] = useState(false);

  const load = async () => {
    const v = await host.call('getSettings');
    setView(v);
    setDraft(v.settings);
    useApp.setState({ hasApiKey: anyProviderReady(v) });
  };
  // The API is asked for its models only when the person goes to choose one: saving a key sends
  // nothing anywhere (a gateway user sets the base URL first, and nothing reached the default).
  const loadModels = () => {
    if (models || !view?.hasApiKey) return;
    void run(async () => setModels(await host.call('listModels', 'anthropic')));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on open
  useEffect(() => {
    void run(load);
  }, []);
  if (!view || !draft) return <p className="muted">Loading settings…</p>;

  const number = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      {view.problems.length > 0 && (
        <div className="warning" role="note">
          <p>The settings file had values Switchboard could not use; their defaults apply until you save:</p>
          <ul>
            {view.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <section className="card" aria-label="Anthropic API key">
        <h2>Anthropic API key</h2>
        <p className="muted">
          {view.hasApiKey ? `A key is stored for ${view.keyOrigin}.` : `No key for ${view.keyOrigin}.`}{' '}
          {!view.hasApiKey && 'Using a gateway? Set its API base URL below and save it first. '}It stays in
          Switchboard’s secret store
          {encrypted === false ? ' (a file only you can read, not encrypted)' : ''}, is never shown again, and
          is sent only to the address it was entered for.
        </p>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await host.call('setApiKey', 'anthropic', key);
              setKey('');
              await load();
            });
          }}
        >
          <label htmlFor="api-key" className="sr-only">
            API key
          </label>
          <input
            id="api-key"
            type="password"
            autoComplete="off"
            placeholder={view.hasApiKey ? 'Replace the key' : 'sk-ant-…'}
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
          <button type="submit" className="primary" disabled={!key.trim()}>
            Save key
          </button>
          {view.hasApiKey && (
            <button
              type="button"
              onClick={() =>
                void run(async () => {
                  await host.call('setApiKey', 'anthropic', null);
                  await load();
                })
              }
            >
              Remove key
            </button>
          )}
        </form>
      </section>
      <OpenAIProviders
        view={view}
        onSaved={(v) => {
          setView(v);
          useApp.setState({ hasApiKey: anyProviderReady(v) });
          // Only what the providers card saved: the form's other edits stay as typed — the default
          // provider chosen below too (a card save answered late must not undo it), unless the card
          // took away the provider it names.
          setDraft((d) => {
            if (!d) return d;
            const named =
              d.defaultProvider === ANTHROPIC || v.settings.openai.some((p) => p.id === d.defaultProvider);
            return {
              ...d,
              openai: v.settings.openai,
              defaultProvider: named ? d.defaultProvider : v.settings.defaultProvider,
            };
          });
        }}
      />
      <form
        className="card"
        aria-label="Model and sampling"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            // The providers are the card's, saved at once: this form writes them as they are saved now
            // (a card save still on its way is made first, and kept).
            await updateSettings(host, (current) => {
              const named =
                draft.defaultProvider === ANTHROPIC ||
                current.openai.some((p) => p.id === draft.defaultProvider);
              return {
                ...draft,
                openai: current.openai,
                defaultProvider: named ? draft.defaultProvider : current.defaultProvider,
              };
            });
            setSaved(true);
            setTimeout(() => setSaved(false), 2000);
            await load();
          });
        }}
      >
        <h2>Model</h2>
        <div className="field">
          <label htmlFor="default-provider">New conversations use</label>
          <select
            id="default-provider"
            value={draft.defaultProvider}
            onChange={(e) => setDraft({ ...draft, defaultProvider: e.target.value })}
          >
            {view.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {revealAsText(p.name)}
              </option>
            ))}
          </select>
          <p className="field-desc muted">
            Each conversation can pick another provider and model in its Model settings.
          </p>
        </div>
        <div className="field">
          <label htmlFor="tool-token-budget">Most tokens of tool definitions in a request</label>
          <input
            id="tool-token-budget"
            type="number"
            min={100}
            value={draft.toolTokenBudget ?? ''}
            placeholder="no budget: every tool that is on"
            onChange={(e) => {
              const { toolTokenBudget: _, ...rest } = draft;
              setDraft(e.target.value === '' ? rest : { ...rest, toolTokenBudget: number(e.target.value) });
            }}
          />
          <p className="field-desc muted">
            Tool definitions are sent with every message. Over this, a conversation asks you which servers and
            tools to offer instead of sending them all.
          </p>
        </div>
        <h3 className="sub">Anthropic</h3>
        <div className="field">
          <label htmlFor="base-url">API base URL</label>
          <input
            id="base-url"
            value={draft.anthropic.baseUrl}
            onChange={(e) =>
              setDraft({ ...draft, anthropic: { ...draft.anthropic, baseUrl: e.target.value } })
            }
          />
          <p className="field-desc muted">
            Where requests go. Change it only for an Anthropic-compatible gateway you trust: https, or plain
            http on this computer. A stored key does not follow a change of host — enter the key for the new
            address.
          </p>
        </div>
        <div className="field">
          <label htmlFor="default-model">Default model</label>
          <input
            id="default-model"
            list="known-models"
            onFocus={loadModels}
            value={draft.anthropic.defaultModel ?? ''}
            placeholder={models?.models[0] ? revealAsText(models.models[0]) : 'the newest the API lists'}
            onChange={(e) => {
              const { defaultModel: _, ...rest } = draft.anthropic;
              setDraft({
                ...draft,
                anthropic: e.target.value ? { ...rest, defaultModel: e.target.value } : rest,
              });
            }}
          />
          <datalist id="known-models">
            {models?.models.map((m) => (
              <option key={m} value={revealAsText(m)} />
            ))}
          </datalist>
          {models?.source === 'fallback' && (
            <p className="field-desc muted">
              The API did not list its models (<SafeText text={models.error ?? ''} />
              ); these are the known ones.
            </p>
          )}
        </div>
        <h2>Signing in to servers (OAuth)</h2>
        <div className="field">
          <label htmlFor="client-metadata-url">Client ID Metadata Document URL</label>
          <input
            id="client-metadata-url"
            type="url"
            value={draft.oauth.clientMetadataUrl ?? ''}
            placeholder="none: Switchboard registers itself with each sign-in service"
            onChange={(e) =>
              setDraft({
                ...draft,
                oauth: e.target.value ? { clientMetadataUrl: e.target.value } : {},
              })
            }
          />
          <p className="field-desc muted">
            Where Switchboard's client metadata document is published (https). Sign-in services that accept
            such documents then know Switchboard by this address instead of registering it anew. Publish the
            app's <code>resources/oauth-client-metadata.json</code> at this address with its{' '}
            <code>client_id</code> set to the address. Takes effect for servers started after saving.
          </p>
        </div>
        <h2>Sampling (servers asking the model)</h2>
        <div className="row">
          <label htmlFor="max-tokens-cap">Most tokens per request</label>
          <input
            id="max-tokens-cap"
            type="number"
            min={1}
            value={Number.isNaN(draft.sampling.maxTokensCap) ? '' : draft.sampling.maxTokensCap}
            onChange={(e) =>
              setDraft({ ...draft, sampling: { ...draft.sampling, maxTokensCap: number(e.target.value) } })
            }
          />
          <label htmlFor="per-minute">Requests per server per minute</label>
          <input
            id="per-minute"
            type="number"
            min={0}
            value={Number.isNaN(draft.sampling.perServerPerMinute) ? '' : draft.sampling.perServerPerMinute}
            onChange={(e) =>
              setDraft({
                ...draft,
                sampling: { ...draft.sampling, perServerPerMinute: number(e.target.value) },
              })
            }
          />
        </div>
        <h2>Elicitation (servers asking you)</h2>
        <div className="row">
          <label htmlFor="elicitations-per-minute">Requests per server per minute</label>
          <input
            id="elicitations-per-minute"
            type="number"
            min={0}
            aria-describedby="elicitations-desc"
            value={
              Number.isNaN(draft.elicitation.perServerPerMinute) ? '' : draft.elicitation.perServerPerMinute
            }
            onChange={(e) =>
              setDraft({ ...draft, elicitation: { perServerPerMinute: number(e.target.value) } })
            }
          />
        </div>
        <p id="elicitations-desc" className="field-desc muted">
          More are refused before any dialog, and so is a fourth while three of one server's wait for you.
        </p>
        <div className="actions">
          <button type="submit" className="primary">
            Save settings
          </button>
          {saved && <span role="status">Saved.</span>}
        </div>
      </form>
    </section>
  );
}
