import type { ToolCallRecord } from '../../../shared/chat/conversation';
import type { LeaveOut } from '../../../shared/chat/toolBudget';
import { isLeftOut } from '../../../shared/chat/toolBudget';
import { TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import type { TurnInput } from '../../llm/chatLoop';
import type { Catalog } from '../catalog/catalog';
import type { ToolInvocations } from '../runs/toolInvocations';
import { refused, type ToolOutcome, toolCallRecord } from '../runs/toolOutcome';
import type { ToolSearch } from './toolIndex';

/** A conversation's tool call among all the host's invocations. */
export const chatCallId = (conversation: string, toolUse: string) => `chat:${conversation}:${toolUse}`;

/**
 * How a turn of conversation `id` carries out the model's tool uses: each one an invocation of its
 * own (consent included), which can be cancelled on its own while the reply goes on; Stop cancels
 * them all (the turn's signal). A tool the conversation leaves out is not run, whatever the model names.
 */
export function toolUseRunner(
  deps: { catalog: Pick<Catalog, 'resolveTool'>; tools: Pick<ToolInvocations, 'start'> },
  id: string,
  leaveOut: LeaveOut | undefined,
  search?: Pick<ToolSearch, 'run'>,
): TurnInput['runTool'] {
  return async (use, signal, onProgress) => {
    // The host's own tool search: names and descriptions of the conversation's own tools, nothing
    // run anywhere — no consent (what it shows the model would otherwise all be sent).
    if (use.name === TOOL_SEARCH_NAME) return searchTools(search, use);
    let outcome: ToolOutcome;
    let startedAt = Date.now();
    const named = deps.catalog.resolveTool(use.name);
    if (named && isLeftOut(leaveOut, named.server, named.tool.name)) {
      outcome = refused(`${use.name} is not offered in this conversation.`);
      return { result: outcome.result, record: toolCallRecord(outcome, use, startedAt) };
    }
    try {
      const invocation = deps.tools.start(
        chatCallId(id, use.id),
        { name: use.name, args: use.input, conversationId: id, toolUseId: use.id, asker: 'model' },
        signal,
      );
      startedAt = invocation.startedAt;
      invocation.onProgress(onProgress);
      outcome = await invocation.outcome;
    } catch (error) {
      // Not a call at all (a model that used one tool use id twice): the model is told.
      outcome = refused(
        `The tool use could not run: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { result: outcome.result, record: toolCallRecord(outcome, use, startedAt) };
  };
}

function searchTools(
  search: Pick<ToolSearch, 'run'> | undefined,
  use: { id: string; name: string; input: Record<string, unknown> },
): { result: CallToolResult; record: ToolCallRecord } {
  const startedAt = Date.now();
  const result: CallToolResult = search
    ? search.run(use.input)
    : { content: [{ type: 'text', text: 'Tool search is not on in this conversation.' }], isError: true };
  return {
    result,
    record: {
      toolUseId: use.id,
      name: use.name,
      argumentsJson: JSON.stringify(use.input),
      decision: search ? 'allowed' : 'refused',
      ...(search ? {} : { reason: 'Tool search is not on in this conversation.' }),
      startedAt,
      endedAt: Date.now(),
    },
  };
}
