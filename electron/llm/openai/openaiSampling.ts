import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ChatBlock } from '../../../shared/chat/conversation';
import type {
  CreateMessageParams,
  CreateMessageResult,
  SamplingContent,
  SamplingMessage,
} from '../../../shared/mcp/protocol';
import { samplingContents } from '../../../shared/mcp/samplingContent';
import { parseArguments } from '../modelContent';
import type { ModelMessage, StopReason } from '../modelProvider';
import { toOpenAIMessages, toOpenAITools } from './openaiContent';

// MCP sampling (a server asking the person's model) to and from Chat Completions.

/** A sampling message as the conversation's own blocks (then mapped as any conversation is). */
function toModelMessage(m: SamplingMessage): ModelMessage {
  const blocks = samplingContents(m).flatMap((c): ChatBlock[] => {
    switch (c.type) {
      case 'text':
        return [{ type: 'text', text: c.text }];
      case 'image':
        return [{ type: 'image', mimeType: c.mimeType, data: c.data }];
      case 'audio':
        return [{ type: 'text', text: `[audio of type ${c.mimeType}: the model cannot hear it]` }];
      case 'tool_use':
        return [{ type: 'tool_use', id: c.id, name: c.name, input: c.input }];
      case 'tool_result':
        return [
          {
            type: 'tool_result',
            toolUseId: c.toolUseId,
            result: { content: c.content, ...(c.isError ? { isError: true } : {}) },
          },
        ];
      default:
        return [{ type: 'text', text: `[content] ${JSON.stringify(c)}` }];
    }
  });
  return { role: m.role, blocks };
}

/** A server's sampling request as a Chat Completions request (its maxTokens already capped by the host). */
export function toOpenAIRequest(
  params: CreateMessageParams,
  model: string,
): ChatCompletionCreateParamsNonStreaming {
  const messages: ChatCompletionMessageParam[] = toOpenAIMessages(
    params.messages.map(toModelMessage),
    params.systemPrompt,
  );
  const request: ChatCompletionCreateParamsNonStreaming = {
    model,
    max_completion_tokens: Math.max(1, params.maxTokens),
    messages,
  };
  if (params.temperature !== undefined) request.temperature = params.temperature;
  if (params.stopSequences?.length) request.stop = params.stopSequences.slice(0, 4);
  if (params.tools?.length) {
    request.tools = toOpenAITools(params.tools);
    const mode = params.toolChoice?.mode ?? 'auto';
    request.tool_choice = mode === 'required' ? 'required' : mode === 'none' ? 'none' : 'auto';
  }
  return request;
}

const STOP: Record<string, StopReason> = {
  stop: 'endTurn',
  length: 'maxTokens',
  tool_calls: 'toolUse',
  function_call: 'toolUse',
};

/**
 * The API's finish reason in MCP's words (unknown ones as the API wrote them). A reply that called
 * tools is a tool use whatever the reason says: some compatible servers finish those with "stop".
 */
export const stopReasonOf = (reason: string, calledTools: boolean): StopReason =>
  calledTools && reason === 'stop' ? 'toolUse' : (STOP[reason] ?? reason);

/** The model's reply as a sampling result: text, tool uses; one block stays a single object. */
export function fromOpenAICompletion(completion: ChatCompletion): CreateMessageResult {
  const choice = completion.choices[0];
  const content: SamplingContent[] = [];
  if (choice?.message.content) content.push({ type: 'text', text: choice.message.content });
  for (const call of choice?.message.tool_calls ?? [])
    if (call.type === 'function')
      content.push({
        type: 'tool_use',
        id: call.id,
        name: call.function.name,
        input: parseArguments(call.function.arguments),
      });
  if (content.length === 0) content.push({ type: 'text', text: choice?.message.refusal ?? '' });
  const calledTools = content.some((c) => c.type === 'tool_use');
  return {
    role: 'assistant',
    content: content.length === 1 ? content[0]! : content,
    model: completion.model,
    ...(choice?.finish_reason ? { stopReason: stopReasonOf(choice.finish_reason, calledTools) } : {}),
  };
}
