import { randomUUID } from 'node:crypto';
import type { ChatBlock, ChatMessage } from '../../../shared/chat/conversation';
import type { ContentBlock, GetPromptResult, ReadResourceResult } from '../../../shared/mcp/protocol';
import { MODEL_IMAGE_TYPES } from '../../llm/modelProvider';
import type { LoadedSkill } from '../../mcp';

/** A resource attached to a message, as what the model will read: its text, or an image it can see. */
export function resourceToBlocks(read: ReadResourceResult): ChatBlock[] {
  return read.contents.map((c): ChatBlock => {
    if ('text' in c)
      return {
        type: 'text',
        text: `[attached resource ${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}]\n${c.text}`,
      };
    if (c.mimeType && MODEL_IMAGE_TYPES.has(c.mimeType))
      return { type: 'image', mimeType: c.mimeType, data: c.blob };
    return {
      type: 'text',
      text: `[attached binary resource ${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}, not readable as text]`,
    };
  });
}

/**
 * A loaded skill as what the model reads: its SKILL.md, then each other file, each saying where it
 * came from and that it matched its published digest. Files that are not text are named, not sent.
 */
export function skillToBlocks(server: string, skill: LoadedSkill): ChatBlock[] {
  const name = skill.entry.frontmatter.name;
  const dir = skill.entry.uri.slice(0, -'SKILL.md'.length);
  return skill.files.map((f): ChatBlock => {
    const path = f.uri.startsWith(dir) ? f.uri.slice(dir.length) : f.uri;
    const head = `[skill ${name} from ${server}: ${path}${f.mimeType ? ` (${f.mimeType})` : ''}, ${f.bytes} bytes, sha256 verified]`;
    return {
      type: 'text',
      text: f.text !== undefined ? `${head}\n${f.text}` : `${head}\n(binary: not readable as text)`,
      attachment: { server, uri: f.uri },
    };
  });
}

/** One prompt content block as chat blocks (images the model reads stay images; the rest is text). */
function contentToBlocks(c: ContentBlock): ChatBlock[] {
  switch (c.type) {
    case 'text':
      return [{ type: 'text', text: c.text }];
    case 'image':
      return MODEL_IMAGE_TYPES.has(c.mimeType)
        ? [{ type: 'image', mimeType: c.mimeType, data: c.data }]
        : [{ type: 'text', text: `[image of type ${c.mimeType}, not a type the model reads]` }];
    case 'audio':
      return [{ type: 'text', text: `[audio of type ${c.mimeType}: the model cannot hear it]` }];
    case 'resource':
      return resourceToBlocks({ contents: [c.resource] });
    case 'resource_link':
      return [{ type: 'text', text: `[resource link ${c.uri}${c.name ? ` (${c.name})` : ''}]` }];
    default:
      return [{ type: 'text', text: JSON.stringify(c) }];
  }
}

/** A prompt's messages as chat messages, roles kept; consecutive messages of one role stay separate. */
export function promptToMessages(prompt: GetPromptResult): ChatMessage[] {
  return prompt.messages.map((m) => ({
    id: randomUUID(),
    role: m.role,
    blocks: contentToBlocks(m.content),
    at: Date.now(),
  }));
}
