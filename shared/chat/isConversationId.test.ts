import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { conversationId } from '../ipc/argumentSchemas';
import { isConversationId } from './isConversationId';

describe('isConversationId', () => {
  const ids = [
    randomUUID(),
    randomUUID().toUpperCase(),
    '01890a5d-ac96-774b-bcce-b302099a8057', // v7
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ];
  const notIds = [
    '',
    'abc',
    '123e4567-e89b-02d3-a456-426614174000', // version 0
    '123e4567-e89b-92d3-a456-426614174000', // version 9
    '123e4567-e89b-42d3-c456-426614174000', // variant c
    '123e4567e89b42d3a456426614174000', // no dashes
    `{${randomUUID()}}`,
    `${randomUUID()}\n`,
    `${randomUUID()}0`,
    '123e4567-e89b-42d3-a456-42661417400g',
  ];

  it('accepts what the contract accepts and refuses what it refuses', () => {
    for (const id of ids) {
      expect(isConversationId(id), id).toBe(true);
      expect(conversationId.safeParse(id).success, id).toBe(true);
    }
    for (const id of notIds) {
      expect(isConversationId(id), id).toBe(false);
      expect(conversationId.safeParse(id).success, id).toBe(false);
    }
  });
});
