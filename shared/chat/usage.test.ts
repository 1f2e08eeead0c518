import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation';
import { addUsage, conversationUsage, describeUsage } from './usage';

describe('token usage', () => {
  it('adds up replies, cache counts only where some were given, and reads as a person says it', () => {
    expect(addUsage(undefined, { inputTokens: 1, outputTokens: 2 })).toEqual({
      inputTokens: 1,
      outputTokens: 2,
    });
    const messages = [
      { role: 'user', usage: undefined },
      { role: 'assistant', usage: { inputTokens: 1200, outputTokens: 30, cacheWriteTokens: 1000 } },
      { role: 'assistant', usage: { inputTokens: 1300, outputTokens: 40, cacheReadTokens: 1000 } },
      { role: 'assistant' },
    ] as ChatMessage[];
    const total = conversationUsage(messages)!;
    expect(total).toEqual({
      inputTokens: 2500,
      outputTokens: 70,
      cacheReadTokens: 1000,
      cacheWriteTokens: 1000,
    });
    expect(describeUsage(total)).toBe('2,500 tokens in (1,000 from the cache, 1,000 cached now) · 70 out');
    expect(describeUsage({ inputTokens: 12, outputTokens: 7 })).toBe('12 tokens in · 7 out');
    expect(conversationUsage([])).toBeUndefined();
  });
});
