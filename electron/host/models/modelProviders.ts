import type { ConversationSettings } from '../../../shared/chat/conversation';
import { namedProvider } from '../../../shared/host/conversationProvider';
import { isOfKind, type ProviderKind, type SettingsOfKind } from '../../../shared/host/providerSettings';
import { type ProviderView, providerOf } from '../../../shared/host/settings';
import { isUsable, settledDefault } from '../../../shared/host/usableProviders';
import type { ModelPreferences } from '../../../shared/mcp/protocol';
import { chooseModel } from '../../llm/modelChoice';
import { DEFAULT_DEADLINES, durationText, type ModelDeadlines, withDeadline } from '../../llm/modelDeadlines';
import type { ModelProvider } from '../../llm/modelProvider';
import { ProviderError } from '../../llm/providerError';
import { providerKind } from '../../llm/providerKinds';
import type { SettingsStore } from '../../store/settingsStore';
import { keyOrigin, providerKeyId } from '../secrets/providerKey';
import type { SecretStore } from '../secrets/secretStore';

/** What `chooseModel` answers when no listed model matched (no model id is this). */
const NONE = '\u0000';

/** One provider as the host uses it: what answers, and what it is called. */
export interface ProviderEntry {
  id: string;
  name: string;
  provider: ModelProvider;
  defaultModel?: string;
}

/**
 * Every model provider in Settings, each made by its kind (electron/llm/providerKinds.ts). Each is
 * read from Settings when it is used (where requests go, under which name), and its key from the
 * SecretStore under the id bound to it and its origin — so a provider removed, renamed or pointed
 * elsewhere is never asked with what it had before.
 */
