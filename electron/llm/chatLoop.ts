import { randomUUID } from 'node:crypto';
import type {
  ChatBlock,
  ChatMessage,
  ReasoningEffort,
  TokenUsage,
  ToolCallRecord,
} from '../../shared/chat/conversation';
import { TOOL_SEARCH_NAME } from '../../shared/chat/toolSearch';
import type { CallToolResult, Progress } from '../../shared/mcp/protocol';
import { parseArguments } from './modelContent';
import { STREAM_IDLE_TIMEOUT_MS, streamWithin } from './modelDeadlines';
import type { AttachedBytes, ModelProvider, ModelToolSpec } from './modelProvider';
import { ProviderError } from './providerError';
import type { TurnObserver } from './turnObserver';

interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

type TurnEvent =
  | { kind: 'text'; index: number; text: string }
  | { kind: 'tool-use'; id: string; name: string }
  | { kind: 'tool-progress'; toolUseId: string; progress: Progress };

export interface TurnInput {
  provider: ModelProvider;
  /** The provider's name, for what a stalled reply says. */
  providerName?: string;
  /** A reply that sends nothing this long is given up (default STREAM_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
  model: string;
  system?: string;
  maxTokens: number;
  thinkingBudget?: number;
  reasoningEffort?: ReasoningEffort;
  /** The conversation so far, ending with what the person just said (or tool results). */
  history: ChatMessage[];
  tools: ModelToolSpec[];
  /** The tools each step offers, from the history so far (a tool search finds more); absent: `tools`. */
  toolsFor?: (history: readonly ChatMessage[]) => ModelToolSpec[];
  /** Tools the provider's own search finds (sent deferred: a provider that `searchesTools`). */
  deferredTools?: ModelToolSpec[];
  /** The bytes of the files the history attaches, by SHA-256 (the host reads them for this turn). */
  files?: AttachedBytes;
  /**
   * Runs one tool use (consent included). Never throws: a refusal, a cancel (Stop aborts `signal`)
   * and a failure are results the model reads, with the record the conversation keeps.
   */
  runTool(
    use: ToolUse,
    signal: AbortSignal,
    onProgress: (p: Progress) => void,
  ): Promise<{ result: CallToolResult; record: ToolCallRecord }>;
  onEvent(event: TurnEvent): void;
  /** Each finished message, in order, to be saved before the next step starts. */
  onMessage(message: ChatMessage): Promise<void>;
  signal: AbortSignal;
  /** Hears of each model request and tool use (telemetry); absent: nothing is told. */
  observer?: TurnObserver;
}

/**
 * One turn of the chat: stream the model's reply, run the tool uses it asks for (at once, each
 * through consent), hand back the results, and go on until the model ends its turn. Stop aborts the
 * stream and every running call; text written so far is kept, half-written tool uses are not.
 */
/** Paused turns asked again in a row, at most (an API that only ever pauses ends the turn). */
const MAX_PAUSES = 10;

