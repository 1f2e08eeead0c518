import type { CallToolResult, Progress } from '../mcp/protocol';

/** One piece of a chat message, close to the Messages API's blocks. */
export type ChatBlock =
  /** `attachment`: the text is a resource the person attached (shown folded; kept when the message is edited). */
  | { type: 'text'; text: string; attachment?: { server: string; uri: string } }
  | { type: 'image'; mimeType: string; data: string; attachment?: { server: string; uri: string } }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; toolUseId: string; result: CallToolResult };

/** What happened to one tool call, for its card: who ran it, what was decided, how long it took. */
export interface ToolCallRecord {
  toolUseId: string;
  /** The catalog name the model used. */
  name: string;
  server?: string;
  tool?: string;
  argumentsJson: string;
  decision: 'allowed' | 'refused' | 'failed';
  reason?: string;
  startedAt: number;
  endedAt: number;
  /** The call's View (MCP Apps): shown in its card again whenever the conversation is opened. */
  view?: { resourceUri: string };
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  blocks: ChatBlock[];
  at: number;
  /** Assistant messages: the model that wrote it and why it stopped. */
  model?: string;
  stopReason?: string;
  /** User messages that carry tool results: the record of each call. */
  toolCalls?: ToolCallRecord[];
}

export interface ConversationSettings {
  model?: string;
  system?: string;
  maxTokens: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
}

export interface Conversation extends ConversationSummary {
  settings: ConversationSettings;
  messages: ChatMessage[];
  /** The last turn failed (or never finished) and nothing was said since: offered again with Retry. */
  lastError?: ChatError;
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
  | { conversationId: string; kind: 'finished'; stopped: boolean };

export interface ChatError {
  message: string;
  kind: string;
  retryable: boolean;
  retryAfterMs?: number;
}

export const DEFAULT_MAX_TOKENS = 4096;
