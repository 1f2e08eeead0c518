import type { ChatMessage } from './conversation';
import { type OfferedTool, toolTokens } from './toolBudget';

/**
 * Tool search: past a size, the model is offered a search over the conversation's tools instead of
 * every definition, and the tools it finds are offered from its next step on (and for the rest of
 * the conversation). Settings' `toolSearch`: absent or 'auto' — past SEARCH_OVER_TOOLS tools or
 * SEARCH_OVER_TOKENS tokens of definitions; 'always'; 'off' (every tool sent; the budget decides).
 */
export type ToolSearchMode = 'auto' | 'always' | 'off';
export const TOOL_SEARCH_MODES: readonly ToolSearchMode[] = ['auto', 'always', 'off'];

export const SEARCH_OVER_TOOLS = 40;
export const SEARCH_OVER_TOKENS = 10_000;

/** The host's own tool the model searches with (no server's: a `server__tool` name has two underscores). */
export const TOOL_SEARCH_NAME = 'switchboard_tool_search';

/** Whether a conversation offering `tools` searches them instead of sending them all. */
export function searchApplies(tools: readonly OfferedTool[], mode: ToolSearchMode | undefined): boolean {
  if (mode === 'off') return false;
  if (mode === 'always') return tools.length > 0;
  return tools.length > SEARCH_OVER_TOOLS || toolTokens(tools) > SEARCH_OVER_TOKENS;
}

/** What a search found, as the conversation keeps it (the result's structured content). */
export interface ToolSearchFound {
  query: string;
  tools: string[];
}

/**
 * With the provider's own search: the tools a conversation must send whole — those its history
 * names (called before the search began, or found by the host's search under another provider)
 * that no search of the provider's found (the API loads those from its own references).
 */
export function toolsSentWhole(messages: readonly ChatMessage[]): Set<string> {
  const named = new Set<string>();
  const foundByProvider = new Set<string>();
  for (const m of messages)
    for (const b of m.blocks) {
      if (b.type === 'tool_use' && b.name !== TOOL_SEARCH_NAME) named.add(b.name);
      else if (b.type === 'tool_search') for (const n of b.found ?? []) foundByProvider.add(n);
    }
  for (const n of revealedTools(
    messages.map((m) => ({ ...m, blocks: m.blocks.filter((b) => b.type !== 'tool_search') })),
  ))
    named.add(n);
  for (const n of foundByProvider) named.delete(n);
  return named;
}

/** The tools earlier searches of a conversation found: offered to the model from then on. */
export function revealedTools(messages: readonly ChatMessage[]): Set<string> {
  const searches = new Set<string>();
  const found = new Set<string>();
  for (const m of messages)
    for (const b of m.blocks) {
      if (b.type === 'tool_search') for (const n of b.found ?? []) found.add(n);
      else if (b.type === 'tool_use' && b.name === TOOL_SEARCH_NAME) searches.add(b.id);
      else if (b.type === 'tool_result' && searches.has(b.toolUseId) && !b.result.isError) {
        const names = (b.result.structuredContent as Partial<ToolSearchFound> | undefined)?.tools;
        if (Array.isArray(names)) for (const n of names) if (typeof n === 'string') found.add(n);
      }
    }
  return found;
}
