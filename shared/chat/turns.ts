import type { ChatMessage, TurnCount } from './conversation';

/**
 * The person's own message (words, attachments, a prompt's text) — not the tool results the host
 * hands back to the model, which travel as user messages in the API.
 */
export function isOwnMessage(m: ChatMessage): boolean {
  return m.role === 'user' && !m.blocks.every((b) => b.type === 'tool_result');
}

/**
 * Counts one more message: a question, or the reply to the latest unanswered one (a reply's tool
 * steps are several API messages, and one answer). A model's message before any question (a
 * prompt's) answers nothing.
 */
export function countTurn(count: TurnCount, m: ChatMessage): void {
  if (isOwnMessage(m)) count.questions++;
  else if (m.role === 'assistant' && count.answers < count.questions) count.answers++;
}

export function countTurns(messages: readonly ChatMessage[]): TurnCount {
  const count = { questions: 0, answers: 0 };
  for (const m of messages) countTurn(count, m);
  return count;
}

/** "1 question, 1 answer"; "No messages yet". */
export function describeTurns({ questions, answers }: TurnCount): string {
  if (questions === 0 && answers === 0) return 'No messages yet';
  const q = `${questions} question${questions === 1 ? '' : 's'}`;
  return `${q}, ${answers} answer${answers === 1 ? '' : 's'}`;
}
