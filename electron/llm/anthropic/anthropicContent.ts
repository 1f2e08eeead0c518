import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatBlock } from '../../../shared/chat/conversation';
import type { CallToolResult, ContentBlock } from '../../../shared/mcp/protocol';
import { isSerializedJson } from '../../../shared/mcp/serializedJson';
import { MODEL_IMAGE_TYPES, type ModelMessage } from '../modelProvider';

/**
 * MCP content as Anthropic blocks. Text and the image types the API takes go across as they are;
 * everything else (audio, other images, embedded resources, resource links) becomes a faithful text
 * block that says what it was, so the model is never told less than is there without knowing it.
 */
export function toAnthropicContent(content: readonly ContentBlock[]): (TextBlockParam | ImageBlockParam)[] {
  return content.map((c): TextBlockParam | ImageBlockParam => {
    switch (c.type) {
      case 'text':
        return { type: 'text', text: c.text };
      case 'image':
        return MODEL_IMAGE_TYPES.has(c.mimeType)
          ? {
              type: 'image',
              source: { type: 'base64', media_type: c.mimeType as 'image/png', data: c.data },
            }
          : {
              type: 'text',
              text: `[image of type ${c.mimeType}, ${approxBytes(c.data)} bytes: not a type the model reads]`,
            };
      case 'audio':
        return {
          type: 'text',
          text: `[audio of type ${c.mimeType}, ${approxBytes(c.data)} bytes: the model cannot hear it]`,
        };
      case 'resource': {
        const r = c.resource;
        return 'text' in r
          ? { type: 'text', text: `[resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}]\n${r.text}` }
          : {
              type: 'text',
              text: `[binary resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, ${approxBytes(r.blob)} bytes, not included]`,
            };
      }
      case 'resource_link':
        return {
          type: 'text',
          text: `[resource link] ${JSON.stringify({ uri: c.uri, name: c.name, ...(c.title ? { title: c.title } : {}), ...(c.description ? { description: c.description } : {}), ...(c.mimeType ? { mimeType: c.mimeType } : {}) })}`,
        };
      default:
        return { type: 'text', text: `[content] ${JSON.stringify(c)}` };
    }
  });
}

/**
 * A tool's result as the tool_result block the model reads (isError → is_error). structuredContent
 * is added as JSON unless a text block already carries it (the spec asks servers to send both, and
 * the model need not read the same data twice).
 */
export function toToolResultBlock(toolUseId: string, result: CallToolResult): ToolResultBlockParam {
  const content: (TextBlockParam | ImageBlockParam)[] = toAnthropicContent(result.content ?? []);
  if (result.structuredContent !== undefined && !textCarries(result, result.structuredContent))
    content.push({ type: 'text', text: `[structuredContent] ${JSON.stringify(result.structuredContent)}` });
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: content.length > 0 ? content : [{ type: 'text', text: '(no content)' }],
    ...(result.isError ? { is_error: true } : {}),
  };
}

/** Whether one of the result's text blocks is `value` serialised (any spacing or key order). */
const textCarries = (result: CallToolResult, value: unknown): boolean =>
  (result.content ?? []).some((c) => c.type === 'text' && isSerializedJson(c.text, value));

const approxBytes = (base64: string) => Math.floor((base64.length * 3) / 4);

export type { ContentBlockParam };

const INTERRUPTED: CallToolResult = {
  content: [
    { type: 'text', text: 'The call was interrupted before it finished (Switchboard stopped or closed).' },
  ],
  isError: true,
};

/**
 * The conversation as the Messages API wants it. A tool use left without its result (the app was
 * killed mid-call) gets one saying so, so that a conversation can always be continued.
 */
export function toAnthropicMessages(history: readonly ModelMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  let unanswered: string[] = [];
  const answerMissing = () => {
    if (unanswered.length > 0)
      out.push({ role: 'user', content: unanswered.map((id) => toToolResultBlock(id, INTERRUPTED)) });
    unanswered = [];
  };
  for (const m of history) {
    const content = m.blocks.map(toParam);
    const answered = new Set(m.blocks.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : [])));
    if (answered.size > 0) {
      // Results for the previous tool uses: any the app never got to are added here.
      for (const id of unanswered) if (!answered.has(id)) content.push(toToolResultBlock(id, INTERRUPTED));
      unanswered = [];
    } else answerMissing();
    if (content.length > 0) out.push({ role: m.role, content });
    if (m.role === 'assistant') unanswered = m.blocks.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
  }
  answerMissing();
  return out;
}

function toParam(b: ChatBlock): ContentBlockParam {
  if (b.type === 'text') return { type: 'text', text: b.text };
  if (b.type === 'image')
    return { type: 'image', source: { type: 'base64', media_type: b.mimeType as 'image/png', data: b.data } };
  if (b.type === 'tool_use') return { type: 'tool_use', id: b.id, name: b.name, input: b.input };
  return toToolResultBlock(b.toolUseId, b.result);
}
