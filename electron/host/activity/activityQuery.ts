import { readFile } from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type {
  ActivityDecision,
  ActivityEntry,
  ActivityKind,
  ActivityOutcome,
  ActivityProblem,
} from '../../../shared/host/activity';
import { type ActivityLine, checkChain } from './activityChain';
import { activityFiles } from './activityLog';

/** Which entries to show; every field given must hold. `search`: every word, by its start. */
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

/** Every entry of the record (oldest first, across rotated files) and where its chain does not hold. */
export async function readActivity(
  dir: string,
): Promise<{ entries: ActivityEntry[]; problems: ActivityProblem[] }> {
  const lines: ActivityLine[] = [];
  for (const file of await activityFiles(dir)) {
    const text = await readFile(file, 'utf8');
    const name = path.basename(file);
    text.split('\n').forEach((line, i) => {
      lines.push({ file: name, line: i + 1, text: line });
    });
  }
  return checkChain(lines);
}

/** The entries that pass the filter, newest first. */
export function queryActivity(entries: readonly ActivityEntry[], filter: ActivityFilter): ActivityEntry[] {
  const found = filter.search?.trim() ? searched(entries, filter.search) : undefined;
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

/** The positions of the entries whose tool, server and arguments hold every word of `query` (MiniSearch). */
function searched(entries: readonly ActivityEntry[], query: string): Set<number> {
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    searchOptions: { prefix: true, combineWith: 'AND' },
  });
  index.addAll(entries.map((e, id) => ({ id, text: searchText(e) })));
  return new Set(index.search(query).map((r) => r.id as number));
}

/** What a search reads of an entry: its tool and server, and its arguments' keys and values. */
export function searchText(e: ActivityEntry): string {
  if (e.kind !== 'tool-call') return e.kind;
  return `${e.tool} ${e.server} ${JSON.stringify(e.arguments ?? null)}`;
}
