import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { type AttachedFile, fileLabel } from '../../../shared/chat/attachedFile';
import type { ChatBlock } from '../../../shared/chat/conversation';
import {
  filePart,
  type ModelPart,
  toolResultParts,
  unsentFile,
  withEveryToolAnswered,
} from '../modelContent';
import type { AttachedBytes, ModelMessage, ModelToolSpec } from '../modelProvider';

const toPart = (p: ModelPart): ChatCompletionContentPart =>
  p.kind === 'text'
    ? { type: 'text', text: p.text }
    : { type: 'image_url', image_url: { url: `data:${p.mimeType};base64,${p.data}` } };

/** Tools as Chat Completions function tools. */
export const toOpenAITools = (tools: readonly ModelToolSpec[]): ChatCompletionFunctionTool[] =>
  tools.map((t) => ({
    type: 'function',
    function: {
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      parameters: t.inputSchema,
    },
  }));

/**
 * The conversation as Chat Completions wants it: a system message first; an assistant message's
 * text and its tool calls (arguments as JSON text); each tool result as a `tool` message right
 * after the call it answers (its text); images — which a `tool` message cannot carry — in a user
 * message after the results, each said to be from its call.
 */
export function toOpenAIMessages(
  history: readonly ModelMessage[],
  system: string | undefined,
  /**
   * Whether the model reads images; when not, each is described in text (it is never dropped unsaid).
   * `files`: the attached files' bytes by SHA-256.
   */
  { images: takesImages, files }: { images: boolean; files?: AttachedBytes } = { images: true },
): ChatCompletionMessageParam[] {
  const unread = (p: Extract<ModelPart, { kind: 'image' }>) =>
    `[image of type ${p.mimeType}, ${Math.floor((p.data.length * 3) / 4)} bytes: this model does not take images]`;
  const out: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of withEveryToolAnswered(history)) {
    if (m.role === 'assistant') {
      out.push(assistantMessage(m.blocks));
      continue;
    }
    const later: ChatCompletionContentPart[] = [];
    for (const b of m.blocks) {
      if (b.type !== 'tool_result') continue;
      const parts = toolResultParts(b.result);
      const text = parts.filter((p) => p.kind === 'text').map((p) => (p as { text: string }).text);
      const images = parts.filter((p) => p.kind === 'image');
      if (!takesImages) text.push(...images.map(unread));
      else if (images.length > 0) {
        text.push(`[${images.length} image(s) from this result follow in the next user message]`);
        later.push({ type: 'text', text: `Images from the result of tool call ${b.toolUseId}:` });
        later.push(...images.map(toPart));
      }
      out.push({
        role: 'tool',
        tool_call_id: b.toolUseId,
        content: `${b.result.isError ? '[the tool reported an error]\n' : ''}${text.join('\n\n')}`,
      });
    }
    const own = m.blocks.flatMap((b): ChatCompletionContentPart[] =>
      b.type === 'text'
        ? [{ type: 'text', text: b.text }]
        : b.type === 'image'
          ? [
              takesImages
                ? toPart({ kind: 'image', mimeType: b.mimeType, data: b.data })
                : { type: 'text', text: unread({ kind: 'image', mimeType: b.mimeType, data: b.data }) },
            ]
          : b.type === 'file'
            ? fileParts(b.file, takesImages, files)
            : [],
    );
    const content = [...later, ...own];
    if (content.length === 0) continue;
    out.push({
      role: 'user',
      content: content.every((p) => p.type === 'text')
        ? (content as ChatCompletionContentPartText[]).map((p) => p.text).join('\n\n')
        : content,
    });
  }
  return out;
}

/**
 * An attached file as Chat Completions reads it: an image as an image_url part (a data: URL, named
 * in a line before it) where the model reads images, a text file as text; a PDF — which compatible
 * servers do not take — and an image for a model that reads none are said in a line instead.
 */
function fileParts(
  file: AttachedFile,
  takesImages: boolean,
  files: AttachedBytes | undefined,
): ChatCompletionContentPart[] {
  const part =
    file.kind === 'pdf'
      ? unsentFile(file, 'Switchboard sends PDFs to Anthropic only; this provider takes none')
      : file.kind === 'image' && !takesImages
        ? unsentFile(file, 'this model does not take images')
        : filePart(file, files);
  if (part.kind === 'text') return [{ type: 'text', text: part.text }];
  if (part.kind === 'document')
    return [{ type: 'text', text: `[attached file ${fileLabel(file)}: not sent]` }];
  return [
    { type: 'text', text: `Attached image: ${part.name}` },
    toPart({ kind: 'image', mimeType: part.mimeType, data: part.data }),
  ];
}

function assistantMessage(blocks: readonly ChatBlock[]): ChatCompletionAssistantMessageParam {
  const text = blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const calls = blocks.flatMap((b) =>
    b.type === 'tool_use'
      ? [
          {
            id: b.id,
            type: 'function' as const,
            function: { name: b.name, arguments: JSON.stringify(b.input) },
          },
        ]
      : [],
  );
  return {
    role: 'assistant',
    content: text || (calls.length > 0 ? null : ''),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}
