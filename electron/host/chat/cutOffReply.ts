import type { Conversation } from '../../../shared/chat/conversation';

/**
 * A conversation as saved, with what its file cannot say: one whose last message is the person's,
 * with no reply being written (`running`) and no saved error, was cut off (the app stopped mid-reply)
 * — it says so, and Retry is offered.
 */
export function withCutOffReply<C extends Conversation>(conversation: C, running: boolean): C {
  if (!conversation.lastError && !running && conversation.messages.at(-1)?.role === 'user')
    conversation.lastError = {
      kind: 'interrupted',
      message: 'The reply to your last message did not finish.',
      retryable: true,
    };
  return conversation;
}
