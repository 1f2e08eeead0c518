import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation';
import { conversationCost, costOf, describeCost, PRICES, priceOf } from './prices';

describe('cost estimates from the dated price table', () => {
  it('matches the longest prefix, dated snapshots included; an unlisted model has no price', () => {
    expect(priceOf('gpt-5.5-pro-2026-05-01')?.prefix).toBe('gpt-5.5-pro');
    expect(priceOf('gpt-5.5')?.prefix).toBe('gpt-5.5');
    expect(priceOf('gpt-4.1-mini-2025-04-14')?.prefix).toBe('gpt-4.1-mini');
    expect(priceOf('gpt-4.1-nano')?.prefix).toBe('gpt-4.1-nano');
    expect(priceOf('claude-sonnet-4-5-20250929')?.prefix).toBe('claude-sonnet-4-5');
    expect(priceOf('claude-sonnet-4-20250514')?.prefix).toBe('claude-sonnet-4-2025');
    expect(priceOf('llama-4-local')).toBeUndefined();
    expect(priceOf(undefined)).toBeUndefined();
    for (const p of PRICES) expect(p.source).not.toBe('');
  });

  it('cache reads and writes at their own rates, the rest at the input rate', () => {
    // 10,000 in (8,000 from the cache, 1,000 written), 500 out on Sonnet 4.5:
    // 1,000 × $3 + 8,000 × $0.30 + 1,000 × $3.75 + 500 × $15, per million.
    const cost = costOf(
      { inputTokens: 10_000, outputTokens: 500, cacheReadTokens: 8_000, cacheWriteTokens: 1_000 },
      'claude-sonnet-4-5',
    )!;
    expect(cost).toBeCloseTo((3_000 + 2_400 + 3_750 + 7_500) / 1_000_000, 12);
    expect(costOf({ inputTokens: 1, outputTokens: 1 }, 'mystery')).toBeUndefined();
    expect(describeCost(0.000_27)).toBe('$0.00027');
    expect(describeCost(1.374)).toBe('$1.37');
    expect(describeCost(0)).toBe('$0.00');
  });

  it('a conversation adds up what it can price and says when some replies could not be', () => {
    const messages = [
      { role: 'assistant', model: 'gpt-5.5', usage: { inputTokens: 1_000_000, outputTokens: 0 } },
      { role: 'assistant', model: 'llama-4-local', usage: { inputTokens: 5, outputTokens: 5 } },
      { role: 'user' },
    ] as ChatMessage[];
    expect(conversationCost(messages)).toEqual({ dollars: 5, unpriced: true });
  });
});
