import type {
  ActivityDecision,
  ActivityEntry,
  ActivityKind,
  ActivityOutcome,
} from '../../../shared/host/activity';

/** Which entries to show; every field given must hold. `search`: every word, by its start (ActivityReader). */
export interface ActivityFilter {
  server?: string;
  kind?: ActivityKind;
  decision?: ActivityDecision;
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
  /** The positions the filter's search found (ActivityReader's index); every entry when undefined. */
  found?: ReadonlySet<number>,
): ActivityEntry[] {
  const out: ActivityEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (found && !found.has(i)) continue;
    if (filter.kind && e.kind !== filter.kind) continue;
    if (filter.since !== undefined && e.at < filter.since) continue;
    if (filter.until !== undefined && e.at > filter.until) continue;
    const call = e.kind === 'tool-call' ? e : undefined;
    if (filter.server && call?.server !== filter.server) continue;
    if (filter.decision && call?.decision !== filter.decision) continue;
    if (filter.outcome && call?.outcome !== filter.outcome) continue;
    if (
      filter.conversation &&
      !(call?.asker.kind === 'model' && call.asker.conversationId === filter.conversation)
    )
      continue;
    out.push(e);
  }
  return out;
}

/** What a search reads of an entry: its tool and server, and its arguments' keys and values. */
export function searchText(e: ActivityEntry): string {
  if (e.kind !== 'tool-call') return e.kind;
  return `${e.tool} ${e.server} ${JSON.stringify(e.arguments ?? null)}`;
}
