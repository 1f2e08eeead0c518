import { type Attributes, type Context, context, SeverityNumber } from '@opentelemetry/api';
import type { ActivityEntry } from '../../../shared/host/activity';
import type { ActivityObserver } from '../activity/activityLog';
import type { Telemetry } from './telemetry';

/**
 * The top-level fields of an entry that say what happened and never what was said: names, ids,
 * decisions, outcomes, times, models and counts. Everything else — a call's arguments, a sampling
 * request's messages, an elicitation's message, a result kept whole, a reason or error text that may
 * quote a server — stays in the local record unless content capture is turned on (not built yet).
 */
const SAFE_FIELDS = new Set([
  'kind',
  'server',
  'serverIdentity',
  'tool',
  'decision',
  'outcome',
  'startedAt',
  'endedAt',
  'model',
  'mode',
  'action',
  'given',
  'provider',
  'change',
  'entries',
  'count',
  'source',
  'origin',
]);

/**
 * The activity record as OpenTelemetry log records, so a company's backend holds the audit trail
 * too: one record per entry, when it is written (its hash known), in the trace it was recorded in (a
 * tool call's entry carries its tool use's trace and span), with its hash and the previous one's so
 * the chain can be checked there. Only SAFE_FIELDS leave; the local record is never touched.
 */
export class ActivityTelemetry implements ActivityObserver {
  constructor(private readonly telemetry: Telemetry) {}

  recorded(): Context {
    return context.active();
  }

  written(entry: ActivityEntry, recorded: unknown): void {
    const attributes: Attributes = {
      'switchboard.activity.hash': entry.hash,
      'switchboard.activity.prev': entry.prev,
    };
    for (const [key, value] of Object.entries(entry)) {
      if (!SAFE_FIELDS.has(key)) continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        attributes[`switchboard.activity.${key}`] = value;
    }
    const extra = nestedFacts(entry);
    Object.assign(attributes, extra);
    this.telemetry.logger.emit({
      eventName: 'switchboard.activity',
      timestamp: entry.at,
      severityNumber: SeverityNumber.INFO,
      severityText: 'INFO',
      body: entry.kind,
      attributes,
      ...(recorded ? { context: recorded as Context } : {}),
    });
  }
}

/** The safe parts of nested fields: who asked (not what), a result's digest and size, token counts. */
function nestedFacts(entry: ActivityEntry): Attributes {
  const facts: Attributes = {};
  const record = entry as Record<string, unknown>;
  const asker = record.asker as { kind?: unknown; conversationId?: unknown; toolUseId?: unknown } | undefined;
  if (typeof asker?.kind === 'string') facts['switchboard.activity.asker'] = asker.kind;
  if (typeof asker?.conversationId === 'string') facts['gen_ai.conversation.id'] = asker.conversationId;
  if (typeof asker?.toolUseId === 'string') facts['gen_ai.tool.call.id'] = asker.toolUseId;
  const result = record.result as { sha256?: unknown; bytes?: unknown; isError?: unknown } | undefined;
  if (typeof result?.sha256 === 'string') facts['switchboard.activity.result.sha256'] = result.sha256;
  if (typeof result?.bytes === 'number') facts['switchboard.activity.result.bytes'] = result.bytes;
  if (typeof result?.isError === 'boolean') facts['switchboard.activity.result.is_error'] = result.isError;
  const tokens = record.tokens as { input?: unknown; output?: unknown } | undefined;
  if (typeof tokens?.input === 'number') facts['gen_ai.usage.input_tokens'] = tokens.input;
  if (typeof tokens?.output === 'number') facts['gen_ai.usage.output_tokens'] = tokens.output;
  return facts;
}
