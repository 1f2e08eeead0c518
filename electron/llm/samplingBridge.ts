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
} from '../../shared/mcp/protocol';
import type { AnthropicProvider } from './anthropicProvider';
import { toAnthropicContent } from './contentMapping';
import { chooseModel } from './modelChoice';

export interface SamplingLimits {
  maxTokensCap: number;
  defaultModel: string | undefined;
}

const asList = (c: SamplingContent | SamplingContent[]) => (Array.isArray(c) ? c : [c]);

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

/** A server's sampling request as a Messages API request (maxTokens capped by the person's setting). */
export function toAnthropicRequest(
  params: CreateMessageParams,
  model: string,
  limits: Pick<SamplingLimits, 'maxTokensCap'>,
): MessageCreateParamsNonStreaming {
  const messages: MessageParam[] = params.messages.map((m: SamplingMessage) => ({
    role: m.role,
    content: toBlocks(asList(m.content)),
  }));
  const request: MessageCreateParamsNonStreaming = {
    model,
    max_tokens: Math.max(1, Math.min(params.maxTokens, limits.maxTokensCap)),
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

const STOP: Record<string, CreateMessageResult['stopReason']> = {
  end_turn: 'endTurn',
  max_tokens: 'maxTokens',
  stop_sequence: 'stopSequence',
  tool_use: 'toolUse',
};

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
    ...(message.stop_reason ? { stopReason: STOP[message.stop_reason] ?? message.stop_reason } : {}),
  };
}

/** Answers an approved sampling request with the model: choose it, ask it, map the answer back. */
export async function sampleWithProvider(
  provider: AnthropicProvider,
  limits: SamplingLimits,
  params: CreateMessageParams,
  options: { signal?: AbortSignal; model?: string },
): Promise<CreateMessageResult> {
  // The person's choice needs no list; otherwise the preferences are matched against what the API has.
  const model =
    options.model ??
    (await (async () => {
      const { models } = await provider.listModels(options.signal);
      return chooseModel(params.modelPreferences, models, limits.defaultModel ?? models[0]!);
    })());
  const message = await provider.createMessage(toAnthropicRequest(params, model, limits), options.signal);
  return fromAnthropicMessage(message);
}
