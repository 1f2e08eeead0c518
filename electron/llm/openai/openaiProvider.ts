import type OpenAI from 'openai';
import type { TokenUsage } from '../../../shared/chat/conversation';
import { isLoopbackHost } from '../../../shared/loopback';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import { boundedFetch } from '../boundedFetch';
import { ModelListCache } from '../modelList';
import type {
  FilesRead,
  ModelList,
  ModelProvider,
  ModelStreamEvent,
  ModelTurnRequest,
  ProviderAccess,
} from '../modelProvider';
import { ProviderError } from '../providerError';
import { unseenBy } from '../sdkEnvironment';
import { fromSdkError } from '../sdkErrors';
import { toOpenAIMessages, toOpenAITools } from './openaiContent';
import { OPENAI_WORDING } from './openaiErrors';
import { fromOpenAICompletion, stopReasonOf, toOpenAIRequest } from './openaiSampling';

/** Chat Completions takes at most this many tools in one request (OpenAI's limit). */
export const OPENAI_MAX_TOOLS = 128;

/** The SDK, loaded when a model is first asked for something — not while the app starts. */
let sdk: Promise<typeof import('openai')> | undefined;
const loadSdk = () => {
  sdk ??= import('openai');
  return sdk;
};

/**
 * What one reply may hold (text, reasoning, tool calls' names and arguments), and how many tool
 * calls: far past any model's output, so only a hostile or broken server reaches them — and it
 * would otherwise grow the main process until it failed.
 */
const MAX_REPLY_CHARS = 32 * 1024 * 1024;
const MAX_TOOL_CALLS = 256;

/** A token count as the API documents it (a whole number, not negative); anything else is none. */
const count = (n: unknown): number | undefined =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;

/** Sent where no key is stored for a server on this computer (Ollama, LM Studio take any). */
const LOCAL_PLACEHOLDER_KEY = 'none';

/**
 * An OpenAI-compatible Chat Completions API (OpenAI itself, Ollama, LM Studio, vLLM, OpenRouter, a
 * company gateway) through the official `openai` SDK. Where requests go and with which key is read
 * on every call from Settings and the SecretStore, and only there: the SDK's environment lookups
 * (OPENAI_BASE_URL, OPENAI_API_KEY, organization, project, custom headers, log level) are switched off.
 */
export class OpenAIProvider implements ModelProvider {
  readonly maxTools = OPENAI_MAX_TOOLS;
  private cached: { key: string; client: OpenAI } | undefined;
  private readonly modelList = new ModelListCache([], async (e) => (await this.describe(e)).message);

  constructor(
    /** Said in errors: the provider's name as the person gave it. */
    private readonly name: string,
    private readonly access: () => Promise<ProviderAccess>,
  ) {}

  async hasKey(): Promise<boolean> {
    const { baseUrl, apiKey } = await this.access();
    return Boolean(apiKey) || isLoopbackHost(new URL(baseUrl).hostname);
  }

  /**
   * Images where the person did not say its models read none (Settings); PDFs never: Chat
   * Completions has no document part that compatible servers (Ollama, LM Studio, vLLM…) take.
   */
  async readsFiles(): Promise<FilesRead> {
    return { images: (await this.access()).images !== false, pdfs: false };
  }

  listModels(signal?: AbortSignal): Promise<ModelList> {
    return this.modelList.get(
      async () => (await this.client()).key,
      async () => {
        const { client } = await this.client();
        const models: string[] = [];
        for await (const model of client.models.list({ signal })) models.push(model.id);
        return models.sort();
      },
      `${this.name} listed no models`,
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
      const completion = await client.chat.completions.create(toOpenAIRequest(params, model), { signal });
      const usage = completion.usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
      if (usage && typeof usage === 'object')
        onUsage?.({
          inputTokens: count(usage.prompt_tokens) ?? 0,
          outputTokens: count(usage.completion_tokens) ?? 0,
        });
      return fromOpenAICompletion(completion);
    } catch (error) {
      throw await this.describe(error, signal);
    }
  }

