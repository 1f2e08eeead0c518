import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '../../../shared/chat/conversation';
import { withCutOffReply } from './cutOffReply';

const conversation = (roles: ChatMessage['role'][], lastError?: Conversation['lastError']): Conversation => ({
  id: 'c',
  title: 't',
  createdAt: 0,
  updatedAt: 0,
  messageCount: roles.length,
  turns: { questions: 0, answers: 0 },
  settings: { maxTokens: 1 },
  messages: roles.map((role, i) => ({ id: `m${i}`, role, blocks: [], at: i })),
  ...(lastError ? { lastError } : {}),
});

describe('withCutOffReply', () => {
  it('says a reply that never finished was cut off, with Retry', () => {
    expect(withCutOffReply(conversation(['user']), false).lastError).toEqual({
      kind: 'interrupted',
      message: 'The reply to your last message did not finish.',
      retryable: true,
    });
  });
  it('says nothing while the reply is being written, after a reply, or over a saved error', () => {
    expect(withCutOffReply(conversation(['user']), true).lastError).toBeUndefined();
    expect(withCutOffReply(conversation(['user', 'assistant']), false).lastError).toBeUndefined();
    expect(withCutOffReply(conversation([]), false).lastError).toBeUndefined();
    const saved = { kind: 'network', message: 'down', retryable: true } as const;
    expect(withCutOffReply(conversation(['user'], saved), false).lastError).toBe(saved);
  });
});
