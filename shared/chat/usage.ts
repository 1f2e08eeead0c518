import type { ChatMessage, TokenUsage } from './conversation';

/** Adds usages up (a turn's requests, a conversation's turns). */
export function addUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!a) return b;
  if (!b) return a;
  const sum = (x?: number, y?: number) =>
    x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0);
  const read = sum(a.cacheReadTokens, b.cacheReadTokens);
  const write = sum(a.cacheWriteTokens, b.cacheWriteTokens);
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    ...(read !== undefined ? { cacheReadTokens: read } : {}),
    ...(write !== undefined ? { cacheWriteTokens: write } : {}),
  };
}

/** Every reply's usage in a conversation, added up (undefined when no reply was counted). */
export const conversationUsage = (messages: readonly ChatMessage[]): TokenUsage | undefined =>
  messages.reduce<TokenUsage | undefined>((total, m) => addUsage(total, m.usage), undefined);

const count = (n: number) => n.toLocaleString('en-US');

/** "1,234 in (1,000 from the cache) · 56 out", as a person reads it. */
export function describeUsage(u: TokenUsage): string {
  const cached = [
    u.cacheReadTokens ? `${count(u.cacheReadTokens)} from the cache` : '',
    u.cacheWriteTokens ? `${count(u.cacheWriteTokens)} cached now` : '',
  ].filter(Boolean);
  return `${count(u.inputTokens)} tokens in${cached.length > 0 ? ` (${cached.join(', ')})` : ''} · ${count(u.outputTokens)} out`;
}
