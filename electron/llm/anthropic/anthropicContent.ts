import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatBlock } from '../../../shared/chat/conversation';
import type { CallToolResult, ContentBlock } from '../../../shared/mcp/protocol';
import {
  type FilePart,
  filePart,
  type ModelPart,
  toModelParts,
  toolResultParts,
  withEveryToolAnswered,
} from '../modelContent';
import type { AttachedBytes, ModelMessage } from '../modelProvider';

const toBlock = (p: ModelPart): TextBlockParam | ImageBlockParam =>
  p.kind === 'text'
    ? { type: 'text', text: p.text }
    : { type: 'image', source: { type: 'base64', media_type: p.mimeType as 'image/png', data: p.data } };

/** MCP content as Anthropic blocks (what models cannot read is described in text: `toModelParts`). */
export function toAnthropicContent(content: readonly ContentBlock[]): (TextBlockParam | ImageBlockParam)[] {
  return toModelParts(content).map(toBlock);
}

/** A tool's result as the tool_result block the model reads (isError → is_error). */
export function toToolResultBlock(toolUseId: string, result: CallToolResult): ToolResultBlockParam {
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: toolResultParts(result).map(toBlock),
    ...(result.isError ? { is_error: true } : {}),
  };
}

/**
 * The conversation as the Messages API wants it: every tool use answered; thinking only as the API
 * wrote it (signed, or redacted) — another provider's reasoning has no signature and would be refused.
 */
export function toAnthropicMessages(history: readonly ModelMessage[], files?: AttachedBytes): MessageParam[] {
  return withEveryToolAnswered(history).flatMap((m) => {
    const blocks = m.blocks.filter((b) => b.type !== 'thinking' || b.signature || b.redacted !== undefined);
    return blocks.length > 0 ? [{ role: m.role, content: blocks.flatMap((b) => toParams(b, files)) }] : [];
  });
}

/**
 * An attached file as Anthropic reads it: an image block (named in a line before it, so the model
 * can tell several apart), a PDF as a document block titled with its name, a text file as text.
 */
function fileBlocks(part: FilePart): ContentBlockParam[] {
  if (part.kind === 'text') return [{ type: 'text', text: part.text }];
  if (part.kind === 'document')
    return [
      {
        type: 'document',
        source: { type: 'base64', media_type: part.mimeType, data: part.data },
        title: part.name,
      },
    ];
  return [
    { type: 'text', text: `Attached image: ${part.name}` },
    { type: 'image', source: { type: 'base64', media_type: part.mimeType as 'image/png', data: part.data } },
  ];
}

/** The API's own tool search, back as it wrote it: the server tool use, then its result. */
function toParams(b: ChatBlock, files: AttachedBytes | undefined): ContentBlockParam[] {
  if (b.type === 'file') return fileBlocks(filePart(b.file, files));
  if (b.type !== 'tool_search') return [toParam(b)];
  return [
    { type: 'server_tool_use', id: b.id, name: 'tool_search_tool_bm25', input: { query: b.query } },
    {
      type: 'tool_search_tool_result',
      tool_use_id: b.id,
      content:
        b.error !== undefined
          ? { type: 'tool_search_tool_result_error', error_code: b.error as 'unavailable' }
          : {
              type: 'tool_search_tool_search_result',
              tool_references: (b.found ?? []).map((tool_name) => ({
                type: 'tool_reference' as const,
                tool_name,
              })),
            },
    },
  ];
}

function toParam(b: Exclude<ChatBlock, { type: 'tool_search' | 'file' }>): ContentBlockParam {
  if (b.type === 'text') return { type: 'text', text: b.text };
  if (b.type === 'image')
    return { type: 'image', source: { type: 'base64', media_type: b.mimeType as 'image/png', data: b.data } };
  if (b.type === 'tool_use') return { type: 'tool_use', id: b.id, name: b.name, input: b.input };
  if (b.type === 'thinking')
    return b.redacted !== undefined
      ? { type: 'redacted_thinking', data: b.redacted }
      : { type: 'thinking', thinking: b.text, signature: b.signature ?? '' };
  return toToolResultBlock(b.toolUseId, b.result);
}
