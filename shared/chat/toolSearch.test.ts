import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation';
import {
  revealedTools,
  SEARCH_OVER_TOOLS,
  searchApplies,
  TOOL_SEARCH_NAME,
  toolsSentWhole,
} from './toolSearch';

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

  it('with the provider’s own search: sent whole only what the history names and no provider search found', () => {
    const at = 0;
    const messages: ChatMessage[] = [
      // Called before search began, and found by the host's search under another provider.
      {
        id: 'a1',
        role: 'assistant',
        blocks: [{ type: 'tool_use', id: 'u1', name: 'old__tool', input: {} }],
        at,
      },
      {
        id: 'a2',
        role: 'assistant',
        blocks: [{ type: 'tool_use', id: 's1', name: TOOL_SEARCH_NAME, input: {} }],
        at,
      },
      {
        id: 'r2',
        role: 'user',
        blocks: [
          {
            type: 'tool_result',
            toolUseId: 's1',
            result: { content: [], structuredContent: { tools: ['host__found'] } },
          },
        ],
        at,
      },
      // Found by the provider's search, then called: the API loads it from its own reference.
      {
        id: 'a3',
        role: 'assistant',
        blocks: [
          { type: 'tool_search', id: 'srv1', query: 'q', found: ['api__found', 'api__other'] },
          { type: 'tool_use', id: 'u3', name: 'api__found', input: {} },
        ],
        at,
      },
    ];
    expect([...toolsSentWhole(messages)].sort()).toEqual(['host__found', 'old__tool']);
    // And under a provider without its own search, the provider's finds are offered like the host's.
    expect([...revealedTools(messages)]).toEqual(['host__found', 'api__found', 'api__other']);
  });
});
