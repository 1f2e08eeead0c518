import type { Conversation } from '../../../shared/chat/conversation';
import {
  type CHAT_METHODS,
  CONVERSATION_PAGE,
  type ConversationView,
} from '../../../shared/ipc/chatContract';
import type { AreaApi } from '../../../shared/ipc/contract';
import type { HostParts } from '../hostParts';

/** The chat area of the contract: conversations with the model, kept, searched, exported, answered. */
export function chatApi({ chat }: HostParts) {
  return {
    listConversations: () => chat.list(),
    getConversation: async (id) => ({
      ...(await chat.open(id, CONVERSATION_PAGE)),
      replying: chat.isRunning(id),
    }),
    getOlderMessages: (id, before) => chat.older(id, before, CONVERSATION_PAGE),
    createConversation: async (settings) => whole(await chat.create(settings)),
    renameConversation: (id, title) => chat.rename(id, title),
    deleteConversation: (id) => chat.delete(id),
    listDrafts: () => chat.drafts(),
    saveDraft: (id, text) => chat.saveDraft(id, text),
    setConversationSettings: (id, settings) => chat.setSettings(id, settings),
    searchConversations: (query) => chat.search(query),
    exportConversation: (id, format) => chat.export(id, format),
    sendMessage: (id, text, attachments, files) => chat.send(id, text, attachments, files),
    sendPrompt: (id, server, name, args, text) => chat.sendPrompt(id, server, name, args, text),
    cancelToolCall: async (id, toolUseId) => chat.cancelToolCall(id, toolUseId),
    stopReply: async (id) => chat.stop(id),
    retryReply: (id) => chat.retry(id),
    leaveOutOldToolResults: (id) => chat.leaveOutOldToolResults(id),
    continueWithSummary: async (id) => whole(await chat.continueWithSummary(id)),
    editAndResend: (id, messageId, text) => chat.editAndResend(id, messageId, text),
  } satisfies AreaApi<typeof CHAT_METHODS>;
}

/** A conversation just made, every message in it, no reply being written. */
const whole = (c: Conversation): ConversationView => ({
  ...c,
  replying: false,
  from: 0,
  earlier: { dollars: 0, unpriced: false },
});
