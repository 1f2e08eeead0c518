import type { ConversationView } from '../../shared/ipc/chatContract';

/** A conversation as the window holds it, for component tests: empty, every message loaded, unless told. */
export function conversationView(id: string, over: Partial<ConversationView> = {}): ConversationView {
  const messages = over.messages ?? [];
  return {
    id,
    title: id,
    createdAt: 0,
    updatedAt: 0,
    messageCount: messages.length,
    turns: { questions: 0, answers: 0 },
    settings: { maxTokens: 1024 },
    messages,
    replying: false,
    from: 0,
    earlier: { dollars: 0, unpriced: false },
    ...over,
  };
}