export async function runChatTurn(input: TurnInput): Promise<{ stopped: boolean }> {
  const history = [...input.history];
  let pauses = 0;
  for (;;) {
    const blocks: ChatBlock[] = [];
    const json: Record<number, string> = {};
    let model = input.model;
    let stopReason: string | undefined;
    let usage: TokenUsage | undefined;
    const asked = input.observer?.modelRequest({
      model: input.model,
      maxTokens: input.maxTokens,
      messages: history,
      ...(input.system ? { system: input.system } : {}),
    });
    let failure: unknown;
    try {
      const request = {
        model: input.model,
        maxTokens: input.maxTokens,
        ...(input.thinkingBudget ? { thinkingBudget: input.thinkingBudget } : {}),
        ...(input.reasoningEffort ? { reasoningEffort: input.reasoningEffort } : {}),
        messages: history,
        ...(input.system ? { system: input.system } : {}),
        tools: input.toolsFor?.(history) ?? input.tools,
        ...(input.deferredTools ? { deferredTools: input.deferredTools } : {}),
        ...(input.files ? { files: input.files } : {}),
      };
      for await (const event of streamWithin(
        (signal) => input.provider.stream(request, signal),
        input.signal,
        input.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS,
        input.providerName ?? 'The model API',
      )) {
        if (event.type === 'model') model = event.model;
        else if (event.type === 'text') {
          const block = blocks[event.index];
          if (block === undefined) blocks[event.index] = { type: 'text', text: event.text };
          else if (block.type === 'text') block.text += event.text;
          if (event.text !== '') input.onEvent({ kind: 'text', index: event.index, text: event.text });
        } else if (event.type === 'tool-use') {
          blocks[event.index] = { type: 'tool_use', id: event.id, name: event.name, input: {} };
          json[event.index] = '';
          input.onEvent({ kind: 'tool-use', id: event.id, name: event.name });
        } else if (event.type === 'thinking') {
          const block = blocks[event.index];
          const thinking: Extract<ChatBlock, { type: 'thinking' }> =
            block?.type === 'thinking' ? block : { type: 'thinking', text: '' };
          blocks[event.index] = thinking;
          if (event.text) thinking.text += event.text;
          if (event.signature) thinking.signature = (thinking.signature ?? '') + event.signature;
          if (event.redacted) thinking.redacted = event.redacted;
        } else if (event.type === 'search-use') {
          blocks[event.index] = { type: 'tool_search', id: event.id, query: '' };
          json[event.index] = '';
          input.onEvent({ kind: 'tool-use', id: event.id, name: TOOL_SEARCH_NAME });
        } else if (event.type === 'search-result') {
          // Its result joins the search it answers (sent back as the two blocks the API wrote).
          const search = blocks.find(
            (b): b is Extract<ChatBlock, { type: 'tool_search' }> =>
              b?.type === 'tool_search' && b.id === event.toolUseId,
          );
          if (search && event.found) search.found = event.found;
          if (search && event.error !== undefined) search.error = event.error;
        } else if (event.type === 'tool-input') json[event.index] = (json[event.index] ?? '') + event.json;
        else if (event.type === 'block-end') {
          const block = blocks[event.index];
          if (block?.type === 'tool_use') block.input = parseArguments(json[event.index] ?? '');
          if (block?.type === 'tool_search') {
            const query = parseArguments(json[event.index] ?? '').query;
            block.query = typeof query === 'string' ? query : '';
          }
        } else if (event.type === 'stop') stopReason = event.reason;
        else if (event.type === 'usage') usage = event.usage;
      }
    } catch (error) {
      failure = error;
      if (!(error instanceof ProviderError && error.kind === 'aborted') && !input.signal.aborted) {
        asked?.end({ error });
        throw error;
      }
    }
    asked?.end(
      failure === undefined
        ? { model, blocks, ...(stopReason ? { stopReason } : {}), ...(usage ? { usage } : {}) }
        : { error: failure },
    );
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
          ...(usage ? { usage } : {}),
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
      ...(usage ? { usage } : {}),
    };
    await input.onMessage(reply);
    history.push(reply);
    const uses = reply.blocks.filter(
      (b): b is Extract<ChatBlock, { type: 'tool_use' }> => b.type === 'tool_use',
    );
    // A turn the API paused (its own tools ran long) goes on from where it is: asked again as it stands.
    if (stopReason === 'pause_turn' && ++pauses <= MAX_PAUSES) continue;
    pauses = 0;
    if (stopReason !== 'toolUse' || uses.length === 0) return { stopped: false };

    // Every tool use runs at once; each answer (or refusal) goes back in one message.
    const outcomes = await Promise.all(
      uses.map((use) => {
        const run = () =>
          input.runTool(use, input.signal, (progress) =>
            input.onEvent({ kind: 'tool-progress', toolUseId: use.id, progress }),
          );
        return input.observer ? input.observer.toolUse(use, run) : run();
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
