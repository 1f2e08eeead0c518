import type { ChatMessage, ConversationSettings } from '../../../shared/chat/conversation';
import { isOwnMessage } from '../../../shared/chat/turns';
import type { ModelTurnRequest } from '../../llm/modelProvider';
import { isModelReply } from './titleDecision';

/**
 * The whole of what the model is told: a title request carries nothing of the conversation's own
 * settings (its system prompt, its tools), only this and the exchange to name.
 */
export const TITLE_INSTRUCTION =
  'Write a title for the conversation below, for a list of conversations: 2 to 6 words, in the language of the conversation, naming what it is about. Answer with the title alone, on one line: no quotes, no markdown, no full stop.';

/** A title is a few words: the answer is cut off well past one. */
export const TITLE_MAX_TOKENS = 64;
/** A reasoning model spends its budget thinking before it writes: room for a little of that. */
const REASONING_MAX_TOKENS = 1024;
/** Of each message this many characters are sent, and of the whole exchange this many. */
const PER_MESSAGE = 1500;
const WHOLE = 4000;

/**
 * The first exchange, from a conversation's opening (its first messages) and its last message: what
 * came before the model's first reply, that reply, and — when the turn went on through tool steps —
 * the reply it ended with.
 */
export function firstExchange(opening: readonly ChatMessage[], last: ChatMessage | undefined): ChatMessage[] {
  const first = opening.findIndex(isModelReply);
  const exchange = opening.slice(0, first + 1);
  if (last && isModelReply(last) && !exchange.some((m) => m.id === last.id)) exchange.push(last);
  return exchange;
}

/** A resource's name from its address: its last path segment, short. */
const nameOf = (uri: string) =>
  (
    uri
      .replace(/[?#].*$/, '')
      .split('/')
      .filter(Boolean)
      .at(-1) ?? uri
  ).slice(0, 80);

/**
 * One message as text: the words; what was attached by name only (never its contents); a tool the
 * model used by name (never its input or result).
 */
function messageText(m: ChatMessage): string {
  const parts: string[] = [];
  for (const b of m.blocks) {
    if (b.type === 'text') parts.push(b.attachment ? `[attached: ${nameOf(b.attachment.uri)}]` : b.text);
    else if (b.type === 'image')
      parts.push(b.attachment ? `[attached image: ${nameOf(b.attachment.uri)}]` : '[an image]');
    else if (b.type === 'file') parts.push(`[attached file: ${b.file.name}]`);
    else if (b.type === 'tool_use') parts.push(`[used the tool ${b.name}]`);
  }
  const text = parts.join('\n').trim();
  return text.length > PER_MESSAGE ? `${text.slice(0, PER_MESSAGE)}…` : text;
}

/** The exchange as a transcript: each message the person wrote and the model replied, as text, bounded. */
export function exchangeText(messages: readonly ChatMessage[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    // Tool results go back to the model as the person's messages: they are not what anyone said.
    if (m.role === 'user' && !isOwnMessage(m)) continue;
    const text = messageText(m);
    if (text) lines.push(`${m.role === 'user' ? 'Person' : 'Assistant'}: ${text}`);
  }
  const all = lines.join('\n\n');
  return all.length > WHOLE ? `${all.slice(0, WHOLE)}…` : all;
}

/**
 * The one short request for a title: to the conversation's own model, without tools, its system
 * prompt or thinking, the exchange as one message of text.
 */
export function titleRequest(
  exchange: readonly ChatMessage[],
  model: string,
  settings: Pick<ConversationSettings, 'maxTokens' | 'reasoningEffort'>,
): ModelTurnRequest {
  const room = settings.reasoningEffort ? REASONING_MAX_TOKENS : TITLE_MAX_TOKENS;
  return {
    model,
    system: TITLE_INSTRUCTION,
    maxTokens: Math.min(room, settings.maxTokens),
    // A model that reasons is asked to reason little (one that does not must not be sent it at all).
    ...(settings.reasoningEffort ? { reasoningEffort: 'low' as const } : {}),
    messages: [
      {
        role: 'user',
        blocks: [{ type: 'text', text: `<conversation>\n${exchangeText(exchange)}\n</conversation>` }],
      },
    ],
    tools: [],
  };
}
