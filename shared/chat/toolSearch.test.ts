import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation';
import { revealedTools, SEARCH_OVER_TOOLS, searchApplies, TOOL_SEARCH_NAME } from './toolSearch';

const tool = (name: string, description = 'x') => ({ name, description, inputSchema: { type: 'object' } });

describe('when the model searches the tools instead of receiving them', () => {
  it('auto: past 40 tools or about 10,000 tokens; always; off', () => {
    const few = Array.from({ length: SEARCH_OVER_TOOLS }, (_, i) => tool(`s__t${i}`));
    expect(searchApplies(few, undefined)).toBe(false);
    expect(searchApplies([...few, tool('s__one_more')], 'auto')).toBe(true);
    // Few tools, but long ones.
    expect(searchApplies([tool('s__huge', 'd'.repeat(41_000))], undefined)).toBe(true);
    expect(searchApplies(few.slice(0, 2), 'always')).toBe(true);
    expect(searchApplies([], 'always')).toBe(false);
    expect(searchApplies([...few, ...few], 'off')).toBe(false);
  });

  it('what earlier searches found, in the order found; a failed search, another tool’s result and junk reveal nothing', () => {
    const at = 0;
    const search = (id: string, tools: unknown, isError = false): ChatMessage[] => [
      {
        id: `a${id}`,
        role: 'assistant',
        blocks: [{ type: 'tool_use', id, name: TOOL_SEARCH_NAME, input: {} }],
        at,
      },
      {
        id: `u${id}`,
        role: 'user',
        blocks: [
          {
            type: 'tool_result',
            toolUseId: id,
            result: { content: [], structuredContent: { tools }, ...(isError ? { isError } : {}) },
          },
        ],
        at,
      },
    ];
    const other: ChatMessage[] = [
      { id: 'ax', role: 'assistant', blocks: [{ type: 'tool_use', id: 'x', name: 'a__b', input: {} }], at },
      {
        id: 'ux',
        role: 'user',
        blocks: [
          {
            type: 'tool_result',
            toolUseId: 'x',
            result: { content: [], structuredContent: { tools: ['a__evil'] } },
          },
        ],
        at,
      },
    ];
    const messages = [
      ...search('s1', ['w__get', 'w__list']),
      ...other,
      ...search('s2', ['c__archive', 'w__get', 7]),
      ...search('s3', ['nope__failed'], true),
      ...search('s4', 'not a list'),
    ];
    expect([...revealedTools(messages)]).toEqual(['w__get', 'w__list', 'c__archive']);
  });
});
