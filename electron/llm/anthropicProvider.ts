import Anthropic from '@anthropic-ai/sdk';
import type {
  Message,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { ProviderError, toProviderError } from './providerError';

export interface ProviderAccess {
  baseUrl: string;
  apiKey: string | undefined;
}

/** Known models, for when the API cannot list them (newest first within each tier). */
export const FALLBACK_MODELS = ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5'];

const MODELS_TTL_MS = 10 * 60_000;

export interface ModelList {
  models: string[];
  source: 'api' | 'fallback';
  /** Why the fallback is used. */
  error?: string;
}

/**
 * The Anthropic Messages API through the official SDK. Where requests go and with which key is read
 * from Settings and the SecretStore on every call, and only there: the SDK's own environment lookups
 * (ANTHROPIC_BASE_URL, ANTHROPIC_AUTH_TOKEN, profiles) are switched off by passing both explicitly.
 */
export class AnthropicProvider {
  private cached: { key: string; client: Anthropic } | undefined;
  private models: { key: string; at: number; list: string[] } | undefined;

  constructor(private readonly access: () => Promise<ProviderAccess>) {}

  async hasKey(): Promise<boolean> {
    return Boolean((await this.access()).apiKey);
  }

  async listModels(signal?: AbortSignal): Promise<ModelList> {
    try {
      const { client, key } = await this.client();
      // Asked for by every sampling request and settings form: the API's answer is kept a while.
      if (this.models?.key === key && Date.now() - this.models.at < MODELS_TTL_MS)
        return { models: [...this.models.list], source: 'api' };
      const models: string[] = [];
      for await (const model of client.models.list({ limit: 100 }, { signal })) models.push(model.id);
      if (models.length > 0) this.models = { key, at: Date.now(), list: models };
      return models.length > 0
        ? { models, source: 'api' }
        : { models: FALLBACK_MODELS, source: 'fallback', error: 'the API listed no models' };
    } catch (error) {
      return { models: FALLBACK_MODELS, source: 'fallback', error: (await this.describe(error)).message };
    }
  }

  async createMessage(params: MessageCreateParamsNonStreaming, signal?: AbortSignal): Promise<Message> {
    const { client } = await this.client();
    try {
      return await client.messages.create(params, { signal });
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  /** The raw stream events of one reply, in order. Errors (and stop) arrive as ProviderError. */
  async *streamMessage(
    params: Omit<MessageCreateParamsStreaming, 'stream'>,
    signal?: AbortSignal,
  ): AsyncGenerator<RawMessageStreamEvent> {
    const { client } = await this.client();
    try {
      const stream = await client.messages.create({ ...params, stream: true }, { signal });
      for await (const event of stream) yield event;
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  private async describe(error: unknown, signal?: AbortSignal): Promise<ProviderError> {
    // An aborted fetch rejects with the abort's reason, whatever it is: the signal says what happened.
    if (signal?.aborted) return new ProviderError('aborted', 'Stopped.');
    return toProviderError(error, (await this.access()).baseUrl);
  }

  private async client(): Promise<{ client: Anthropic; key: string }> {
    const { baseUrl, apiKey } = await this.access();
    if (!apiKey) throw new ProviderError('no-key', 'No Anthropic API key: add one in Settings.');
    const key = `${baseUrl}\u0000${apiKey}`;
    if (this.cached?.key !== key) {
      this.cached = {
        key,
        client: new Anthropic({
          apiKey,
          authToken: null,
          baseURL: baseUrl,
          // Failures are shown with a retry the person controls; the chat loop decides what to retry.
          maxRetries: 0,
          timeout: 10 * 60_000,
        }),
      };
    }
    return this.cached;
  }
}
