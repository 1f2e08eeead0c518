import { contextWindowOf, estimateRequestTokens, withoutOldToolResults } from '../../../shared/chat/context';
import type { ChatMessage, Conversation } from '../../../shared/chat/conversation';
import { isLeftOut, type LeaveOut, overBudget } from '../../../shared/chat/toolBudget';
import {
  revealedTools,
  searchApplies,
  type ToolSearchMode,
  toolsSentWhole,
} from '../../../shared/chat/toolSearch';
import type { ModelToolSpec } from '../../llm/modelProvider';
import { ProviderError } from '../../llm/providerError';
import type { CatalogTool } from '../catalog/catalog';
import { ToolIndex, type ToolSearch } from './toolIndex';

/** What one turn sends the model besides its settings: the tools offered, and the history. */
export interface TurnRequest {
  tools: ModelToolSpec[];
  history: ChatMessage[];
  /**
   * When the model searches the conversation's tools instead of receiving them all: the index its
   * searches run on, and the tools a step offers (the search, then what was found so far, in the
   * order found — the list only grows at its end, so a prompt cache keeps its start).
   */
  search?: { index: ToolSearch; toolsFor(history: readonly ChatMessage[]): ModelToolSpec[] };
  /** The provider searches them itself: these go deferred, loaded when its search finds them. */
  deferred?: ModelToolSpec[];
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
  /** Settings' tool search: absent is 'auto'. */
  toolSearch?: ToolSearchMode;
  /** The provider runs its own tool search over deferred tools (Anthropic's). */
  providerSearches?: boolean;
}

/**
 * What a conversation that leaves `leaveOut` out offers the model. In name order, whatever order
 * servers started or listed in: the tool list is the same from turn to turn, so a provider's prompt
 * cache keeps hitting it.
 */
export function offeredTools(enabled: CatalogTool[], leaveOut: LeaveOut | undefined): ModelToolSpec[] {
  return offered(enabled, leaveOut).map((t) => t.spec);
}

function offered(enabled: CatalogTool[], leaveOut: LeaveOut | undefined) {
  return enabled
    .filter((t) => !isLeftOut(leaveOut, t.server, t.tool.name))
    .map((catalog) => ({
      catalog,
      spec: {
        name: catalog.name,
        ...(catalog.tool.description ? { description: catalog.tool.description } : {}),
        inputSchema: catalog.tool.inputSchema,
      } as ModelToolSpec,
    }))
    .sort((a, b) => (a.spec.name < b.spec.name ? -1 : a.spec.name > b.spec.name ? 1 : 0));
}

/**
 * The search over `all`, when the settings and the size call for it. A step offers the search, the
 * tools the person always offers (name order), then those found so far in the order found.
 */
function toolSearch(
  all: ReturnType<typeof offered>,
  every: ReturnType<typeof offered>,
  mode: ToolSearchMode | undefined,
  shared: ToolIndex,
): TurnRequest['search'] {
  if (
    !searchApplies(
      all.map((t) => t.spec),
      mode,
    )
  )
    return undefined;
  // The host's index of every tool that is on, brought up to date (only what changed is indexed
  // again), searched through this conversation's own tools.
  const index = shared.update(every).among(all.map((t) => t.spec.name));
  const search = index.searchSpec();
  const pinned = all.filter((t) => t.catalog.alwaysOffer).map((t) => t.spec);
  const pinnedNames = new Set(pinned.map((t) => t.name));
  return {
    index,
    toolsFor: (history) => [
      search,
      ...pinned,
      ...[...revealedTools(history)].flatMap((name) => {
        const spec = pinnedNames.has(name) ? undefined : index.spec(name);
        return spec ? [spec] : [];
      }),
    ],
  };
}

/**
 * The request of a turn of `conversation`, checked before anything is sent — never cut silently:
 * more tools than the provider or the person's budget takes, or more tokens than the model's
 * context, fails with a ProviderError that says so and what the person can do. `index`: the host's
 * tool index, kept between turns (a new one indexes every tool).
 */
export function turnRequest(
  conversation: Conversation,
  enabled: CatalogTool[],
  limits: TurnLimits,
  index = new ToolIndex(),
): TurnRequest {
  // Every tool that is on (what the host's index holds), and those this conversation offers.
  const every = offered(enabled, undefined);
  const { leaveOut } = conversation.settings;
  const all = every.filter((t) => !isLeftOut(leaveOut, t.catalog.server, t.catalog.tool.name));
  // The provider's own search: every tool deferred but those the conversation already needs whole.
  if (
    limits.providerSearches &&
    searchApplies(
      all.map((t) => t.spec),
      limits.toolSearch,
    )
  ) {
    // Sent whole: what the person always offers, and what the history needs whole.
    const whole = toolsSentWhole(conversation.messages);
    for (const t of all) if (t.catalog.alwaysOffer) whole.add(t.spec.name);
    const tools = all.filter((t) => whole.has(t.spec.name)).map((t) => t.spec);
    const deferred = all.filter((t) => !whole.has(t.spec.name)).map((t) => t.spec);
    return { ...checked(conversation, tools, limits), deferred };
  }
  const search = toolSearch(all, every, limits.toolSearch, index);
  const tools = search ? search.toolsFor(conversation.messages) : all.map((t) => t.spec);
  return { ...checked(conversation, tools, limits), ...(search ? { search } : {}) };
}

/** `tools` and the history, checked against the budget and the model's context before anything is sent. */
function checked(conversation: Conversation, tools: ModelToolSpec[], limits: TurnLimits): TurnRequest {
  const { compactBefore, system, maxTokens } = conversation.settings;
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
