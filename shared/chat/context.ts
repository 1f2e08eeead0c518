import type { AttachedFile } from './attachedFile';
import type { ChatMessage } from './conversation';
import { isOwnMessage } from './turns';

/**
 * Models' context windows (tokens), for saying before sending that a conversation no longer fits.
 * Only what the providers publish plainly; a model not here is checked by its API instead (its
 * "too long" answer offers the same ways on).
 */
const WINDOWS: readonly { prefix: string; tokens: number }[] = [
  { prefix: 'claude-', tokens: 200_000 },
  { prefix: 'gpt-4.1', tokens: 1_047_576 },
  { prefix: 'gpt-4o', tokens: 128_000 },
];

export function contextWindowOf(model: string): number | undefined {
  return WINDOWS.filter((w) => model.startsWith(w.prefix)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0]?.tokens;
}

const approxTokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

/**
 * About what an attached file takes of the context, as Anthropic documents it: an image at most
 * about 1,600 tokens, a PDF's page 1,500 to 3,000 (text and the page's image), text a token a 4 bytes.
 */
const fileTokens = (f: AttachedFile): number =>
  f.kind === 'image'
    ? 1600
    : f.kind === 'pdf'
      ? (f.pages ?? Math.ceil(f.size / 50_000)) * 2500
      : Math.ceil(f.size / 4);

/** The messages' blocks as JSON over four characters a token, and their files by what each takes. */
const messagesTokens = (messages: readonly ChatMessage[]): number =>
  approxTokens(messages.map((m) => m.blocks)) +
  messages.reduce(
    (n, m) => n + m.blocks.reduce((k, b) => k + (b.type === 'file' ? fileTokens(b.file) : 0), 0),
    0,
  );

/**
 * About how many tokens the next request carries (`messages` as they will be sent): the last reply's
 * own count (what the API said its request took, plus what it wrote), and an estimate of everything
 * after it; with no count yet — or a count made before old tool results were left out at
 * `compactBefore`, which no longer holds — an estimate of it all. `fixed`: what every request carries
 * besides the messages (system, tools).
 */
export function estimateRequestTokens(
  messages: readonly ChatMessage[],
  fixed: unknown,
  compactBefore?: string,
): number {
  const last = messages.findLastIndex((m) => m.usage !== undefined);
  const cut = compactBefore === undefined ? -1 : messages.findIndex((m) => m.id === compactBefore);
  if (last < 0 || last < cut) return approxTokens(fixed) + messagesTokens(messages);
  const counted = messages[last]!.usage!;
  return counted.inputTokens + counted.outputTokens + messagesTokens(messages.slice(last + 1));
}

/**
 * The history as sent when old tool results are left out: every tool result before message `before`
 * becomes a line saying so (its call and whether it failed kept). The conversation itself keeps them.
 */
export function withoutOldToolResults(
  messages: readonly ChatMessage[],
  before: string | undefined,
): ChatMessage[] {
  const cut = before === undefined ? -1 : messages.findIndex((m) => m.id === before);
  if (cut <= 0) return [...messages];
  return messages.map((m, i) =>
    i >= cut || !m.blocks.some((b) => b.type === 'tool_result')
      ? m
      : {
          ...m,
          blocks: m.blocks.map((b) =>
            b.type !== 'tool_result'
              ? b
              : {
                  ...b,
                  result: {
                    content: [
                      {
                        type: 'text' as const,
                        text: `[This earlier tool result (about ${approxTokens(b.result).toLocaleString('en-US')} tokens) was left out to fit the model's context.]`,
                      },
                    ],
                    ...(b.result.isError ? { isError: true } : {}),
                  },
                },
          ),
        },
  );
}

/** Where "leave out old tool results" cuts: the person's latest own message (this turn keeps its results). */
export function latestOwnMessage(messages: readonly ChatMessage[]): string | undefined {
  return messages.findLast(isOwnMessage)?.id;
}
