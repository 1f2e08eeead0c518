import { describe, expect, it } from 'vitest';
import { contextWindowOf, estimateRequestTokens, latestOwnMessage, withoutOldToolResults } from './context';
import type { ChatMessage } from './conversation';

const say = (
  id: string,
  role: 'user' | 'assistant',
  text: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  role,
  blocks: [{ type: 'text', text }],
  at: 0,
  ...extra,
});
const results = (id: string, text: string): ChatMessage => ({
  id,
  role: 'user',
  blocks: [
    {
      type: 'tool_result',
      toolUseId: `t-${id}`,
      result: { content: [{ type: 'text', text }], isError: true },
    },
  ],
  at: 0,
});

describe('fitting the context', () => {
  const history: ChatMessage[] = [
    say('1', 'user', 'first'),
    { id: '2', role: 'assistant', blocks: [{ type: 'tool_use', id: 't-3', name: 'x', input: {} }], at: 0 },
    results('3', 'a'.repeat(4000)),
    say('4', 'assistant', 'done', { usage: { inputTokens: 1500, outputTokens: 20 } }),
    say('5', 'user', 'second'),
    { id: '6', role: 'assistant', blocks: [{ type: 'tool_use', id: 't-7', name: 'x', input: {} }], at: 0 },
    results('7', 'b'.repeat(40)),
  ];

  it('windows only where published; the estimate starts from the last counted request', () => {
    expect(contextWindowOf('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(contextWindowOf('gpt-4.1-mini')).toBe(1_047_576);
    expect(contextWindowOf('llama-4-local')).toBeUndefined();
    const after = Math.ceil(JSON.stringify(history.slice(4).map((m) => m.blocks)).length / 4);
    expect(estimateRequestTokens(history, { tools: [] })).toBe(1520 + after);
    expect(estimateRequestTokens(history.slice(0, 3), 'x'.repeat(400))).toBeGreaterThan(1000);
    // A count made before old tool results were left out no longer holds: all of it is estimated
    // as it will be sent (found by a review: the check said "too long" again after leaving them out).
    const compacted = withoutOldToolResults(history, '5');
    const whole = Math.ceil(JSON.stringify(compacted.map((m) => m.blocks)).length / 4);
    expect(estimateRequestTokens(compacted, '', '5')).toBe(whole + 1);
    expect(whole).toBeLessThan(200);
  });

  it('attached files count for what they take of the context, not for their reference', () => {
    const file = (kind: 'image' | 'pdf' | 'text', size: number, pages?: number): ChatMessage => ({
      id: kind,
      role: 'user',
      blocks: [
        {
          type: 'file',
          file: {
            sha256: 'a'.repeat(64),
            name: `f.${kind}`,
            mediaType: 'x',
            size,
            kind,
            ...(pages ? { pages } : {}),
          },
        },
      ],
      at: 0,
    });
    const reference = estimateRequestTokens([file('text', 0)], '');
    expect(estimateRequestTokens([file('pdf', 900_000, 40)], '') - reference).toBeGreaterThanOrEqual(100_000);
    // Besides the reference's few more characters of JSON (its size written out, its kind).
    const image = estimateRequestTokens([file('image', 3_000_000)], '') - reference;
    const text = estimateRequestTokens([file('text', 400_000)], '') - reference;
    expect([image >= 1600 && image < 1605, text >= 100_000 && text < 100_005]).toEqual([true, true]);
  });

  it('old tool results become a line saying so (errors stay errors); this turn’s are kept; nothing else changes', () => {
    const cut = latestOwnMessage(history);
    expect(cut).toBe('5');
    const sent = withoutOldToolResults(history, cut);
    expect(sent[2]!.blocks[0]).toEqual({
      type: 'tool_result',
      toolUseId: 't-3',
      result: {
        content: [
          {
            type: 'text',
            text: expect.stringMatching(
              /^\[This earlier tool result \(about 1,0\d\d tokens\) was left out to fit the model's context\.\]$/,
            ),
          },
        ],
        isError: true,
      },
    });
    expect(sent[6]).toBe(history[6]);
    expect(sent.filter((m, i) => m !== history[i])).toHaveLength(1);
    expect(withoutOldToolResults(history, undefined)).toEqual(history);
  });
});
