import { contextWindowOf, estimateRequestTokens, withoutOldToolResults } from '../../../shared/chat/context';
import type { ChatMessage, Conversation } from '../../../shared/chat/conversation';
import { isLeftOut, type LeaveOut, overBudget } from '../../../shared/chat/toolBudget';
import type { ModelToolSpec } from '../../llm/modelProvider';
import { ProviderError } from '../../llm/providerError';
import type { CatalogTool } from '../catalog/catalog';

/** What one turn sends the model besides its settings: the tools offered, and the history. */
export interface TurnRequest {
  tools: ModelToolSpec[];
  history: ChatMessage[];
}

/** What a request may carry, from the provider and model chosen and the person's Settings. */
export interface TurnLimits {
  /** The provider's name, for what is said. */
  provider: string;
  model: string;
  /** The provider's limit on tools in one request. */
  maxTools?: number;
  /** The person's budget for the tool definitions, in tokens (Settings). */
  toolTokenBudget?: number;
}

/**
 * What a conversation that leaves `leaveOut` out offers the model. In name order, whatever order
 * servers started or listed in: the tool list is the same from turn to turn, so a provider's prompt
 * cache keeps hitting it.
 */
export function offeredTools(enabled: CatalogTool[], leaveOut: LeaveOut | undefined): ModelToolSpec[] {
  return enabled
    .filter((t) => !isLeftOut(leaveOut, t.server, t.tool.name))
    .map((t) => ({
      name: t.name,
      ...(t.tool.description ? { description: t.tool.description } : {}),
      inputSchema: t.tool.inputSchema,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The request of a turn of `conversation`, checked before anything is sent — never cut silently:
 * more tools than the provider or the person's budget takes, or more tokens than the model's
 * context, fails with a ProviderError that says so and what the person can do.
 */
export function turnRequest(
  conversation: Conversation,
  enabled: CatalogTool[],
  limits: TurnLimits,
): TurnRequest {
  const { leaveOut, compactBefore, system, maxTokens } = conversation.settings;
  const tools = offeredTools(enabled, leaveOut);
  // Too many, and the person chooses what this conversation offers.
  const over = overBudget(
    tools,
    { maxTools: limits.maxTools, maxTokens: limits.toolTokenBudget },
    limits.provider,
  );
  if (over)
    throw new ProviderError(
      'too-many-tools',
      `${over} Choose which servers and tools this conversation uses.`,
    );
  const history = withoutOldToolResults(conversation.messages, compactBefore);
  // Too long for the model's context is said before sending, with the ways on (the API says it
  // too, for models whose window is not known here).
  const window = contextWindowOf(limits.model);
  const estimate = estimateRequestTokens(history, { system, tools }, compactBefore);
  if (window !== undefined && estimate + maxTokens > window)
    throw new ProviderError(
      'too-long',
      `This conversation is about ${estimate.toLocaleString('en-US')} tokens; with room for the reply that is more than ${limits.model}'s context of ${window.toLocaleString('en-US')}.${maxTokens > estimate ? ` Most of it is the room kept for the reply (max tokens ${maxTokens.toLocaleString('en-US')}): lower it in Model…` : ''}`,
    );
  return { tools, history };
}
