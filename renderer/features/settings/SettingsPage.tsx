import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SEARCH_OVER_TOKENS, SEARCH_OVER_TOOLS, type ToolSearchMode } from '../../../shared/chat/toolSearch';
import { isAddable, isBuiltIn, PROVIDER_KINDS } from '../../../shared/host/providerSettings';
import { providerOf, type Settings, type SettingsView } from '../../../shared/host/settings';
import { isUsable, modelSetup } from '../../../shared/host/usableProviders';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { useApp } from '../../state/store';
import { ActivitySetting } from './ActivitySetting';
import { AddedProviders } from './AddedProviders';
import { BuiltInProviderFields } from './BuiltInProviderFields';
import { BuiltInProviderKey } from './BuiltInProviderKey';
import { RegistrySetting } from './RegistrySetting';
import { updateSettings, withBuiltInsOf } from './settingsWrites';
import { TelemetrySettingsCard } from './TelemetrySettingsCard';

/**
 * The model providers and sampling limits. API keys are write-only: the window can set or remove
 * them, never read them back. Base URLs (where the keys go) are changed here and nowhere else.
 */
export function SettingsPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [view, setView] = useState<SettingsView>();
  const [draft, setDraft] = useState<Settings>();
  const [saved, setSaved] = useState(false);

  const load = async () => {
    const v = await host.call('getSettings');
    setView(v);
    setDraft(v.settings);
    useApp.setState({ modelSetup: modelSetup(v) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on open
  useEffect(() => {
    void run(load);
  }, []);
  if (!view || !draft) return <p className="muted">Loading settings…</p>;
  // The built-in providers are the form's (saved with it); the added ones their cards' (saved at once).
  const builtIns = draft.providers.filter((p) => isBuiltIn(p.id));

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
      {view.providers
        .filter((p) => isBuiltIn(p.id))
        .map((p) => (
          <BuiltInProviderKey key={p.id} provider={p} onSaved={load} />
        ))}
      {PROVIDER_KINDS.filter(isAddable).map((kind) => (
        <AddedProviders
          key={kind}
          kind={kind}
          view={view}
          onSaved={(v) => {
            const before = view.settings.defaultProvider;
            setView(v);
            useApp.setState({ modelSetup: modelSetup(v) });
            // Only what the providers card saved: the form's other edits stay as typed — the default
            // provider chosen below too (a card save answered late must not undo it), unless the card
            // took away the provider it names, or the person left it as it was and the host moved it
            // (a provider that can be asked came while the default could not be).
            setDraft((d) => {
              if (!d) return d;
              const named = providerOf(v.settings, d.defaultProvider) !== undefined;
              return {
                ...d,
                providers: withBuiltInsOf(d, v.settings),
                defaultProvider:
                  named && d.defaultProvider !== before ? d.defaultProvider : v.settings.defaultProvider,
              };
            });
          }}
        />
      ))}
      <form
        className="card"
        aria-label="Model and sampling"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            // The providers are the card's, saved at once: this form writes them as they are saved now
            // (a card save still on its way is made first, and kept).
            await updateSettings(host, (current) => {
              const named = providerOf(current, draft.defaultProvider) !== undefined;
              // Telemetry is its card's, saved on its own: kept as it is saved now.
              const { telemetry: _, ...rest } = draft;
              return {
                ...rest,
                ...(current.telemetry ? { telemetry: current.telemetry } : {}),
                providers: withBuiltInsOf(draft, current),
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
              // One that cannot be asked is not offered while one that can is (the host would move the
              // default on at the next change anyway: new conversations would fail).
              <option
                key={p.id}
                value={p.id}
                disabled={!isUsable(p) && view.providers.some(isUsable) && p.id !== draft.defaultProvider}
              >
                {revealAsText(p.name)}
                {isUsable(p) ? '' : ' (no API key)'}
              </option>
            ))}
          </select>
          <p className="field-desc muted">
            Each conversation can pick another provider and model in its Model settings. A provider that needs
            a key is offered once its key is stored; while the default has none, the first provider that can
            be asked becomes the default.
          </p>
        </div>
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              checked={draft.titleWithModel !== false}
              aria-describedby="title-with-model-desc"
              onChange={(e) => {
                const { titleWithModel: _, ...rest } = draft;
                setDraft(e.target.checked ? rest : { ...rest, titleWithModel: false });
              }}
            />
            Title conversations with the model
          </label>
          <p id="title-with-model-desc" className="field-desc muted">
            After a new conversation's first reply, its model is asked once for a short title: one more short
            request, sent the first exchange as text (attachments and tools by name only, no tool results).
            Until the title comes, and when this is off, a conversation is named after its first line.
          </p>
        </div>
        <div className="field">
          <label htmlFor="tool-search">Tool search</label>
          <select
            id="tool-search"
            value={draft.toolSearch ?? 'auto'}
            onChange={(e) => {
              const { toolSearch: _, ...rest } = draft;
              const mode = e.target.value as ToolSearchMode;
              setDraft(mode === 'auto' ? rest : { ...rest, toolSearch: mode });
            }}
          >
            <option value="auto">
              When there are many tools (over {SEARCH_OVER_TOOLS}, or about{' '}
              {SEARCH_OVER_TOKENS.toLocaleString('en-US')} tokens of definitions)
            </option>
            <option value="always">Always</option>
            <option value="off">Never: send every tool that is on</option>
          </select>
          <p className="field-desc muted">
            The model is given a search over the conversation's tools instead of all their definitions, and is
            sent only the tools it finds — from then on, for the rest of the conversation. Consent and the
            Tools… choice apply to whatever it calls.
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
            Tool definitions are sent with every message. Over this (and when the model does not search them),
            a conversation asks you which servers and tools to offer instead of sending them all.
          </p>
        </div>
        {builtIns.map((p) => (
          <BuiltInProviderFields
            key={p.id}
            provider={p}
            view={view.providers.find((v) => v.id === p.id)}
            onChange={(next) =>
              setDraft({ ...draft, providers: draft.providers.map((q) => (q.id === p.id ? next : q)) })
            }
          />
        ))}
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
        <RegistrySetting draft={draft} address={view.registry} onChange={setDraft} />
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
        <ActivitySetting draft={draft} onChange={setDraft} />
        <div className="actions">
          <button type="submit" className="primary">
            <Save aria-hidden="true" />
            Save settings
          </button>
          {saved && <span role="status">Saved.</span>}
        </div>
      </form>
      <TelemetrySettingsCard view={view} onSaved={load} />
    </section>
  );
}
