import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './conversation';
import { countTurns, describeTurns } from './turns';

const at = 0;
const said = (role: ChatMessage['role'], text: string): ChatMessage => ({
  id: text,
  role,
  blocks: [{ type: 'text', text }],
  at,
});
const toolStep: ChatMessage[] = [
  { id: 'u', role: 'assistant', blocks: [{ type: 'tool_use', id: 'x', name: 'a__b', input: {} }], at },
  { id: 'r', role: 'user', blocks: [{ type: 'tool_result', toolUseId: 'x', result: { content: [] } }], at },
];

describe('turns as a person counts them', () => {
  it('a question answered after two tool steps is 1 question, 1 answer (6 API messages)', () => {
    const messages = [said('user', 'q'), ...toolStep, ...toolStep, said('assistant', 'a')];
    expect(messages).toHaveLength(6);
    expect(describeTurns(countTurns(messages))).toBe('1 question, 1 answer');
  });

  it('an unanswered question, a prompt’s model turn before any question, and none at all', () => {
    expect(describeTurns(countTurns([said('user', 'q'), said('assistant', 'a'), said('user', 'q2')]))).toBe(
      '2 questions, 1 answer',
    );
    expect(countTurns([said('assistant', 'from a prompt'), said('user', 'q')])).toEqual({
      questions: 1,
      answers: 0,
    });
    expect(describeTurns(countTurns([]))).toBe('No messages yet');
  });
});
