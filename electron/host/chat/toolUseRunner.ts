import type { LeaveOut } from '../../../shared/chat/toolBudget';
import { isLeftOut } from '../../../shared/chat/toolBudget';
import type { TurnInput } from '../../llm/chatLoop';
import type { Catalog } from '../catalog/catalog';
import type { ToolInvocations } from '../runs/toolInvocations';
import { refused, type ToolOutcome, toolCallRecord } from '../runs/toolOutcome';

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
): TurnInput['runTool'] {
  return async (use, signal, onProgress) => {
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
        { name: use.name, args: use.input, conversationId: id, asker: 'model' },
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
