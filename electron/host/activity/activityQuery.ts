import type {
  ActivityDecision,
  ActivityEntry,
  ActivityKind,
  ActivityOutcome,
  SamplingDecision,
} from '../../../shared/host/activity';
import { conversationOf, serverOf } from '../../../shared/host/activityLinks';

/** Which entries to show; every field given must hold. `search`: every word, by its start (ActivityReader). */
export interface ActivityFilter {
  server?: string;
  kind?: ActivityKind;
  /** A tool call's or a sampling request's decision. */
  decision?: ActivityDecision | SamplingDecision;
  outcome?: ActivityOutcome;
  conversation?: string;
  since?: number;
  until?: number;
  search?: string;
}

/** The entries that pass the filter, newest first. */
export function queryActivity(
  entries: readonly ActivityEntry[],
  filter: ActivityFilter,
  /** Whether the filter's search found the entry at a position (ActivitySearch); every entry when undefined. */
  found?: (position: number) => boolean,
): ActivityEntry[] {
  const out: ActivityEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (found && !found(i)) continue;
    if (filter.kind && e.kind !== filter.kind) continue;
    if (filter.since !== undefined && e.at < filter.since) continue;
    if (filter.until !== undefined && e.at > filter.until) continue;
    if (filter.server && serverOf(e) !== filter.server) continue;
    if (filter.decision && !('decision' in e && e.decision === filter.decision)) continue;
    if (filter.outcome && !('outcome' in e && e.outcome === filter.outcome)) continue;
    if (filter.conversation && conversationOf(e) !== filter.conversation) continue;
    out.push(e);
  }
  return out;
}

/** What a search reads of an entry: what it names (tool, server, fields, folders, …) and its arguments. */
export function searchText(e: ActivityEntry): string {
  switch (e.kind) {
    case 'tool-call':
      return `${e.tool} ${e.server} ${JSON.stringify(e.arguments ?? null)}`;
    case 'sampling':
      return `sampling ${e.server} ${e.model ?? ''} ${e.request.systemPrompt ?? ''} ${JSON.stringify(e.request.messages ?? null)}`;
    case 'elicitation':
      return `elicitation ${e.server} ${e.message} ${(e.fields ?? []).join(' ')} ${e.url ?? ''}`;
    case 'roots-listed':
      return `roots ${e.server} ${e.roots.join(' ')}`;
    case 'roots-changed':
      return `roots ${Object.values(e.roots).flat().join(' ')}`;
    case 'trust':
      return `trust ${e.server} ${e.launch}`;
    case 'switch':
      return `switch ${e.server} ${e.outcome} ${e.launch} ${e.reason ?? ''}`;
    case 'approval':
      return `approval ${e.server} ${e.tool ?? ''}`;
    case 'server':
      return `server ${e.server} ${e.change} ${e.via} ${e.target ?? ''} ${e.detail ?? ''}`;
    case 'policy-refusal':
      return `policy ${e.server} ${e.when} ${e.rule} ${e.reason} ${e.target ?? ''}`;
    case 'sandbox-denied':
      return `sandbox ${e.server} ${e.access} ${e.target}`;
    case 'sign-in':
      return `sign-in ${e.server} ${e.change}`;
    case 'attachment':
      return `attachment attached ${e.name} ${e.mediaType} ${e.sha256}`;
    case 'key':
      return `key ${e.provider} ${e.change}`;
    default:
      return e.kind;
  }
}
