import type Anthropic from '@anthropic-ai/sdk';
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages/messages';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import type {
  ModelList,
  ModelProvider,
  ModelStreamEvent,
  ModelTurnRequest,
  ProviderAccess,
} from '../modelProvider';
import { ProviderError } from '../providerError';
import { toAnthropicMessages } from './anthropicContent';
import { toProviderError } from './anthropicErrors';
import { fromAnthropicMessage, stopReasonOf, toAnthropicRequest } from './anthropicSampling';

/** Known models, for when the API cannot list them (newest first within each tier). */
export const FALLBACK_MODELS = ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5'];

const MODELS_TTL_MS = 10 * 60_000;

/**
 * The Anthropic Messages API through the official SDK. Where requests go and with which key is read
 * from Settings and the SecretStore on every call, and only there: the SDK's own environment lookups
 * (ANTHROPIC_BASE_URL, ANTHROPIC_AUTH_TOKEN, profiles) are switched off by passing both explicitly.
 */
/** The SDK, loaded when a model is first asked for something — not while the app starts. */
let sdk: Promise<typeof import('@anthropic-ai/sdk')> | undefined;
const loadSdk = () => {
  sdk ??= import('@anthropic-ai/sdk');
  return sdk;
};

export class AnthropicProvider implements ModelProvider {
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

  async sample(
    params: CreateMessageParams,
    model: string,
    signal?: AbortSignal,
  ): Promise<CreateMessageResult> {
    const { client } = await this.client();
    try {
      return fromAnthropicMessage(
        await client.messages.create(toAnthropicRequest(params, model), { signal }),
      );
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  /** One reply, its raw stream events mapped to neutral ones. Errors (and Stop) arrive as ProviderError. */
  async *stream(request: ModelTurnRequest, signal?: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const { client } = await this.client();
    const tools = request.tools.map(
      (t): AnthropicTool => ({
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        input_schema: t.inputSchema as AnthropicTool['input_schema'],
      }),
    );
    try {
      const stream = await client.messages.create(
        {
          model: request.model,
          max_tokens: request.maxTokens,
          messages: toAnthropicMessages(request.messages),
          ...(request.system ? { system: request.system } : {}),
          ...(tools.length > 0 ? { tools } : {}),
          stream: true,
        },
        { signal },
      );
      for await (const event of stream) {
        if (event.type === 'message_start') yield { type: 'model', model: event.message.model };
        else if (event.type === 'content_block_start') {
          const b = event.content_block;
          if (b.type === 'text') yield { type: 'text', index: event.index, text: b.text };
          else if (b.type === 'tool_use')
            yield { type: 'tool-use', index: event.index, id: b.id, name: b.name };
        } else if (event.type === 'content_block_delta') {
          if (event.delta.type === 'text_delta')
            yield { type: 'text', index: event.index, text: event.delta.text };
          else if (event.delta.type === 'input_json_delta')
            yield { type: 'tool-input', index: event.index, json: event.delta.partial_json };
        } else if (event.type === 'content_block_stop') yield { type: 'block-end', index: event.index };
        else if (event.type === 'message_delta' && event.delta.stop_reason)
          yield { type: 'stop', reason: stopReasonOf(event.delta.stop_reason) };
      }
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  private async describe(error: unknown, signal?: AbortSignal): Promise<ProviderError> {
    // An aborted fetch rejects with the abort's reason, whatever it is: the signal says what happened.
    if (signal?.aborted) return new ProviderError('aborted', 'Stopped.');
    return toProviderError(error, (await this.access()).baseUrl, await loadSdk());
  }

  private async client(): Promise<{ client: Anthropic; key: string }> {
    const { baseUrl, apiKey } = await this.access();
    if (!apiKey) throw new ProviderError('no-key', 'No Anthropic API key: add one in Settings.');
    const key = `${baseUrl}\u0000${apiKey}`;
    if (this.cached?.key !== key) {
      const { default: Sdk } = await loadSdk();
      this.cached = {
        key,
        client: new Sdk({
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
