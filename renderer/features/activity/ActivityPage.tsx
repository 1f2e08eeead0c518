import { Download } from 'lucide-react';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import type { ActivityEntry } from '../../../shared/host/activity';
import { conversationOf, serverOf } from '../../../shared/host/activityLinks';
import { activityWords } from '../../../shared/host/activityWords';
import type { ActivityPage as Page } from '../../../shared/ipc/activityContract';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { saveFile } from '../../components/saveFile';
import { VirtualList } from '../../components/VirtualList';
import { openConversation, openToolCall } from '../../state/navigation';
import { useApp } from '../../state/store';
import { ActivityFilters, type Filter } from './ActivityFilters';
import { askerText, decisionText, detailsOf } from './activityText';

/** Entries read from the host at a time, as the list scrolls to them. */
const PAGE = 200;
/** The time of an entry as `toLocaleString` writes it, by one formatter (not one made for each row). */
const TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * The activity record: every tool call of the app and `mcp chat` — who asked, how it was decided,
 * how it ended — newest first, filtered and searched by the host, read a page at a time as the list
 * scrolls (100,000 entries are never all in the page), exported as JSON Lines or CSV. The list holds
 * the pages read and one more (as rows still to come): its size, and what working out where its rows
 * go costs, grows with what was read, not with the record. Where the
 * record's chain does not hold (a line edited, removed or unreadable) it says so first.
 */
