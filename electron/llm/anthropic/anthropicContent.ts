import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatBlock } from '../../../shared/chat/conversation';
import type { CallToolResult, ContentBlock } from '../../../shared/mcp/protocol';
import { type ModelPart, toModelParts, toolResultParts, withEveryToolAnswered } from '../modelContent';
import type { ModelMessage } from '../modelProvider';

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

export type { ContentBlockParam };

/**
 * The conversation as the Messages API wants it: every tool use answered; thinking only as the API
 * wrote it (signed, or redacted) — another provider's reasoning has no signature and would be refused.
 */
export function toAnthropicMessages(history: readonly ModelMessage[]): MessageParam[] {
  return withEveryToolAnswered(history).flatMap((m) => {
    const blocks = m.blocks.filter((b) => b.type !== 'thinking' || b.signature || b.redacted !== undefined);
    return blocks.length > 0 ? [{ role: m.role, content: blocks.map(toParam) }] : [];
  });
}

function toParam(b: ChatBlock): ContentBlockParam {
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