export class ModelProviders {
  /** Providers by id, made again when their name or kind changes (errors say the name). */
  private readonly made = new Map<string, { name: string; kind: ProviderKind; provider: ModelProvider }>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    /** How long a turn waits for a model list, and for a reply that sends nothing. */
    readonly deadlines: ModelDeadlines = DEFAULT_DEADLINES,
  ) {}

  /** The provider `id` as Settings has it now; one no longer there is said so. */
  async get(id: string): Promise<ProviderEntry> {
    const entry = providerOf((await this.settings.get()).settings, id);
    if (!entry)
      throw new ProviderError(
        'bad-request',
        `The provider "${id}" is no longer in Settings: pick another in this conversation's Model settings.`,
      );
    return {
      id,
      name: entry.name,
      provider: this.providerFor(entry),
      ...(entry.defaultModel ? { defaultModel: entry.defaultModel } : {}),
    };
  }

  private providerFor<K extends ProviderKind>(entry: SettingsOfKind<K>): ModelProvider {
    const { id, name } = entry;
    const kind: K = entry.kind;
    const made = this.made.get(id);
    if (made?.name === name && made.kind === kind) return made.provider;
    // Where the key goes is read from Settings on every request, and from nowhere else; the key is
    // the one stored for the provider at that origin, so a changed base URL never receives another's.
    const provider = providerKind(kind).create(name, async () => {
      const now = providerOf((await this.settings.get()).settings, id);
      if (!isOfKind(now, kind))
        throw new ProviderError('bad-request', `The provider "${id}" is no longer in Settings.`);
      return { settings: now, apiKey: await this.secrets.get(providerKeyId(id, now.baseUrl)) };
    });
    this.made.set(id, { name, kind, provider });
    return provider;
  }

  /** The default provider (Settings), for new conversations and sampling. */
  async defaultId(): Promise<string> {
    return (await this.settings.get()).settings.defaultProvider;
  }

  /**
   * The provider and model a conversation's turn uses: its own choice, else the default provider;
   * its model, else the provider's default, else the first the provider lists.
   */
  async forConversation(
    settings: ConversationSettings,
    signal?: AbortSignal,
  ): Promise<ProviderEntry & { model: string }> {
    const id = namedProvider(settings) ?? (await this.defaultId());
    const entry = await this.get(id);
    const named = settings.model ?? entry.defaultModel;
    if (named) return { ...entry, model: named };
    // Not asked for a list it cannot give: "no key" is what the person can act on (the chat then
    // offers a provider that can be asked), not a failed listing.
    const view = (await this.views()).find((v) => v.id === id);
    if (view && !isUsable(view))
      throw new ProviderError('no-key', `No API key for ${entry.name}: add one in Settings.`);
    // Bounded, with the turn's Stop: a list that never comes ends in an error, not a wait; and a
    // list the API could not give is said so — never a known model name put in its place.
    const deadline = withDeadline(signal, this.deadlines.listModelsMs);
    const listed = await entry.provider.listModels(deadline.signal).finally(deadline.done);
    if (signal?.aborted) throw new ProviderError('aborted', 'Stopped.');
    const why = deadline.expired()
      ? `did not list its models within ${durationText(this.deadlines.listModelsMs)}`
      : listed.source === 'fallback'
        ? `could not list its models (${listed.error ?? 'no reason given'})`
        : listed.models.length === 0
          ? 'listed no models'
          : undefined;
    if (why)
      throw new ProviderError(
        deadline.expired() ? 'network' : 'bad-request',
        `No model is set for this conversation, and ${entry.name} ${why}: name one in this conversation's Model settings or in Settings, or Retry.`,
      );
    return { ...entry, model: listed.models[0]! };
  }

  /**
   * Keeps new conversations working after providers or keys changed: a default provider that needs a
   * key and has none gives way to the first that can be asked (shared/host/usableProviders.ts). A
   * settings file with problems is left as it is (it is replaced only when the person saves).
   */
  async settleDefault(): Promise<void> {
    const { settings, problems } = await this.settings.get();
    if (problems.length > 0) return;
    const next = settledDefault(settings.defaultProvider, await this.views());
    if (next !== settings.defaultProvider) await this.settings.set({ ...settings, defaultProvider: next });
  }

  /** Whether any provider can be asked (a key stored, or on this computer). */
  async anyWithKey(): Promise<boolean> {
    return (await this.views()).some((v) => v.hasKey || v.local);
  }

  /**
   * The provider and model for a server's sampling request: the person's choice when they made one
   * (a model alone is the default provider's); else the server's preferences matched across every
   * provider that can be asked, the default provider's models first (spec: hints are substrings, in
   * order; then the priorities); else the default provider's default model.
   */
  async forSampling(
    preferences: ModelPreferences | undefined,
    chosen: { provider?: string; model?: string },
    signal?: AbortSignal,
  ): Promise<ProviderEntry & { model: string }> {
    const first = await this.get(chosen.provider ?? (await this.defaultId()));
    if (chosen.model) return { ...first, model: chosen.model };
    if (chosen.provider) return this.forConversation({ provider: first.id, maxTokens: 1 }, signal);
    const askable = (await this.views()).filter((v) => (v.hasKey || v.local) && v.id !== first.id);
    const entries = [first, ...(await Promise.all(askable.map((v) => this.get(v.id))))];
    const offered = await Promise.all(
      entries.map(async (entry) => {
        // A provider that does not answer in time offers what it is known to have (its fallback).
        const deadline = withDeadline(signal, this.deadlines.listModelsMs);
        const listed = await entry.provider.listModels(deadline.signal).finally(deadline.done);
        return { entry, models: listed.models };
      }),
    );
    // Nothing matched comes back as NONE (no model is named so): then, and only then, the default's.
    const pick = chooseModel(
      preferences,
      offered.flatMap((o) => o.models),
      NONE,
    );
    const owner = offered.find((o) => o.models.includes(pick));
    return owner
      ? { ...owner.entry, model: pick }
      : this.forConversation({ provider: first.id, maxTokens: 1 }, signal);
  }

  /** Every provider as Settings shows it: whether a key is stored (never the key), where it goes. */
  async views(): Promise<ProviderView[]> {
    const { settings } = await this.settings.get();
    return Promise.all(
      settings.providers.map(async (p): Promise<ProviderView> => {
        const { maxTools } = this.providerFor(p);
        return {
          id: p.id,
          kind: p.kind,
          name: p.name,
          baseUrl: p.baseUrl,
          ...(p.defaultModel ? { defaultModel: p.defaultModel } : {}),
          hasKey: (await this.secrets.get(providerKeyId(p.id, p.baseUrl))) !== undefined,
          local: providerKind(p.kind).keyless(p.baseUrl),
          keyOrigin: keyOrigin(p.baseUrl),
          ...(maxTools !== undefined ? { maxTools } : {}),
        };
      }),
    );
  }

  /** The SecretStore id of provider `id`'s key at its base URL now. */
  async keyIdOf(id: string): Promise<string> {
    const entry = providerOf((await this.settings.get()).settings, id);
    if (!entry) throw new Error(`No provider "${id}" in Settings`);
    return providerKeyId(id, entry.baseUrl);
  }
}
