import type { ConversationSettings } from '../../../shared/chat/conversation';
import { ANTHROPIC, type ProviderView } from '../../../shared/host/settings';
import { isLoopbackHost } from '../../../shared/loopback';
import type { ModelPreferences } from '../../../shared/mcp/protocol';
import { AnthropicProvider } from '../../llm/anthropic/anthropicProvider';
import { chooseModel } from '../../llm/modelChoice';
import { DEFAULT_DEADLINES, durationText, type ModelDeadlines, withDeadline } from '../../llm/modelDeadlines';
import type { ModelProvider } from '../../llm/modelProvider';
import { OPENAI_MAX_TOOLS, OpenAIProvider } from '../../llm/openai/openaiProvider';
import { ProviderError } from '../../llm/providerError';
import type { SettingsStore } from '../../store/settingsStore';
import { keyOrigin, openAIKeyId, providerKeyId } from '../secrets/providerKey';
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
 * Every model provider in Settings: Anthropic, and the OpenAI-compatible ones the person added.
 * Each is read from Settings when it is used (where requests go, under which name), and its key from
 * the SecretStore under the id bound to it and its origin — so a provider removed, renamed or
 * pointed elsewhere is never asked with what it had before.
 */
export class ModelProviders {
  private readonly anthropic: AnthropicProvider;
  /** OpenAI-compatible providers by id, made again when their name changes (errors say it). */
  private readonly openai = new Map<string, { name: string; provider: OpenAIProvider }>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    /** How long a turn waits for a model list, and for a reply that sends nothing. */
    readonly deadlines: ModelDeadlines = DEFAULT_DEADLINES,
  ) {
    // Where the key goes is read from Settings on every request, and from nowhere else; the key is
    // the one stored for that origin (providerKeyId), so a changed base URL never receives another's.
    this.anthropic = new AnthropicProvider(async () => {
      const { baseUrl } = (await this.settings.get()).settings.anthropic;
      return { baseUrl, apiKey: await this.secrets.get(providerKeyId(baseUrl)) };
    });
  }

  /** The provider `id` as Settings has it now; one no longer there is said so. */
  async get(id: string): Promise<ProviderEntry> {
    const { settings } = await this.settings.get();
    if (id === ANTHROPIC)
      return {
        id,
        name: 'Anthropic',
        provider: this.anthropic,
        ...(settings.anthropic.defaultModel ? { defaultModel: settings.anthropic.defaultModel } : {}),
      };
    const entry = settings.openai.find((p) => p.id === id);
    if (!entry)
      throw new ProviderError(
        'bad-request',
        `The provider "${id}" is no longer in Settings: pick another in this conversation's Model settings.`,
      );
    let made = this.openai.get(id);
    if (made?.name !== entry.name) {
      made = {
        name: entry.name,
        provider: new OpenAIProvider(entry.name, async () => {
          const now = (await this.settings.get()).settings.openai.find((p) => p.id === id);
          if (!now) throw new ProviderError('bad-request', `The provider "${id}" is no longer in Settings.`);
          return {
            baseUrl: now.baseUrl,
            apiKey: await this.secrets.get(openAIKeyId(id, now.baseUrl)),
            ...(now.images === false ? { images: false } : {}),
          };
        }),
      };
      this.openai.set(id, made);
    }
    return {
      id,
      name: entry.name,
      provider: made.provider,
      ...(entry.defaultModel ? { defaultModel: entry.defaultModel } : {}),
    };
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
    // A conversation from before providers could be chosen names a Claude model and no provider: Anthropic's.
    const id =
      settings.provider ?? (settings.model?.startsWith('claude') ? ANTHROPIC : await this.defaultId());
    const entry = await this.get(id);
    const named = settings.model ?? entry.defaultModel;
    if (named) return { ...entry, model: named };
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
    const anthropic: ProviderView = {
      id: ANTHROPIC,
      kind: 'anthropic',
      name: 'Anthropic',
      baseUrl: settings.anthropic.baseUrl,
      ...(settings.anthropic.defaultModel ? { defaultModel: settings.anthropic.defaultModel } : {}),
      hasKey: (await this.secrets.get(providerKeyId(settings.anthropic.baseUrl))) !== undefined,
      local: false,
      keyOrigin: keyOrigin(settings.anthropic.baseUrl),
    };
    const others = await Promise.all(
      settings.openai.map(
        async (p): Promise<ProviderView> => ({
          id: p.id,
          kind: 'openai',
          name: p.name,
          baseUrl: p.baseUrl,
          ...(p.defaultModel ? { defaultModel: p.defaultModel } : {}),
          hasKey: (await this.secrets.get(openAIKeyId(p.id, p.baseUrl))) !== undefined,
          local: isLoopbackHost(new URL(p.baseUrl).hostname),
          keyOrigin: keyOrigin(p.baseUrl),
          maxTools: OPENAI_MAX_TOOLS,
        }),
      ),
    );
    return [anthropic, ...others];
  }

  /** The SecretStore id of provider `id`'s key at its base URL now. */
  async keyIdOf(id: string): Promise<string> {
    const { settings } = await this.settings.get();
    if (id === ANTHROPIC) return providerKeyId(settings.anthropic.baseUrl);
    const entry = settings.openai.find((p) => p.id === id);
    if (!entry) throw new Error(`No provider "${id}" in Settings`);
    return openAIKeyId(id, entry.baseUrl);
  }
}
