import type { CallToolResult, Progress } from '../mcp/protocol';
import type { AttachedFile } from './attachedFile';
import type { LeaveOut } from './toolBudget';

/** One piece of a chat message, close to the Messages API's blocks. */
export type ChatBlock =
  /** `attachment`: the text is a resource the person attached (shown folded; kept when the message is edited). */
  | { type: 'text'; text: string; attachment?: { server: string; uri: string } }
  | { type: 'image'; mimeType: string; data: string; attachment?: { server: string; uri: string } }
  /** A file the person attached: only its reference — the host keeps the bytes once, by their hash. */
  | { type: 'file'; file: AttachedFile }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  /**
   * The model's reasoning, where it shows it: kept as the API gave it (Anthropic wants it back,
   * signature and all, while a tool use goes on; `redacted`: encrypted by the provider, not shown).
   */
  | { type: 'thinking'; text: string; signature?: string; redacted?: string }
  /**
   * A tool search the provider ran itself (Anthropic's tool_search_tool_bm25, over the tools sent
   * with defer_loading): what the model searched for and the tools found — which the API loads, and
   * which the conversation offers from then on. Kept to be sent back to that API as it wrote it.
   */
  | { type: 'tool_search'; id: string; query: string; found?: string[]; error?: string }
  | { type: 'tool_result'; toolUseId: string; result: CallToolResult };

/** What happened to one tool call, for its card: who ran it, what was decided, how long it took. */
export interface ToolCallRecord {
  toolUseId: string;
  /** The catalog name the model used. */
  name: string;
  server?: string;
  tool?: string;
  argumentsJson: string;
  /** `stopped`: sent, then cancelled (Cancel, Stop) before it answered — not a failure of the tool. */
  decision: 'allowed' | 'refused' | 'failed' | 'stopped';
  reason?: string;
  startedAt: number;
  endedAt: number;
  /**
   * The call's View (MCP Apps): shown in its card again whenever the conversation is opened —
   * only by the server that made the call (`server`: its identity then, a hash of its command or
   * address; absent in conversations kept before it was recorded).
   */
  view?: { resourceUri: string; server?: string };
}

/** What one model request cost in tokens, as the API counted them. */
export interface TokenUsage {
  /** Input tokens, cached ones included. */
  inputTokens: number;
  outputTokens: number;
  /** Of the input, read from the provider's prompt cache. */
  cacheReadTokens?: number;
  /** Of the input, written to the provider's prompt cache (Anthropic). */
  cacheWriteTokens?: number;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  blocks: ChatBlock[];
  at: number;
  /** Assistant messages: the model that wrote it and why it stopped. */
  model?: string;
  stopReason?: string;
  /** Assistant messages: the tokens the request that wrote it took and gave. */
  usage?: TokenUsage;
  /** User messages that carry tool results: the record of each call. */
  toolCalls?: ToolCallRecord[];
}

/** The `reasoning_effort` values every OpenAI-compatible reasoning model takes. */
export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export interface ConversationSettings {
  /** The provider's id (Settings); absent: the default provider at the time of the turn. */
  provider?: string;
  model?: string;
  system?: string;
  maxTokens: number;
  /** Anthropic's extended thinking: tokens the model may think with before it answers (below maxTokens). */
  thinkingBudget?: number;
  /** OpenAI-compatible reasoning models: how hard to think (`reasoning_effort`); absent: not sent. */
  reasoningEffort?: ReasoningEffort;
  /**
   * Tool results before this message are sent as a line saying they were left out (to fit the
   * model's context); the conversation keeps them.
   */
  compactBefore?: string;
  /** Servers and tools this conversation does not offer the model (chosen when they were too many). */
  leaveOut?: LeaveOut;
}

/** A conversation's length as a person counts it: their questions and the replies to them (shared/chat/turns). */
export interface TurnCount {
  questions: number;
  answers: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** Messages as the API has them (tool steps included). */
  messageCount: number;
  /** As a person counts them. */
  turns: TurnCount;
}

export interface Conversation extends ConversationSummary {
  settings: ConversationSettings;
  messages: ChatMessage[];
  /** The last turn failed (or never finished) and nothing was said since: offered again with Retry. */
  lastError?: ChatError;
}

/** What the messages before a page add up to (read without reading them: see ConversationPage). */
export interface EarlierTotals {
  usage?: TokenUsage;
  dollars: number;
  /** Some of those replies came from a model whose price is not known. */
  unpriced: boolean;
}

/**
 * Some of a conversation's messages, as a window reads them: `messages` are the conversation's from
 * position `from` on (the newest, when a conversation opens; older pages are read as it scrolls up).
 */
export interface ConversationPage {
  from: number;
  messages: ChatMessage[];
}

/** What the chat tells the window while a reply is being written. */
export type ChatEvent =
  | { conversationId: string; kind: 'started' }
  | { conversationId: string; kind: 'text'; index: number; text: string }
  | { conversationId: string; kind: 'tool-use'; id: string; name: string }
  | {
      conversationId: string;
      kind: 'tool-progress';
      toolUseId: string;
      /** As the server sent it (the tool runner's progress has the same shape). */
      progress: Progress;
    }
  | { conversationId: string; kind: 'message'; message: ChatMessage }
  /** Messages from `count` on were dropped (edit and resend, regenerate). */
  | { conversationId: string; kind: 'truncated'; count: number }
  | { conversationId: string; kind: 'error'; error: ChatError }
  | { conversationId: string; kind: 'finished'; stopped: boolean }
  /** Something the person should know about the turn that is not an error (said once, as a notice). */
  | { conversationId: string; kind: 'notice'; text: string };

export interface ChatError {
  message: string;
  kind: string;
  retryable: boolean;
  retryAfterMs?: number;
}

/**
 * What the host says of an id it keeps no conversation under: one wording, so the page can tell it
 * from a conversation that is there and cannot be read.
 */
export const noConversation = (id: string): string => `No conversation ${id}`;
export const saysNoConversation = (message: string): boolean => message.startsWith('No conversation ');

export const DEFAULT_MAX_TOKENS = 4096;
/** The longest message the person may send (and so the longest draft kept). */
export const MAX_MESSAGE_CHARS = 200_000;
