import type { ChatMessage } from '../../../shared/chat/conversation';
import { isOwnMessage } from '../../../shared/chat/turns';
import { NEW_TITLE, titleFrom } from './titleFrom';

/** How a turn ended: with the model's reply, stopped by the person, or with an error. */
export type TurnOutcome = 'replied' | 'stopped' | 'failed';

/** What the decision reads of a conversation, right after one of its turns ended. */
export interface TitleQuestion {
  /** Settings' "Title conversations with the model". */
  enabled: boolean;
  outcome: TurnOutcome;
  title: string;
  /** The person's own messages in the whole conversation (its summary's `turns.questions`). */
  questions: number;
  /** The conversation's first messages: as many as its opening needs, or fewer when it has fewer. */
  opening: readonly ChatMessage[];
}

/** A reply the model wrote (a prompt's assistant messages name no model). */
export const isModelReply = (m: ChatMessage): boolean => m.role === 'assistant' && m.model !== undefined;

/**
 * A conversation begun with a server's prompt is named after it ("/name"): that is the host's name
 * too (a person who renamed theirs to one such word before the first reply has it taken for one).
 */
const PROMPT_TITLE = /^\/\S+$/;

/**
 * Whether the turn that just ended gave the conversation its first reply and the model should now be
 * asked for a title, once: only after a reply (a Stop or an error is no exchange to name), only while
 * the person has written nothing since the model first answered (a later turn is not the first
 * exchange), and only while the conversation has the name the host gave it — "New conversation",
 * its first line, or its prompt's name — so a person's rename is never replaced. Read from what is
 * saved, so it holds after a restart too (a first reply that came after one is titled as well).
 */
export function shouldTitle(q: TitleQuestion): boolean {
  if (!q.enabled || q.outcome !== 'replied') return false;
  const first = q.opening.findIndex(isModelReply);
  // No reply yet, or an opening longer than what was read: nothing to title from.
  if (first < 0) return false;
  const before = q.opening.slice(0, first);
  if (before.filter(isOwnMessage).length !== q.questions) return false;
  return isHostTitle(q.title, before);
}

/** Whether `title` is one the host gave the conversation whose opening is `before` (not the person). */
export function isHostTitle(title: string, before: readonly ChatMessage[]): boolean {
  if (title === NEW_TITLE || PROMPT_TITLE.test(title)) return true;
  const words = before
    .find(isOwnMessage)
    ?.blocks.find((b) => b.type === 'text' && !b.attachment && b.text.trim() !== '');
  // Named as `send` names a conversation: after the first line of the person's own words.
  return words?.type === 'text' && title === titleFrom(words.text.trim().split('\n')[0]!);
}
