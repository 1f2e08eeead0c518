// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import {
  type ChatEvent,
  type Conversation,
  type ConversationPage,
  type ConversationSettings,
  type ConversationSummary,
  type EarlierTotals,
  MAX_MESSAGE_CHARS,
  REASONING_EFFORTS,
} from '../chat/conversation';
import { conversationId, providerId, serverId, stringArguments, uri } from './argumentSchemas';
import { fileRef } from './filesContract';

const conversationSettings = z
  .object({
    provider: providerId.optional(),
    model: z.string().min(1).max(256).optional(),
    system: z.string().max(100_000).optional(),
    maxTokens: z.number().int().min(1).max(1_000_000),
    thinkingBudget: z.number().int().min(1024).max(1_000_000).optional(),
    reasoningEffort: z.enum(REASONING_EFFORTS).optional(),
    compactBefore: z.string().min(1).max(100).optional(),
    leaveOut: z
      .object({
        servers: z.array(serverId).max(1000),
        tools: z
          .array(z.object({ server: serverId, tool: z.string().min(1).max(1024) }).strict())
          .max(10_000),
      })
      .strict()
      .optional(),
  })
  .strict() satisfies z.ZodType<ConversationSettings>;

/** Conversations with the model: kept, searched, exported, and each turn asked for. */
export const CHAT_METHODS = {
  listConversations: z.tuple([]),
  /** The conversation with its newest messages (CONVERSATION_PAGE); older ones: getOlderMessages. */
  getConversation: z.tuple([conversationId]),
  /** Up to CONVERSATION_PAGE messages before position `before`, as the list scrolls up. */
  getOlderMessages: z.tuple([conversationId, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
  createConversation: z.tuple([conversationSettings.partial()]),
  renameConversation: z.tuple([conversationId, z.string().min(1).max(200)]),
  deleteConversation: z.tuple([conversationId]),
  /** Every conversation's unsent draft, kept across reloads and launches. */
  listDrafts: z.tuple([]),
  /** What the person is writing in a conversation (blank: none). */
  saveDraft: z.tuple([conversationId, z.string().max(MAX_MESSAGE_CHARS)]),
  setConversationSettings: z.tuple([conversationId, conversationSettings]),
  searchConversations: z.tuple([z.string().max(500)]),
  exportConversation: z.tuple([conversationId, z.enum(['markdown', 'json'])]),
  /** Saves the message (with resources and files attached by reference) and starts the reply. */
  sendMessage: z.tuple([
    conversationId,
    z.string().max(MAX_MESSAGE_CHARS),
    /** `skill: true`: the SKILL.md of a skill to load (verified) into the message. */
    z.array(z.object({ server: serverId, uri, skill: z.literal(true).optional() }).strict()).max(20),
    /** Files uploaded already (finishFileUpload), by their hash; more than the limit is said by the host. */
    z.array(fileRef).max(100),
  ]),
  /** A server's prompt, its messages added to the conversation (then answered if it ends with the person). */
  sendPrompt: z.tuple([
    conversationId,
    serverId,
    z.string().min(1).max(1024),
    stringArguments,
    /** The person's own words, sent with the prompt's messages ('' for none). */
    z.string().max(1_000_000),
  ]),
  stopReply: z.tuple([conversationId]),
  /** Cancels one running tool call of a reply (on its server); the model is told. */
  cancelToolCall: z.tuple([conversationId, z.string().min(1).max(256)]),
  /** Answers again: after an error, or a new version of the last reply. */
  retryReply: z.tuple([conversationId]),
  /** Old tool results are sent as a line saying so from now on (the conversation keeps them); then the reply is asked again. */
  leaveOutOldToolResults: z.tuple([conversationId]),
  /** The model summarises the conversation; a new one with its settings starts with the summary. */
  continueWithSummary: z.tuple([conversationId]),
  editAndResend: z.tuple([
    conversationId,
    z.string().min(1).max(100),
    z.string().min(1).max(MAX_MESSAGE_CHARS),
  ]),
} as const;

/**
 * A conversation as a window holds it: its messages from position `from` on (the newest page when it
 * opens; older pages join as the list scrolls up), what the ones before add up to (`earlier`), and
 * whether a reply is being written now.
 */
export type ConversationView = Conversation & { replying: boolean; from: number; earlier: EarlierTotals };

/** Messages a window reads at a time: the newest when a conversation opens, then older ones. */
export const CONVERSATION_PAGE = 100;

export interface ChatResults {
  listConversations: ConversationSummary[];
  getConversation: ConversationView;
  getOlderMessages: ConversationPage & { earlier: EarlierTotals };
  createConversation: ConversationView;
  renameConversation: void;
  deleteConversation: void;
  listDrafts: Record<string, string>;
  saveDraft: void;
  setConversationSettings: void;
  searchConversations: (ConversationSummary & { snippet: string })[];
  exportConversation: string;
  sendMessage: void;
  sendPrompt: void;
  stopReply: void;
  cancelToolCall: void;
  retryReply: void;
  leaveOutOldToolResults: void;
  continueWithSummary: ConversationView;
  editAndResend: void;
}

export interface ChatEvents {
  chat: ChatEvent;
  conversationsChanged: ConversationSummary[];
}