export function ActivityPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const version = useApp((s) => s.activityVersion);
  const [filter, setFilter] = useState<Filter>({});
  const [head, setHead] = useState<Omit<Page, 'entries'>>();
  const [rows, setRows] = useState<ReadonlyMap<number, ActivityEntry>>(new Map());
  // How many pages from the top the list holds rows for (read, or being read); new words: from the top.
  const [reach, setReach] = useState(0);
  // A new list for each filter: it starts at its top (the newest entry that passes), not where the
  // last one was scrolled to (which would have its pages read down to there, one after another).
  const [listKey, setListKey] = useState(0);
  const changeFilter = (next: Filter) => {
    setFilter(next);
    setReach(0);
    setListKey((k) => k + 1);
    // The rows of the last filter go at once: one of them found again among the new rows would be
    // kept where it was on screen (the list keeps rows in place when rows come before them).
    setRows(new Map());
  };
  const [open, setOpen] = useState<string>();
  // Pages asked for under the current filter and version (each once).
  const asked = useRef(new Set<number>());
  const generation = useRef(0);

  const readPage = (page: number, gen: number) => {
    if (asked.current.has(page)) return;
    asked.current.add(page);
    void run(async () => {
      const got = await host.call('getActivity', filter, page * PAGE, PAGE).catch((error: unknown) => {
        // Said (run); its rows stay unread, and the list still reaches past them.
        if (gen === generation.current) setReach((r) => Math.max(r, page + 1));
        throw error;
      });
      if (gen !== generation.current) return;
      const { entries, ...rest } = got;
      setHead(rest);
      setReach((r) => Math.max(r, page + 1));
      setRows((before) => {
        const next = new Map(page === 0 ? [] : before);
        entries.forEach((e, i) => {
          next.set(page * PAGE + i, e);
        });
        return next;
      });
    });
  };
  // A new filter, or entries recorded: read again from the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filter and version are the triggers
  useEffect(() => {
    generation.current++;
    asked.current = new Set();
    readPage(0, generation.current);
  }, [filter, version]);

  const exportAs = (format: 'jsonl' | 'csv') =>
    void run(async () =>
      saveFile(
        `switchboard-activity-${new Date().toISOString().replaceAll(':', '-')}.${format}`,
        await host.call('exportActivity', format, filter),
      ),
    );

  const total = head?.total ?? 0;
  // The same function until a page of entries comes: the list works out where each of its rows goes
  // again only then, not on every render (a word typed, a row opened). A row not read yet is keyed by
  // its place.
  const itemKey = useCallback((i: number) => rows.get(i)?.hash ?? i, [rows]);
  return (
    <section aria-labelledby="activity-title" className="activity-page">
      <h1 id="activity-title">Activity</h1>
      <ActivityFilters filter={filter} onChange={changeFilter}>
        <button type="button" onClick={() => exportAs('jsonl')}>
          <Download aria-hidden="true" />
          Export JSON Lines
        </button>
        <button type="button" onClick={() => exportAs('csv')}>
          <Download aria-hidden="true" />
          Export CSV
        </button>
      </ActivityFilters>
      {head && head.problems.length > 0 && (
        <div className="banner warning" role="alert" data-activity-problems={head.problems.length}>
          <p>
            The record does not hold together at{' '}
            {head.problems.length === 1 ? 'one place' : `${head.problems.length} places`}: a line was edited,
            removed or cannot be read. What can be read is shown.
          </p>
          <ul>
            {head.problems.slice(0, 5).map((p) => (
              <li key={`${p.file}:${p.line}`}>
                {p.file} line {p.line}: {p.problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="muted" aria-live="polite">
        {head
          ? `${total.toLocaleString()} of ${head.recorded.toLocaleString()} entries`
          : 'Reading the record…'}
        {head && head.recorded === 0 && ' — tool calls are recorded here as they happen.'}
      </p>
      <VirtualList
        key={listKey}
        className="activity-scroller"
        label="Activity entries"
        count={Math.min(total, (reach + 1) * PAGE)}
        itemKey={itemKey}
        estimateSize={28}
        overscan={20}
        follow={false}
        onFollowChange={() => {}}
        rowClassName={(i) => `activity-row activity-${rowOutcome(rows.get(i))}`}
        renderRow={(i) => {
          const e = rows.get(i);
          if (!e) {
            // Asked for after this render (it sets state), once per page.
            const gen = generation.current;
            queueMicrotask(() => readPage(Math.floor(i / PAGE), gen));
            return <span className="muted">…</span>;
          }
          return (
            <ActivityRow
              entry={e}
              open={open === e.hash}
              onToggle={() => setOpen(open === e.hash ? undefined : e.hash)}
              onConversation={(id) => void run(() => openConversation(host, id))}
              onToolCall={(id, toolUseId) => void run(() => openToolCall(host, id, toolUseId))}
              onOnlyConversation={(id) => changeFilter({ ...filter, conversation: id })}
            />
          );
        }}
      />
    </section>
  );
}

const rowOutcome = (e: ActivityEntry | undefined) =>
  e && 'outcome' in e ? e.outcome : (e?.kind ?? 'loading');

function ActivityRow({
  entry: e,
  open,
  onToggle,
  onConversation,
  onOnlyConversation,
  onToolCall,
}: {
  entry: ActivityEntry;
  open: boolean;
  onToggle: () => void;
  onConversation: (id: string) => void;
  onOnlyConversation: (id: string) => void;
  onToolCall: (conversation: string, toolUseId: string) => void;
}) {
  const when = new Date(e.at);
  const time = <time dateTime={when.toISOString()}>{TIME.format(when)}</time>;
  if (e.kind === 'rotated' || e.kind === 'not-recorded')
    return (
      <span>
        {time} · <SafeText text={activityWords(e)} oneLine />
      </span>
    );
  const conversation = conversationOf(e);
  const toolUseId = e.kind === 'tool-call' && e.asker.kind === 'model' ? e.asker.toolUseId : undefined;
  const server = serverOf(e);
  return (
    <div className="activity-entry">
      <button type="button" className="link activity-summary" aria-expanded={open} onClick={onToggle}>
        {time} ·{' '}
        {e.kind === 'tool-call' ? (
          <>
            <SafeText text={e.server || '(no server)'} oneLine /> · <SafeText text={e.tool} oneLine /> ·{' '}
            <span className="activity-outcome">{e.outcome}</span> · {decisionText(e.decision)} · asked by{' '}
            {askerText(e.asker)}
          </>
        ) : (
          <SafeText text={activityWords(e)} oneLine />
        )}
        {e.source === 'cli' && ' · mcp chat'}
      </button>
      {open && (
        <dl className="activity-details">
          {detailsOf(e).map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>
                {value.includes('\n') ? (
                  <pre>
                    <SafeText text={value} />
                  </pre>
                ) : (
                  <SafeText text={value} />
                )}
              </dd>
            </Fragment>
          ))}
          {(conversation || server) && (
            <>
              <dt>Go to</dt>
              <dd className="activity-links">
                {conversation && toolUseId && (
                  <button type="button" onClick={() => onToolCall(conversation, toolUseId)}>
                    Show the call
                  </button>
                )}
                {conversation && (
                  <>
                    <button type="button" onClick={() => onConversation(conversation)}>
                      Open the conversation
                    </button>
                    <button type="button" onClick={() => onOnlyConversation(conversation)}>
                      Only this conversation
                    </button>
                  </>
                )}
                {server && (
                  <button type="button" onClick={() => showServer(server)}>
                    Show the server
                  </button>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}

/** Servers, with this server's card in view and focused (where the command palette's pick goes). */
function showServer(server: string) {
  void useApp.getState().setPane('servers');
  useApp.setState({ shownServer: { server } });
}
