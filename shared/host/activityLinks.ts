import type { ActivityBody } from './activity';

/** The server an entry is about, if it is about one. */
export const serverOf = (e: ActivityBody): string | undefined => ('server' in e ? e.server : undefined);

/** The conversation an entry belongs to: a model's call, an approval given in it, a file sent in it. */
export function conversationOf(e: ActivityBody): string | undefined {
  if (e.kind === 'tool-call') return e.asker.kind === 'model' ? e.asker.conversationId : undefined;
  return e.kind === 'approval' || e.kind === 'attachment' ? e.conversationId : undefined;
}
