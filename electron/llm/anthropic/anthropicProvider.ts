import type Anthropic from '@anthropic-ai/sdk';
import type { Tool as AnthropicTool, ToolUnion } from '@anthropic-ai/sdk/resources/messages/messages';
import type { TokenUsage } from '../../../shared/chat/conversation';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import { boundedFetch } from '../boundedFetch';
import { ModelListCache } from '../modelList';
import type {
  FilesRead,
  ModelList,
  ModelProvider,
  ModelStreamEvent,
  ModelToolSpec,
  ModelTurnRequest,
  ProviderAccess,
} from '../modelProvider';
import { ProviderError } from '../providerError';
import { unseenBy } from '../sdkEnvironment';
import { fromSdkError } from '../sdkErrors';
import { toAnthropicMessages } from './anthropicContent';
import { ANTHROPIC_WORDING } from './anthropicErrors';
import { fromAnthropicMessage, stopReasonOf, toAnthropicRequest } from './anthropicSampling';

/** Known models, for when the API cannot list them (newest first within each tier). */
export const FALLBACK_MODELS = ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5'];

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
  /** Anthropic's own tool search finds deferred tools (`tool_search_tool_bm25`). */
  readonly searchesTools = true;
  private readonly modelList = new ModelListCache(
    FALLBACK_MODELS,
    async (e) => (await this.describe(e)).message,
  );

  constructor(private readonly access: () => Promise<ProviderAccess>) {}

  async hasKey(): Promise<boolean> {
    return Boolean((await this.access()).apiKey);
  }

  /** The Messages API reads images and PDFs (image and document blocks). */
  async readsFiles(): Promise<FilesRead> {
    return { images: true, pdfs: true };
  }

  listModels(signal?: AbortSignal): Promise<ModelList> {
    return this.modelList.get(
      async () => (await this.client()).key,
      async () => {
        const { client } = await this.client();
        const models: string[] = [];
        for await (const model of client.models.list({ limit: 100 }, { signal })) models.push(model.id);
        return models;
      },
      'the API listed no models',
    );
  }

  async sample(
    params: CreateMessageParams,
    model: string,
    signal?: AbortSignal,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<CreateMessageResult> {
    const { client } = await this.client();
    try {
      const message = await client.messages.create(toAnthropicRequest(params, model), { signal });
      if (message.usage) onUsage?.(usageOf(message.usage));
      return fromAnthropicMessage(message);
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  /** One reply, its raw stream events mapped to neutral ones. Errors (and Stop) arrive as ProviderError. */
  async *stream(request: ModelTurnRequest, signal?: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const { client } = await this.client();
    const tools = request.tools.map(asAnthropicTool);
    try {
      const stream = await client.messages.create(
        {
          model: request.model,
          max_tokens: request.maxTokens,
          ...(request.thinkingBudget
            ? { thinking: { type: 'enabled' as const, budget_tokens: request.thinkingBudget } }
            : {}),
          messages: toAnthropicMessages(request.messages, request.files),
          // The system prompt and the tool list are the stable head of every request: cached
          // (cache_control on the last of each), so later turns read them instead of paying again.
          ...(request.system
            ? {
                system: [
                  {
                    type: 'text' as const,
                    text: request.system,
                    cache_control: { type: 'ephemeral' as const },
                  },
                ],
              }
            : {}),
          ...toolsParam(tools, request.deferredTools),
          stream: true,
        },
        { signal },
      );
      let usage: TokenUsage | undefined;
      for await (const event of stream) {
        if (event.type === 'message_start') {
          yield { type: 'model', model: event.message.model };
          usage = usageOf(event.message.usage);
        } else if (event.type === 'content_block_start') {
          const b = event.content_block;
          if (b.type === 'text') yield { type: 'text', index: event.index, text: b.text };
          else if (b.type === 'tool_use')
            yield { type: 'tool-use', index: event.index, id: b.id, name: b.name };
          else if (b.type === 'thinking')
            yield { type: 'thinking', index: event.index, text: b.thinking, signature: b.signature };
          else if (b.type === 'redacted_thinking')
            yield { type: 'thinking', index: event.index, redacted: b.data };
          else if (b.type === 'server_tool_use' && b.name.startsWith('tool_search'))
            yield { type: 'search-use', index: event.index, id: b.id };
          else if (b.type === 'tool_search_tool_result')
            yield {
              type: 'search-result',
              index: event.index,
              toolUseId: b.tool_use_id,
              ...(b.content.type === 'tool_search_tool_search_result'
                ? { found: b.content.tool_references.map((r) => r.tool_name) }
                : { error: b.content.error_code }),
            };
        } else if (event.type === 'content_block_delta') {
          if (event.delta.type === 'text_delta')
            yield { type: 'text', index: event.index, text: event.delta.text };
          else if (event.delta.type === 'input_json_delta')
            yield { type: 'tool-input', index: event.index, json: event.delta.partial_json };
          else if (event.delta.type === 'thinking_delta')
            yield { type: 'thinking', index: event.index, text: event.delta.thinking };
          else if (event.delta.type === 'signature_delta')
            yield { type: 'thinking', index: event.index, signature: event.delta.signature };
        } else if (event.type === 'content_block_stop') yield { type: 'block-end', index: event.index };
        else if (event.type === 'message_delta') {
          // Cumulative counts: the reply's output so far (and its input, where the API says it again).
          usage = usageOf(event.usage, usage);
          if (event.delta.stop_reason) yield { type: 'stop', reason: stopReasonOf(event.delta.stop_reason) };
        }
      }
      if (usage) yield { type: 'usage', usage };
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  private async describe(error: unknown, signal?: AbortSignal): Promise<ProviderError> {
    // An aborted fetch rejects with the abort's reason, whatever it is: the signal says what happened.
    if (signal?.aborted) return new ProviderError('aborted', 'Stopped.');
    return fromSdkError(error, (await this.access()).baseUrl, await loadSdk(), ANTHROPIC_WORDING);
  }

  private async client(): Promise<{ client: Anthropic; key: string }> {
    const { baseUrl, apiKey } = await this.access();
    if (!apiKey) throw new ProviderError('no-key', 'No Anthropic API key: add one in Settings.');
    const key = `${baseUrl}\u0000${apiKey}`;
    if (this.cached?.key !== key) {
      const { default: Sdk } = await loadSdk();
      this.cached = {
        key,
        client: unseenBy(
          ['ANTHROPIC_CUSTOM_HEADERS'],
          () =>
            new Sdk({
              apiKey,
              authToken: null,
              baseURL: baseUrl,
              // Failures are shown with a retry the person controls; the chat loop decides what to retry.
              maxRetries: 0,
              timeout: 10 * 60_000,
              fetch: boundedFetch(),
              // Nothing from the environment: no log level, no ANTHROPIC_CUSTOM_HEADERS (unseen below).
              logLevel: 'off',
            }),
        ),
      };
    }
    return this.cached;
  }
}

/** The API's counts as ours: its input_tokens leave out cache reads and writes, ours include them. */
function usageOf(
  u: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_read_input_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
  },
  before?: TokenUsage,
): TokenUsage {
  const read = u.cache_read_input_tokens ?? before?.cacheReadTokens;
  const write = u.cache_creation_input_tokens ?? before?.cacheWriteTokens;
  const uncached =
    u.input_tokens ??
    (before ? before.inputTokens - (before.cacheReadTokens ?? 0) - (before.cacheWriteTokens ?? 0) : 0);
  return {
    inputTokens: uncached + (read ?? 0) + (write ?? 0),
    outputTokens: u.output_tokens ?? before?.outputTokens ?? 0,
    ...(read ? { cacheReadTokens: read } : {}),
    ...(write ? { cacheWriteTokens: write } : {}),
  };
}

const asAnthropicTool = (t: ModelToolSpec): AnthropicTool => ({
  name: t.name,
  ...(t.description ? { description: t.description } : {}),
  input_schema: t.inputSchema as AnthropicTool['input_schema'],
});

/**
 * The request's tools: those sent whole (cache_control on the last: the stable head of every request),
 * then — when the API is to search them — its tool search, and every other tool deferred: loaded only
 * when a search finds it, so the cached head stays the same however many there are.
 */
function toolsParam(
  tools: AnthropicTool[],
  deferred: readonly ModelToolSpec[] | undefined,
): { tools?: ToolUnion[] } {
  const head: ToolUnion[] = [...tools];
  if (deferred && deferred.length > 0)
    head.push({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
  if (head.length === 0) return {};
  const cached = head.map((t, i) =>
    i === head.length - 1 ? { ...t, cache_control: { type: 'ephemeral' as const } } : t,
  );
  return {
    tools: [...cached, ...(deferred ?? []).map((t) => ({ ...asAnthropicTool(t), defer_loading: true }))],
  };
}
