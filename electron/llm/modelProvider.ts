import type { ChatBlock, ReasoningEffort, TokenUsage } from '../../shared/chat/conversation';
import type { CreateMessageParams, CreateMessageResult } from '../../shared/mcp/protocol';

/**
 * The seam between the host and a model API. The host speaks only these neutral shapes — the
 * conversation's own blocks, MCP's sampling types, tool specs, stream events — and each provider
 * maps them to its SDK inside its own folder (electron/llm/anthropic/…); no SDK type crosses it.
 */
export interface ModelProvider {
  /** The most tools one request may carry, where the API has a limit. */
  readonly maxTools?: number;
  /**
   * The API searches tools itself: tools sent as `deferredTools` are loaded only when its own search
   * finds them (Anthropic's tool search), so the host offers no search of its own.
   */
  readonly searchesTools?: boolean;
  /** Whether a key is stored for where requests go now (without calling the API). */
  hasKey(): Promise<boolean>;
  /**
   * Which attached files its models are sent as themselves (each provider says what its API reads);
   * what they are not sent is said to them in text, and to the person before sending.
   */
  readsFiles(): Promise<FilesRead>;
  /** The models the API offers (kept a while), or a known list with why the API could not say. */
  listModels(signal?: AbortSignal): Promise<ModelList>;
  /** One reply to a conversation, as it is written. Failures (and Stop) throw a ProviderError. */
  stream(request: ModelTurnRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent>;
  /**
   * Answers a server's sampling request with `model` (maxTokens already capped by the caller); what it
   * cost, where the API says, goes to `onUsage` (MCP's result has no place for it).
   */
  sample(
    params: CreateMessageParams,
    model: string,
    signal?: AbortSignal,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<CreateMessageResult>;
}

/** Where requests go and with which key, read from Settings and the secret store on every call. */
export interface ProviderAccess {
  baseUrl: string;
  apiKey: string | undefined;
  /** Whether its models read images (default yes); when not, images are described in text. */
  images?: boolean;
}

/** The kinds of attached file a provider's models read (text files every model reads, as text). */
export interface FilesRead {
  images: boolean;
  pdfs: boolean;
}

export interface ModelList {
  models: string[];
  source: 'api' | 'fallback';
  /** Why the fallback is used. */
  error?: string;
}

/** A tool the model may use: the name it calls it by, and what it takes. */
export interface ModelToolSpec {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** A message as every provider gets it: the conversation's own blocks. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  blocks: readonly ChatBlock[];
}

export interface ModelTurnRequest {
  model: string;
  system?: string;
  maxTokens: number;
  /** Extended thinking's budget (Anthropic), when the conversation asks for it. */
  thinkingBudget?: number;
  /** How hard a reasoning model thinks (OpenAI-compatible `reasoning_effort`), when asked for. */
  reasoningEffort?: ReasoningEffort;
  messages: readonly ModelMessage[];
  tools: readonly ModelToolSpec[];
  /** Tools the API's own search finds and loads (a provider that `searchesTools`); none loaded up front. */
  deferredTools?: readonly ModelToolSpec[];
  /**
   * The bytes of the files the messages attach, by SHA-256 (read by the host for this request only;
   * a message keeps just the reference). A file missing here is described to the model in text.
   */
  files?: AttachedBytes;
}

/** Attached files' bytes by their SHA-256. */
export type AttachedBytes = ReadonlyMap<string, Uint8Array>;

/**
 * Why the model stopped, in MCP's words (as sampling results carry them); an unknown reason passes
 * through as the API wrote it.
 */
export type StopReason = 'endTurn' | 'toolUse' | 'maxTokens' | 'stopSequence' | (string & {});

/** A reply as it is written: blocks by index, text and tool-input JSON in pieces. */
export type ModelStreamEvent =
  | { type: 'model'; model: string }
  | { type: 'text'; index: number; text: string }
  | { type: 'tool-use'; index: number; id: string; name: string }
  | { type: 'tool-input'; index: number; json: string }
  | { type: 'block-end'; index: number }
  /** The API's own tool search: its query (as tool-input pieces), then what it found or why it failed. */
  | { type: 'search-use'; index: number; id: string }
  | { type: 'search-result'; index: number; toolUseId: string; found?: string[]; error?: string }
  /** Reasoning, in pieces: its text, the signature that closes it, or a redacted block whole. */
  | { type: 'thinking'; index: number; text?: string; signature?: string; redacted?: string }
  | { type: 'stop'; reason: StopReason }
  /** What the request cost, once the API has counted it (before or after `stop`). */
  | { type: 'usage'; usage: TokenUsage };

/** Image types every provider's models read; others are described to the model in text. */
export const MODEL_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
