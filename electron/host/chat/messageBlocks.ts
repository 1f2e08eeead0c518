import type { AttachedFile } from '../../../shared/chat/attachedFile';
import type { ChatBlock } from '../../../shared/chat/conversation';
import type { ViewContext } from '../../../shared/host/appView';

/** What a message may carry besides text: a server resource the person attached, or a skill (its SKILL.md). */
export interface Attachment {
  server: string;
  uri: string;
  skill?: true;
}

/** How an attachment is read: a resource as it is, a skill loaded with each file verified. */
export interface AttachmentReader {
  readResource: (server: string, uri: string) => Promise<ChatBlock[]>;
  loadSkill: (server: string, uri: string) => Promise<ChatBlock[]>;
}

/**
 * The blocks of the person's message: each attachment as it reads (marked as that attachment), then
 * what the conversation's Views asked to add to the model's context (MCP Apps, taken once the
 * attachments are read: kept with the message that carries it, seen, and the same on every retry),
 * then the files the person attached, then the person's own words.
 */
export async function messageBlocks(
  text: string,
  attachments: Attachment[],
  read: AttachmentReader,
  viewContext: () => ViewContext[],
  /** Files the person attached (checked already), by reference: before the words that speak of them. */
  files: readonly AttachedFile[] = [],
): Promise<ChatBlock[]> {
  const blocks: ChatBlock[] = [];
  for (const a of attachments)
    for (const b of await (a.skill ? read.loadSkill : read.readResource)(a.server, a.uri))
      blocks.push(
        b.type === 'text' || b.type === 'image' ? { attachment: { server: a.server, uri: a.uri }, ...b } : b,
      );
  for (const c of viewContext())
    blocks.push({
      type: 'text',
      text: `Context from the view of ${c.tool} (${c.server}):\n${c.text}`,
      attachment: { server: c.server, uri: c.uri },
    });
  for (const file of files) blocks.push({ type: 'file', file });
  if (text) blocks.push({ type: 'text', text });
  return blocks;
}