  /**
   * One reply, its chunks mapped to neutral events: reasoning (where a compatible server streams it:
   * `reasoning_content`, `reasoning`) is block 0, the text block 1, tool call `i` block 2 + i
   * (started when its id and name arrive, its arguments in fragments); every block ends when the
   * stream does, then the stop reason.
   */
  async *stream(request: ModelTurnRequest, signal?: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    if (request.tools.length > OPENAI_MAX_TOOLS)
      throw new ProviderError(
        'bad-request',
        `${this.name} takes at most ${OPENAI_MAX_TOOLS} tools in a request, and ${request.tools.length} are enabled: turn some servers or tools off for this conversation.`,
      );
    const { client } = await this.client();
    const { images } = await this.access();
    try {
      const stream = await client.chat.completions.create(
        {
          model: request.model,
          max_completion_tokens: request.maxTokens,
          // Only when the conversation asks: a model that does not reason refuses the parameter.
          ...(request.reasoningEffort ? { reasoning_effort: request.reasoningEffort } : {}),
          messages: toOpenAIMessages(request.messages, request.system, {
            images: images !== false,
            ...(request.files ? { files: request.files } : {}),
          }),
          ...(request.tools.length > 0 ? { tools: toOpenAITools(request.tools) } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      let model: string | undefined;
      let thinking = false;
      let text = false;
      // Tool calls gathered whole before they are told: a name may come in pieces, some servers
      // send no index (Gemini's endpoint) or reuse one for a new call (some proxies).
      const calls: { id?: string; name: string; args: string }[] = [];
      const byIndex = new Map<number, number>();
      let lastIndex: number | undefined;
      let finish: string | undefined;
      let usage: TokenUsage | undefined;
      let taken = 0;
      const take = (piece: string) => {
        taken += piece.length;
        if (taken > MAX_REPLY_CHARS)
          throw new ProviderError(
            'server',
            `${this.name} sent a reply over ${MAX_REPLY_CHARS / 1024 / 1024} MiB: it was cut off.`,
          );
        return piece;
      };
      for await (const chunk of stream) {
        // The last chunk (choices empty) carries the request's usage, as asked by include_usage.
        // Everything in a chunk is the server's word, saved with the reply and shown: only the
        // types the API documents are taken (a model id that is no string broke the reply's view).
        if (chunk.usage && typeof chunk.usage === 'object') {
          const cached = count(chunk.usage.prompt_tokens_details?.cached_tokens);
          usage = {
            inputTokens: count(chunk.usage.prompt_tokens) ?? 0,
            outputTokens: count(chunk.usage.completion_tokens) ?? 0,
            ...(cached ? { cacheReadTokens: cached } : {}),
          };
        }
        if (model === undefined && typeof chunk.model === 'string' && chunk.model) {
          model = chunk.model;
          yield { type: 'model', model };
        }
        const choice = chunk.choices[0];
        if (!choice) continue;
        const delta = choice.delta;
        const reasoning = (delta as { reasoning_content?: unknown; reasoning?: unknown } | undefined) ?? {};
        const thought =
          typeof reasoning.reasoning_content === 'string' ? reasoning.reasoning_content : reasoning.reasoning;
        if (typeof thought === 'string' && thought) {
          thinking = true;
          yield { type: 'thinking', index: 0, text: take(thought) };
        }
        if (typeof delta?.content === 'string' && delta.content) {
          text = true;
          yield { type: 'text', index: 1, text: take(delta.content) };
        }
        for (const tc of delta?.tool_calls ?? []) {
          const index = typeof tc.index === 'number' ? tc.index : tc.id ? calls.length : (lastIndex ?? 0);
          let at = byIndex.get(index);
          const known = at === undefined ? undefined : calls[at];
          if (known === undefined || (tc.id && known.id && tc.id !== known.id)) {
            if (calls.length >= MAX_TOOL_CALLS)
              throw new ProviderError(
                'server',
                `${this.name} asked for more than ${MAX_TOOL_CALLS} tool calls in one reply: it was cut off.`,
              );
            at = calls.push({ name: '', args: '' }) - 1;
            byIndex.set(index, at);
          }
          lastIndex = index;
          const call = calls[at!]!;
          if (typeof tc.id === 'string' && tc.id) call.id = tc.id;
          if (typeof tc.function?.name === 'string') call.name += take(tc.function.name);
          if (typeof tc.function?.arguments === 'string') call.args += take(tc.function.arguments);
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      }
      // An aborted stream may just end: Stop is said as such, never as a finished reply.
      if (signal?.aborted) throw new ProviderError('aborted', 'Stopped.');
      if (thinking) yield { type: 'block-end', index: 0 };
      if (text) yield { type: 'block-end', index: 1 };
      const named = calls.filter((c) => c.name);
      for (const [n, call] of named.entries()) {
        yield {
          type: 'tool-use',
          index: 2 + n,
          id: call.id ?? `call_${n}_${Date.now().toString(36)}`,
          name: call.name,
        };
        if (call.args) yield { type: 'tool-input', index: 2 + n, json: call.args };
        yield { type: 'block-end', index: 2 + n };
      }
      const calledTools = named.length > 0;
      yield { type: 'stop', reason: stopReasonOf(finish ?? 'stop', calledTools) };
      if (usage) yield { type: 'usage', usage };
    } catch (error) {
      const described = await this.describe(error, signal);
      // A model that reads no images often answers one with a bare 400: the way on is the setting.
      if (described.kind !== 'bad-request' || images === false || !carriesImages(request)) throw described;
      throw new ProviderError(
        'bad-request',
        `${described.message} The request carried images: if this model reads none, untick "Its models read images" for ${this.name} in Settings (images are then described to it in text), or remove them.`,
        described.status,
      );
    }
  }

  private async describe(error: unknown, signal?: AbortSignal): Promise<ProviderError> {
    if (signal?.aborted) return new ProviderError('aborted', 'Stopped.');
    const translated = fromSdkError(error, (await this.access()).baseUrl, await loadSdk(), OPENAI_WORDING);
    if (translated.kind === 'auth')
      return new ProviderError(
        'auth',
        translated.message.replace('Check it in Settings.', `Check ${this.name}'s key in Settings.`),
        translated.status,
      );
    return translated;
  }

  private async client(): Promise<{ client: OpenAI; key: string }> {
    const { baseUrl, apiKey } = await this.access();
    const local = isLoopbackHost(new URL(baseUrl).hostname);
    if (!apiKey && !local)
      throw new ProviderError('no-key', `No API key for ${this.name}: add one in Settings.`);
    const key = `${baseUrl}\u0000${apiKey ?? ''}`;
    if (this.cached?.key !== key) {
      const { default: Sdk } = await loadSdk();
      this.cached = {
        key,
        // OPENAI_CUSTOM_HEADERS would be added to every request: unseen, as the rest of its environment.
        client: unseenBy(
          ['OPENAI_CUSTOM_HEADERS'],
          () =>
            new Sdk({
              apiKey: apiKey ?? LOCAL_PLACEHOLDER_KEY,
              baseURL: baseUrl,
              organization: null,
              project: null,
              adminAPIKey: null,
              webhookSecret: null,
              logLevel: 'off',
              // Failures are shown with a retry the person controls; the chat loop decides what to retry.
              maxRetries: 0,
              timeout: 10 * 60_000,
              fetch: boundedFetch(),
            }),
        ),
      };
    }
    return this.cached;
  }
}

/** Whether a request sends the model any image: one attached, or in a message or a tool's result. */
const carriesImages = (request: ModelTurnRequest): boolean =>
  request.messages.some((m) =>
    m.blocks.some(
      (b) =>
        b.type === 'image' ||
        (b.type === 'file' && b.file.kind === 'image') ||
        (b.type === 'tool_result' && b.result.content.some((c) => c.type === 'image')),
    ),
  );
