import { describe, expect, it } from 'vitest';
import type { ChatBlock, ChatMessage } from '../../../shared/chat/conversation';
import {
  exchangeText,
  firstExchange,
  TITLE_INSTRUCTION,
  TITLE_MAX_TOKENS,
  titleRequest,
} from './titleRequest';

let n = 0;
const message = (role: ChatMessage['role'], blocks: ChatBlock[], model?: string): ChatMessage => ({
  id: `m${++n}`,
  role,
  blocks,
  at: n,
  ...(model ? { model } : {}),
});
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('the title request', () => {
  const question = message('user', [
    {
      type: 'text',
      text: 'SECRET REPORT BODY',
      attachment: { server: 'files', uri: 'file:///home/me/q3-report.txt' },
    },
    {
      type: 'image',
      mimeType: 'image/png',
      data: PNG,
      attachment: { server: 'files', uri: 'file:///home/me/chart.png?v=2' },
    },
    { type: 'text', text: 'Summarise the Q3 report' },
  ]);
  const use = message(
    'assistant',
    [
      { type: 'thinking', text: 'PRIVATE REASONING', signature: 'sig' },
      { type: 'text', text: 'Let me read it.' },
      { type: 'tool_use', id: 'u1', name: 'files__read', input: { path: '/home/me/q3-report.txt' } },
    ],
    'claude-sonnet-5-5',
  );
  const result = message('user', [
    {
      type: 'tool_result',
      toolUseId: 'u1',
      result: { content: [{ type: 'text', text: 'TOOL RESULT BODY' }] },
    },
  ]);
  const answer = message('assistant', [{ type: 'text', text: 'Revenue rose 12%.' }], 'claude-sonnet-5-5');

  it('is the first exchange: what came before the model’s first reply, that reply, and the one the turn ended with', () => {
    expect(firstExchange([question, use, result, answer], answer).map((m) => m.id)).toEqual([
      question.id,
      use.id,
      answer.id,
    ]);
    expect(firstExchange([question, answer], answer).map((m) => m.id)).toEqual([question.id, answer.id]);
  });

  it('is text: attachments by name, tools by name — never an attachment’s bytes, a tool’s input or result, or reasoning', () => {
    const text = exchangeText([question, use, result, answer]);
    expect(text).toBe(
      [
        'Person: [attached: q3-report.txt]\n[attached image: chart.png]\nSummarise the Q3 report',
        'Assistant: Let me read it.\n[used the tool files__read]',
        'Assistant: Revenue rose 12%.',
      ].join('\n\n'),
    );
    for (const never of [
      'SECRET REPORT BODY',
      PNG.slice(0, 20),
      'TOOL RESULT BODY',
      'PRIVATE REASONING',
      '/home/me/q3',
    ])
      expect(text).not.toContain(never);
  });

  it('names an attached file, and carries nothing of it but its name', () => {
    const file = message('user', [
      {
        type: 'file',
        file: {
          sha256: 'c'.repeat(64),
          name: 'budget.xlsx.txt',
          mediaType: 'text/plain',
          size: 9,
          kind: 'text',
        },
      },
      { type: 'text', text: 'Check the totals' },
    ]);
    const text = exchangeText([file, answer]);
    expect(text).toBe(
      'Person: [attached file: budget.xlsx.txt]\nCheck the totals\n\nAssistant: Revenue rose 12%.',
    );
    expect(text).not.toContain('c'.repeat(64));
  });

  it('is bounded, however long the messages', () => {
    const long = message('user', [{ type: 'text', text: 'word '.repeat(10_000) }]);
    const longer = message('assistant', [{ type: 'text', text: 'x'.repeat(50_000) }], 'm');
    const text = exchangeText([long, longer, long, longer]);
    expect(text.length).toBeLessThanOrEqual(4001);
    expect(exchangeText([long]).length).toBeLessThanOrEqual(1510);
  });

  it('goes to the conversation’s model with the instruction, no tools, a small max_tokens, one message', () => {
    const request = titleRequest([question, answer], 'claude-haiku-5-5', { maxTokens: 4096 });
    expect(request).toEqual({
      model: 'claude-haiku-5-5',
      system: TITLE_INSTRUCTION,
      maxTokens: TITLE_MAX_TOKENS,
      messages: [
        {
          role: 'user',
          blocks: [{ type: 'text', text: expect.stringContaining('Summarise the Q3 report') }],
        },
      ],
      tools: [],
    });
    // Nothing of the conversation's thinking; a conversation allowing fewer tokens keeps to them.
    expect(titleRequest([question, answer], 'm', { maxTokens: 20 }).maxTokens).toBe(20);
  });

  it('asks a reasoning model to reason little, with room to', () => {
    const request = titleRequest([question, answer], 'o5', { maxTokens: 8192, reasoningEffort: 'high' });
    expect(request).toMatchObject({ reasoningEffort: 'low', maxTokens: 1024 });
  });
});
