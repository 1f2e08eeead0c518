import { describe, expect, it } from 'vitest';
import { toToolResultBlock } from './anthropicContent';

describe('tool results for the model', () => {
  it('structuredContent is not sent twice when a text block already carries it', () => {
    const block = toToolResultBlock('t1', {
      content: [{ type: 'text', text: '{ "temperature": 21,\n  "unit": "C" }' }],
      structuredContent: { unit: 'C', temperature: 21 },
    });
    expect(block.content).toEqual([{ type: 'text', text: '{ "temperature": 21,\n  "unit": "C" }' }]);
  });

  it('structuredContent the text does not carry is added as JSON; errors are marked', () => {
    const block = toToolResultBlock('t2', {
      content: [{ type: 'text', text: 'It is warm.' }],
      structuredContent: { temperature: 21 },
      isError: true,
    });
    expect(block).toEqual({
      type: 'tool_result',
      tool_use_id: 't2',
      content: [
        { type: 'text', text: 'It is warm.' },
        { type: 'text', text: '[structuredContent] {"temperature":21}' },
      ],
      is_error: true,
    });
  });
});
