/**
 * Whether `id` could name a conversation: an RFC 9562 UUID, as the contract's `conversationId` schema
 * (zod's `uuid()`) accepts it. Written out here, not asked of the schema, so the page can check an
 * address at start without loading zod; isConversationId.test.ts holds the two to the same answers.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const isConversationId = (id: string): boolean => UUID.test(id);
