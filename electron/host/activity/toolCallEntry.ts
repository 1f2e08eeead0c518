import type { ActivityBody, ActivityDecision, ActivityOutcome } from '../../../shared/host/activity';
import type { ToolAuthorization } from '../consent/consentBroker';
import { redactedValue } from '../logs/redactedValue';
import type { ToolRequest } from '../runs/toolInvocation';
import type { ToolOutcome } from '../runs/toolOutcome';
import { parsed, recordedResult } from './recorded';

/** What a call's consent said, as the record names it. */
export function decisionOf(auth: ToolAuthorization): ActivityDecision {
  if (!auth.allowed)
    return auth.reason === 'denied' ? 'denied' : auth.reason === 'timeout' ? 'timed-out' : 'cancelled';
  switch (auth.decision) {
    case 'allow-once':
      return 'once';
    case 'allow-conversation':
      return 'conversation';
    case 'read-only-policy':
      return 'auto-read-only';
    case 'deny':
      return 'denied';
    default:
      return auth.decision;
  }
}

/**
 * A tool call as the activity record keeps it: who asked, how it was decided, how it ended, and its
 * result's digest and size (never the result itself). Arguments as sent (or as asked, when never sent),
 * with every secret the logs hide hidden (`redact`, in each value before it is serialised).
 */
export function toolCallEntry(
  request: ToolRequest,
  outcome: ToolOutcome,
  asked: { decision?: ActivityDecision; serverIdentity?: string },
  times: { startedAt: number; endedAt: number },
  redact: (text: string) => string,
  /** Settings keep results whole (redacted), beside their digest. */
  whole = false,
): ActivityBody {
  const args = 'argumentsJson' in outcome ? parsed(outcome.argumentsJson) : request.args;
  const asker = request.asker ?? 'person';
  const result = outcome.status === 'refused' ? undefined : outcome.result;
  return {
    kind: 'tool-call',
    server: outcome.server ?? '',
    ...(asked.serverIdentity ? { serverIdentity: asked.serverIdentity } : {}),
    tool: outcome.tool ?? request.name,
    arguments: redactedValue(args, redact),
    asker:
      asker === 'model'
        ? {
            kind: 'model',
            ...(request.conversationId ? { conversationId: request.conversationId } : {}),
            ...(request.toolUseId ? { toolUseId: request.toolUseId } : {}),
          }
        : asker === 'runner'
          ? { kind: 'hand-run' }
          : asker === 'person'
            ? { kind: 'person' }
            : { kind: 'view', viewId: asker.view },
    decision: asked.decision ?? 'not-asked',
    outcome: OUTCOMES[outcome.status],
    ...(outcome.status !== 'done' ? { reason: redact(outcome.reason) } : {}),
    startedAt: times.startedAt,
    endedAt: times.endedAt,
    ...(result ? { result: recordedResult(result, redact, whole) } : {}),
  };
}

const OUTCOMES: Record<ToolOutcome['status'], ActivityOutcome> = {
  done: 'ok',
  failed: 'error',
  cancelled: 'cancelled',
  refused: 'refused',
};
