import { randomUUID } from 'node:crypto';
import type {
  Tool as AnthropicTool,
  ContentBlockParam,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatBlock, ChatMessage, ToolCallRecord } from '../../shared/chat/conversation';
import type { CallToolResult, Progress } from '../../shared/mcp/protocol';
import type { AnthropicProvider } from './anthropicProvider';
import { toToolResultBlock } from './contentMapping';
import { ProviderError } from './providerError';

export interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export type TurnEvent =
  | { kind: 'text'; index: number; text: string }
  | { kind: 'tool-use'; id: string; name: string }
  | { kind: 'tool-progress'; toolUseId: string; progress: Progress };

export interface TurnInput {
  provider: AnthropicProvider;
  model: string;
  system?: string;
  maxTokens: number;
  /** The conversation so far, ending with what the person just said (or tool results). */
  history: ChatMessage[];
  tools: AnthropicTool[];
  /** Runs one tool use (consent included); a refusal is a result, not an exception. */
  runTool(
    use: ToolUse,
    signal: AbortSignal,
    onProgress: (p: Progress) => void,
  ): Promise<{ result: CallToolResult; record: ToolCallRecord }>;
  onEvent(event: TurnEvent): void;
  /** Each finished message, in order, to be saved before the next step starts. */
  onMessage(message: ChatMessage): Promise<void>;
  signal: AbortSignal;
}

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
export function toAnthropicMessages(history: readonly ChatMessage[]): MessageParam[] {
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

/**
 * One turn of the chat: stream the model's reply, run the tool uses it asks for (at once, each
 * through consent), hand back the results, and go on until the model ends its turn. Stop aborts the
 * stream and every running call; text written so far is kept, half-written tool uses are not.
 */
export async function runChatTurn(input: TurnInput): Promise<{ stopped: boolean }> {
  const history = [...input.history];
  for (;;) {
    const blocks: ChatBlock[] = [];
    const json: Record<number, string> = {};
    let model = input.model;
    let stopReason: string | undefined;
    try {
      for await (const event of input.provider.streamMessage(
        {
          model: input.model,
          max_tokens: input.maxTokens,
          messages: toAnthropicMessages(history),
          ...(input.system ? { system: input.system } : {}),
          ...(input.tools.length > 0 ? { tools: input.tools } : {}),
        },
        input.signal,
      )) {
        if (event.type === 'message_start') model = event.message.model;
        else if (event.type === 'content_block_start') {
          const b = event.content_block;
          if (b.type === 'text') blocks[event.index] = { type: 'text', text: b.text };
          else if (b.type === 'tool_use') {
            blocks[event.index] = { type: 'tool_use', id: b.id, name: b.name, input: {} };
            json[event.index] = '';
            input.onEvent({ kind: 'tool-use', id: b.id, name: b.name });
          }
        } else if (event.type === 'content_block_delta') {
          const block = blocks[event.index];
          if (event.delta.type === 'text_delta' && block?.type === 'text') {
            block.text += event.delta.text;
            input.onEvent({ kind: 'text', index: event.index, text: event.delta.text });
          } else if (event.delta.type === 'input_json_delta')
            json[event.index] = (json[event.index] ?? '') + event.delta.partial_json;
        } else if (event.type === 'content_block_stop') {
          const block = blocks[event.index];
          if (block?.type === 'tool_use') block.input = parseInput(json[event.index] ?? '');
        } else if (event.type === 'message_delta') stopReason = event.delta.stop_reason ?? undefined;
      }
    } catch (error) {
      if (!(error instanceof ProviderError && error.kind === 'aborted') && !input.signal.aborted) throw error;
    }
    // Stopped (the stream may end quietly or with an error): keep what was written; a tool use the
    // model had not finished is dropped.
    if (input.signal.aborted) {
      const text = blocks.filter(
        (b): b is Extract<ChatBlock, { type: 'text' }> => b?.type === 'text' && b.text !== '',
      );
      if (text.length > 0)
        await input.onMessage({
          id: randomUUID(),
          role: 'assistant',
          blocks: text,
          at: Date.now(),
          model,
          stopReason: 'stopped',
        });
      return { stopped: true };
    }
    const reply: ChatMessage = {
      id: randomUUID(),
      role: 'assistant',
      blocks: blocks.filter((b) => b !== undefined),
      at: Date.now(),
      model,
      ...(stopReason ? { stopReason } : {}),
    };
    await input.onMessage(reply);
    history.push(reply);
    const uses = reply.blocks.filter(
      (b): b is Extract<ChatBlock, { type: 'tool_use' }> => b.type === 'tool_use',
    );
    if (stopReason !== 'tool_use' || uses.length === 0) return { stopped: false };

    // Every tool use runs at once; each answer (or refusal) goes back in one message.
    const outcomes = await Promise.all(
      uses.map(async (use) => {
        const started = Date.now();
        try {
          return await input.runTool(use, input.signal, (progress) =>
            input.onEvent({ kind: 'tool-progress', toolUseId: use.id, progress }),
          );
        } catch (error) {
          const message = input.signal.aborted
            ? 'Stopped by the user.'
            : `The call failed: ${error instanceof Error ? error.message : String(error)}`;
          return {
            result: { content: [{ type: 'text' as const, text: message }], isError: true },
            record: {
              toolUseId: use.id,
              name: use.name,
              argumentsJson: JSON.stringify(use.input),
              decision: 'failed' as const,
              reason: message,
              startedAt: started,
              endedAt: Date.now(),
            },
          };
        }
      }),
    );
    const results: ChatMessage = {
      id: randomUUID(),
      role: 'user',
      blocks: uses.map((use, i) => ({ type: 'tool_result', toolUseId: use.id, result: outcomes[i]!.result })),
      at: Date.now(),
      toolCalls: outcomes.map((o) => o.record),
    };
    await input.onMessage(results);
    history.push(results);
    if (input.signal.aborted) return { stopped: true };
  }
}

function parseInput(json: string): Record<string, unknown> {
  if (!json.trim()) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
