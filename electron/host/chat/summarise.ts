import { randomUUID } from 'node:crypto';
import { withoutOldToolResults } from '../../../shared/chat/context';
import type { ChatMessage, Conversation } from '../../../shared/chat/conversation';
import { streamWithin } from '../../llm/modelDeadlines';
import type { ModelProvider } from '../../llm/modelProvider';
import { ProviderError } from '../../llm/providerError';

/** The model that writes the summary, as the conversation's settings chose it. */
export interface Summariser {
  provider: ModelProvider;
  model: string;
  /** The provider's name, for what a stalled reply says. */
  name: string;
  /** A summary that sends nothing this long ends with an error, as a reply does. */
  streamIdleMs: number;
}

const ASK =
  'Summarise this conversation so that it can be continued in a new one: what was asked, what was found or decided (with the facts, names and numbers that matter), and what is still open. Write only the summary.';

/**
 * The model's summary of `conversation`, to carry it on in a new one: of all of it (every tool
 * result left out) first; then, while the model says it is too long, of its later half.
 */
export async function summarise(conversation: Conversation, by: Summariser): Promise<string> {
  const { settings, messages } = conversation;
  const ask: ChatMessage = {
    id: randomUUID(),
    role: 'user',
    blocks: [{ type: 'text', text: ASK }],
    at: Date.now(),
  };
  let history = withoutOldToolResults(messages, messages.at(-1)?.id);
  for (let attempt = 0; ; attempt++) {
    try {
      let text = '';
      const request = {
        model: by.model,
        maxTokens: Math.min(4096, settings.maxTokens),
        messages: [...history, ask],
        tools: [],
        ...(settings.system ? { system: settings.system } : {}),
      };
      for await (const e of streamWithin(
        (s) => by.provider.stream(request, s),
        undefined,
        by.streamIdleMs,
        by.name,
      ))
        if (e.type === 'text') text += e.text;
      if (!text.trim()) throw new ProviderError('server', 'The model wrote no summary.');
      return text.trim();
    } catch (error) {
      if (
        !(error instanceof ProviderError && error.kind === 'too-long') ||
        attempt >= 3 ||
        history.length < 2
      )
        throw error;
      history = history.slice(Math.floor(history.length / 2));
      // Start on the person's own message (never on a tool result without its call).
      while (
        history.length > 1 &&
        (history[0]!.role !== 'user' || history[0]!.blocks.every((b) => b.type === 'tool_result'))
      )
        history = history.slice(1);
    }
  }
}
