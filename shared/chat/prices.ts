import type { ChatMessage, TokenUsage } from './conversation';

/**
 * What models cost, in US dollars per million tokens, for the estimates under each reply. Collected
 * on PRICES_AS_OF from the providers' published price lists (Anthropic's pricing page; OpenAI's, as
 * quoted with its date by the write-ups named in `source`) — prices change: a model not here, or
 * newer than this table, shows no estimate rather than a guess. Matched by the longest prefix of the
 * model id the API reported (so dated snapshots match their family).
 */
export const PRICES_AS_OF = '2026-06-21';

export interface ModelPrice {
  /** A model id, or the start of one. */
  prefix: string;
  input: number;
  output: number;
  /** Input read from the prompt cache. */
  cacheRead?: number;
  /** Input written to the prompt cache (Anthropic, 5-minute cache). */
  cacheWrite?: number;
  source: string;
}

const ANTHROPIC_PAGE = 'docs.anthropic.com/en/docs/about-claude/pricing';
const SONNET_TIER =
  'Sonnet tier as published for Sonnet 4.5 and 4.6 (apidog.com, crazyrouter.com, April 2026)';
const OPENAI_JUNE = 'openai.com pricing as quoted by morphllm.com, June 2026';
const OPENAI_CHECKED = 'openai.com model pricing as quoted by tokenmath.io, checked 2026-06-21';
const OPENAI_MARCH = 'openai.com pricing as quoted by deploybase.ai, March 2026';

/** Opus 4 and Sonnet 4 go by dated ids (claude-opus-4-20250514) and by their -0 aliases. */
export const PRICES: readonly ModelPrice[] = [
  {
    prefix: 'claude-opus-4-0',
    input: 15,
    cacheWrite: 18.75,
    cacheRead: 1.5,
    output: 75,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-sonnet-4-0',
    input: 3,
    cacheWrite: 3.75,
    cacheRead: 0.3,
    output: 15,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-opus-4-1',
    input: 15,
    cacheWrite: 18.75,
    cacheRead: 1.5,
    output: 75,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-opus-4-2025',
    input: 15,
    cacheWrite: 18.75,
    cacheRead: 1.5,
    output: 75,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-sonnet-4-6',
    input: 3,
    cacheWrite: 3.75,
    cacheRead: 0.3,
    output: 15,
    source: SONNET_TIER,
  },
  {
    prefix: 'claude-sonnet-4-5',
    input: 3,
    cacheWrite: 3.75,
    cacheRead: 0.3,
    output: 15,
    source: SONNET_TIER,
  },
  {
    prefix: 'claude-sonnet-4-2025',
    input: 3,
    cacheWrite: 3.75,
    cacheRead: 0.3,
    output: 15,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-3-7-sonnet',
    input: 3,
    cacheWrite: 3.75,
    cacheRead: 0.3,
    output: 15,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-3-5-haiku',
    input: 0.8,
    cacheWrite: 1,
    cacheRead: 0.08,
    output: 4,
    source: ANTHROPIC_PAGE,
  },
  {
    prefix: 'claude-3-haiku',
    input: 0.25,
    cacheWrite: 0.3,
    cacheRead: 0.03,
    output: 1.25,
    source: ANTHROPIC_PAGE,
  },
  { prefix: 'gpt-5.5-pro', input: 30, output: 180, source: OPENAI_JUNE },
  { prefix: 'gpt-5.5', input: 5, cacheRead: 0.5, output: 30, source: OPENAI_JUNE },
  { prefix: 'gpt-5.4-pro', input: 30, output: 180, source: OPENAI_JUNE },
  { prefix: 'gpt-5.4-mini', input: 0.75, cacheRead: 0.075, output: 4.5, source: OPENAI_JUNE },
  { prefix: 'gpt-5.4-nano', input: 0.2, cacheRead: 0.02, output: 1.25, source: OPENAI_JUNE },
  { prefix: 'gpt-5.4', input: 2.5, cacheRead: 0.25, output: 15, source: OPENAI_JUNE },
  { prefix: 'gpt-4.1-mini', input: 0.4, output: 1.6, source: OPENAI_CHECKED },
  { prefix: 'gpt-4.1-nano', input: 0.1, output: 0.4, source: OPENAI_MARCH },
  { prefix: 'gpt-4.1', input: 2, output: 8, source: OPENAI_CHECKED },
];

/** The price of `model`, by the longest listed prefix of its id; undefined when not listed. */
export function priceOf(model: string | undefined): ModelPrice | undefined {
  if (!model) return undefined;
  return PRICES.filter((p) => model.startsWith(p.prefix)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
}

/** What a request cost, in dollars, at `model`'s listed price; undefined when its price is not known. */
export function costOf(usage: TokenUsage, model: string | undefined): number | undefined {
  const price = priceOf(model);
  if (!price) return undefined;
  const read = usage.cacheReadTokens ?? 0;
  const write = usage.cacheWriteTokens ?? 0;
  const uncached = Math.max(0, usage.inputTokens - read - write);
  return (
    (uncached * price.input +
      read * (price.cacheRead ?? price.input) +
      write * (price.cacheWrite ?? price.input) +
      usage.outputTokens * price.output) /
    1_000_000
  );
}

/** A conversation's cost so far: every reply whose model's price is known, and whether some were not. */
export function conversationCost(messages: readonly ChatMessage[]): { dollars: number; unpriced: boolean } {
  let dollars = 0;
  let unpriced = false;
  for (const m of messages) {
    if (!m.usage) continue;
    const cost = costOf(m.usage, m.model);
    if (cost === undefined) unpriced = true;
    else dollars += cost;
  }
  return { dollars, unpriced };
}

/** "$0.0042", "$1.37": two significant figures under a cent, cents above. */
export const describeCost = (dollars: number): string =>
  dollars > 0 && dollars < 0.01 ? `$${Number(dollars.toPrecision(2))}` : `$${dollars.toFixed(2)}`;
