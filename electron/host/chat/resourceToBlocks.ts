import type { ChatBlock } from '../../../shared/chat/conversation';
import type { ReadResourceResult } from '../../../shared/mcp/protocol';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** A resource attached to a message, as what the model will read: its text, or an image it can see. */
export function resourceToBlocks(read: ReadResourceResult): ChatBlock[] {
  return read.contents.map((c): ChatBlock => {
    if ('text' in c)
      return {
        type: 'text',
        text: `[attached resource ${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}]\n${c.text}`,
      };
    if (c.mimeType && IMAGE_TYPES.has(c.mimeType))
      return { type: 'image', mimeType: c.mimeType, data: c.blob };
    return {
      type: 'text',
      text: `[attached binary resource ${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}, not readable as text]`,
    };
  });
}
