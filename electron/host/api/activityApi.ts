import type { ActivityEntry } from '../../../shared/host/activity';
import { serverOf } from '../../../shared/host/activityLinks';
import { activityWords } from '../../../shared/host/activityWords';
import type { ACTIVITY_METHODS } from '../../../shared/ipc/activityContract';
import type { AreaApi } from '../../../shared/ipc/contract';
import type { HostParts } from '../hostParts';

/** The activity area of the contract: the record read back, a page at a time, and exported. */
export function activityApi(host: HostParts) {
  const reader = host.activityReader;
  return {
    async getActivityNotice() {
      return host.activityNotices.current();
    },
    async getActivity(filter, offset, limit) {
      // What this process has recorded is on disk before it is read.
      await host.activity.flush();
      const { entries, recorded, problems } = await reader.query(filter);
      // The page is open: a search will follow soon enough to have the words indexed now.
      reader.prepareSearch();
      return {
        entries: entries.slice(offset, offset + limit),
        total: entries.length,
        recorded,
        problems: [...problems],
      };
    },
    async exportActivity(format, filter) {
      await host.activity.flush();
      const { entries } = await reader.query(filter);
      return format === 'jsonl' ? entries.map((e) => `${JSON.stringify(e)}\n`).join('') : csvOf(entries);
    },
  } satisfies AreaApi<typeof ACTIVITY_METHODS>;
}

const COLUMNS = [
  'time',
  'source',
  'kind',
  'server',
  'tool',
  'what',
  'asked by',
  'decision',
  'outcome',
  'reason',
  'arguments',
  'result sha256',
  'result bytes',
  'hash',
];

/** One row per entry, RFC 4180 quoting; a cell that a spreadsheet would run as a formula is quoted as text. */
function csvOf(entries: readonly ActivityEntry[]): string {
  const rows = entries.map((e) => {
    const call = e.kind === 'tool-call' ? e : undefined;
    const asker = call
      ? call.asker.kind === 'model'
        ? `model${call.asker.conversationId ? ` ${call.asker.conversationId}` : ''}`
        : call.asker.kind === 'view'
          ? `view ${call.asker.viewId}`
          : call.asker.kind
      : '';
    return [
      new Date(e.at).toISOString(),
      e.source,
      e.kind,
      serverOf(e) ?? '',
      call?.tool ?? '',
      activityWords(e),
      asker,
      'decision' in e ? e.decision : '',
      'outcome' in e ? e.outcome : '',
      'reason' in e ? (e.reason ?? '') : '',
      call ? JSON.stringify(call.arguments) : '',
      call?.result?.sha256 ?? '',
      call?.result ? String(call.result.bytes) : '',
      e.hash,
    ];
  });
  return `${[COLUMNS, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

const cell = (text: string) => {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
};
