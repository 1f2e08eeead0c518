import type {
  Tool as AnthropicTool,
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  CreateMessageParams,
  CreateMessageResult,
  SamplingContent,
  SamplingMessage,
} from '../../../shared/mcp/protocol';
import { samplingContents } from '../../../shared/mcp/samplingContent';
import type { StopReason } from '../modelProvider';
import { toAnthropicContent } from './anthropicContent';

// MCP sampling (a server asking the person's model) to and from the Messages API.

function toBlocks(content: SamplingContent[]): ContentBlockParam[] {
  return content.map((c): ContentBlockParam => {
    switch (c.type) {
      case 'tool_use':
        return { type: 'tool_use', id: c.id, name: c.name, input: c.input };
      case 'tool_result':
        return {
          type: 'tool_result',
          tool_use_id: c.toolUseId,
          content: toAnthropicContent(c.content),
          ...(c.isError ? { is_error: true } : {}),
        };
      default:
        return toAnthropicContent([c])[0]!;
    }
  });
}

/** A server's sampling request as a Messages API request (its maxTokens already capped by the host). */
export function toAnthropicRequest(
  params: CreateMessageParams,
  model: string,
): MessageCreateParamsNonStreaming {
  const messages: MessageParam[] = params.messages.map((m: SamplingMessage) => ({
    role: m.role,
    content: toBlocks(samplingContents(m)),
  }));
  const request: MessageCreateParamsNonStreaming = {
    model,
    max_tokens: Math.max(1, params.maxTokens),
    messages,
  };
  if (params.systemPrompt) request.system = params.systemPrompt;
  // params.temperature is not sent: the Messages API (SDK 1.x) no longer takes one; the dialog says so.
  if (params.stopSequences?.length) request.stop_sequences = params.stopSequences;
  if (params.tools?.length) {
    request.tools = params.tools.map(
      (t): AnthropicTool => ({
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        input_schema: t.inputSchema as AnthropicTool['input_schema'],
      }),
    );
    const mode = params.toolChoice?.mode ?? 'auto';
    request.tool_choice =
      mode === 'required' ? { type: 'any' } : mode === 'none' ? { type: 'none' } : { type: 'auto' };
  }
  return request;
}

const STOP: Record<string, StopReason> = {
  end_turn: 'endTurn',
  max_tokens: 'maxTokens',
  stop_sequence: 'stopSequence',
  tool_use: 'toolUse',
};

/** The API's stop reason in MCP's words (unknown ones as the API wrote them). */
export const stopReasonOf = (reason: string): StopReason => STOP[reason] ?? reason;

/** The model's reply as a sampling result: text, tool uses; one block stays a single object. */
export function fromAnthropicMessage(message: Message): CreateMessageResult {
  const content: SamplingContent[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use')
      content.push({
        type: 'tool_use',
        id: block.id,
        name: block.name,
        input: block.input as Record<string, unknown>,
      });
  }
  if (content.length === 0) content.push({ type: 'text', text: '' });
  return {
    role: 'assistant',
    content: content.length === 1 ? content[0]! : content,
    model: message.model,
    ...(message.stop_reason ? { stopReason: stopReasonOf(message.stop_reason) } : {}),
  };
}
