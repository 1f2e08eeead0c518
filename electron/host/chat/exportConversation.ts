import { assertNever } from '../../../shared/assertNever';
import { formatSize, typeWords } from '../../../shared/chat/attachedFile';
import type { ChatBlock, Conversation } from '../../../shared/chat/conversation';

const fence = (text: string, lang = '') => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
};

function block(b: ChatBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'image':
      return `*[image, ${b.mimeType}]*`;
    case 'file': {
      // A code span whose ticks outrun the name's own: any name reads as it is.
      const ticks = '`'.repeat(Math.max(0, ...[...b.file.name.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
      const pages =
        b.file.pages === undefined ? '' : `, ${b.file.pages} page${b.file.pages === 1 ? '' : 's'}`;
      return `**Attached file** ${ticks} ${b.file.name} ${ticks} (${typeWords(b.file.mediaType)}${pages}, ${formatSize(b.file.size)})`;
    }
    case 'tool_use':
      return `**Tool call** \`${b.name}\`\n\n${fence(JSON.stringify(b.input, null, 2), 'json')}`;
    case 'thinking':
      return b.redacted !== undefined
        ? '*[thinking, redacted by the provider]*'
        : `<details><summary>Thinking</summary>\n\n${b.text}\n\n</details>`;
    case 'tool_result': {
      const text = b.result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
      return `**Tool result**${b.result.isError ? ' (error)' : ''}\n\n${fence(text)}`;
    }
    case 'tool_search':
      return `**Tool search** “${b.query}”: ${b.error ? `failed (${b.error})` : b.found?.length ? b.found.map((n) => `\`${n}\``).join(', ') : 'nothing found'}`;
    default:
      return assertNever(b, 'conversation block');
  }
}

/** A conversation as Markdown: title, then each message under its role, tool calls fenced. */
function conversationToMarkdown(c: Conversation): string {
  const parts = [`# ${c.title}`, `*${new Date(c.createdAt).toISOString()}*`];
  for (const m of c.messages) {
    const who =
      m.role === 'user'
        ? m.blocks.every((b) => b.type === 'tool_result')
          ? 'Tools'
          : 'You'
        : `Assistant${m.model ? ` (${m.model})` : ''}`;
    parts.push(`## ${who}`, ...m.blocks.map(block));
  }
  return `${parts.join('\n\n')}\n`;
}

/** A conversation as the person exports it: Markdown to read, or JSON (files by name, size and hash; never their bytes). */
export const exportConversation = (c: Conversation, format: 'markdown' | 'json'): string =>
  format === 'json' ? JSON.stringify(c, null, 2) : conversationToMarkdown(c);
