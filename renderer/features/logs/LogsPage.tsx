import { Copy, Download } from 'lucide-react';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LogSource } from '../../../shared/host/serverView';
import { LOGGING_LEVELS, type LoggingLevel } from '../../../shared/mcp/protocol';
import { ChoiceField } from '../../components/ChoiceField';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { saveFile } from '../../components/saveFile';
import { VirtualList } from '../../components/VirtualList';
import { useApp } from '../../state/store';
import { FilteredLogs } from './logBook';
import { formatLogLine, LOG_SOURCES } from './logFilter';

/** Longer entries (a wire trace of a big result) show their start until opened. */
const LONG = 400;
const isLong = (text: string) => text.length > LONG;

const toggle = <T,>(set: ReadonlySet<T>, v: T): Set<T> => {
  const next = new Set(set);
  if (next.has(v)) next.delete(v);
  else next.add(v);
  return next;
};

/**
 * Every server's log, or one server's: level, source and logger filters, text search, the server's
 * own log level, follow tail, copy and export. Virtualised: 100k entries scroll smoothly.
 */
export function LogsPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const logs = useApp((s) => s.logs);
  const version = useLogsVersion();
  const dropped = useApp((s) => s.logsDropped);
  const servers = useApp((s) => s.servers);
  const view = useApp((s) => s.logView);
  const { server, levels, sources, logger, text } = view;
  const setView = useApp((s) => s.setLogView);
  const setServer = (v: string | undefined) => setView({ server: v });
  const setLevels = (f: (l: ReadonlySet<LoggingLevel>) => ReadonlySet<LoggingLevel>) =>
    setView({ levels: f(levels) });
  const setSources = (f: (l: ReadonlySet<LogSource>) => ReadonlySet<LogSource>) =>
    setView({ sources: f(sources) });
  const setLogger = (v: string | undefined) => setView({ logger: v });
  const setText = (v: string) => setView({ text: v });
  const [follow, setFollow] = useState(true);
  const [copied, setCopied] = useState(false);

  // Kept across renders and brought up to date with each batch: only what is new is filtered. The
  // book's front as it was then goes with it (the book changes in place, ahead of this render).
  const filtered = useRef(new FilteredLogs());
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger (the book changes in place)
  const { shown, front } = useMemo(
    () => ({ shown: filtered.current.update(logs, view), front: `${logs.generation}:${logs.evicted}` }),
    [logs, view, version],
  );
  // The same function while entries are only added: the list re-measures its 100,000 rows only when
  // the first ones change (a filter, entries let go of), not on every render (a click).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's front moves with these
  const itemKey = useCallback((i: number) => shown.at(i)!.seq, [shown, view, front]);
  const loggers = useApp((s) => s.loggers);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [tracing, setTracing] = useState<boolean>();

  const selected = servers.find((s) => s.id === server);
  const canSetLevel =
    selected?.state.status === 'running' && selected.state.capabilities.logging !== undefined;
  const exportFile = () =>
    saveFile(
      `switchboard-${server ?? 'all'}-${new Date().toISOString().replaceAll(':', '-')}.log`,
      shown.toArray().map(formatLogLine).join('\n'),
    );

  return (
    <section aria-labelledby="logs-title" className="logs-page">
      <h1 id="logs-title">Logs</h1>
      <div className="log-controls">
        <ChoiceField
          id="log-server"
          label="Server"
          none="All servers"
          value={server}
          options={servers.map((s) => [s.id, s.id] as const)}
          onChange={setServer}
        />
        {!server && <span className="muted">Pick a server to set the level it sends its log from.</span>}
        {server && !canSetLevel && (
          <span className="muted">
            {selected?.state.status === 'running'
              ? 'This server does not offer log levels.'
              : 'The level can be set while the server runs.'}
          </span>
        )}
        {canSetLevel && (
          <span className="field-pair">
            <label htmlFor="log-set-level">Server sends from</label>
            <select
              id="log-set-level"
              defaultValue=""
              onChange={(e) =>
                e.target.value &&
                void run(() => host.call('setLogLevel', server!, e.target.value as LoggingLevel))
              }
            >
              <option value="">(its level…)</option>
              {LOGGING_LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </span>
        )}
        {selected && (
          <label className="check" title="Every message to and from this server, in full, in its log">
            <input
              type="checkbox"
              checked={tracing ?? selected.wireTrace}
              onChange={(e) => {
                const on = e.target.checked;
                setTracing(on); // shown at once; the server's view confirms it
                void run(() => host.call('setWireTrace', selected.id, on)).finally(() =>
                  setTracing(undefined),
                );
              }}
            />{' '}
            Record the wire
          </label>
        )}
        <span className="field-pair">
          <label htmlFor="log-logger">Logger</label>
          <select
            id="log-logger"
            value={logger ?? ''}
            onChange={(e) => setLogger(e.target.value || undefined)}
          >
            <option value="">Any</option>
            {loggers.map((l) => (
              // A logger's name is the server's: an <option> holds only text, so it shows the revealed name.
              <option key={l} value={l}>
                {revealAsText(l)}
              </option>
            ))}
          </select>
        </span>
        <input
          type="search"
          aria-label="Search logs"
          placeholder="Search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label className="check">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
        </label>
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(shown.toArray().map(formatLogLine).join('\n')).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            })
          }
        >
          <Copy aria-hidden="true" />
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={exportFile}>
          <Download aria-hidden="true" />
          Export
        </button>
      </div>
      <fieldset className="chips" aria-label="Levels and sources">
        {LOGGING_LEVELS.map((l) => (
          <label key={l} className={`chip log-${l}`}>
            <input type="checkbox" checked={levels.has(l)} onChange={() => setLevels((s) => toggle(s, l))} />{' '}
            {l}
          </label>
        ))}
        <span className="sep" />
        {LOG_SOURCES.map((s) => (
          <label key={s} className="chip">
            <input
              type="checkbox"
              checked={sources.has(s)}
              onChange={() => setSources((x) => toggle(x, s))}
            />{' '}
            {s}
          </label>
        ))}
      </fieldset>
      <p className="muted" aria-live="polite">
        {shown.length.toLocaleString()} of {logs.length.toLocaleString()} entries
        {logs.evicted > 0 && (
          <>
            {' '}
            · the {logs.evicted.toLocaleString()} oldest let go of (the newest {logs.max.toLocaleString()} are
            kept)
          </>
        )}
      </p>
      {dropped > 0 && (
        <p className="banner warning" role="status" data-logs-dropped={dropped}>
          {dropped.toLocaleString()} lines dropped: they came faster than this page could take them. The
          server's log file has every line.
        </p>
      )}
      <VirtualList
        className="log-scroller"
        label="Log entries"
        count={shown.length}
        itemKey={itemKey}
        estimateSize={22}
        overscan={20}
        follow={follow}
        onFollowChange={setFollow}
        rowClassName={(i) => `log log-${shown.at(i)!.level}`}
        renderRow={(i) => {
          const e = shown.at(i)!;
          return (
            <>
              <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleTimeString()}</time>
              <span className="log-server">{e.server}</span>
              <span className="log-source">
                {e.level} {e.source}
                {e.logger && (
                  <>
                    :<SafeText text={e.logger} />
                  </>
                )}
              </span>
              <span className="log-text">
                {isLong(e.text) && !expanded.has(e.seq) ? (
                  <>
                    <SafeText text={e.text.slice(0, LONG)} />
                    <button
                      type="button"
                      className="link"
                      onClick={() => setExpanded((x) => toggle(x, e.seq))}
                    >
                      … all {e.text.length.toLocaleString()} characters
                    </button>
                  </>
                ) : (
                  <SafeText text={e.text} />
                )}
              </span>
            </>
          );
        }}
      />
    </section>
  );
}

/**
 * The log book's version, taken in as a transition: a batch's render (filtering, laying out the rows)
 * runs in slices a click can interrupt, so the page answers at once under a flood (issue 33 §4). A
 * store selector would render every batch at once, ahead of any input waiting.
 */
function useLogsVersion(): number {
  const [version, setVersion] = useState(() => useApp.getState().logsVersion);
  useEffect(() => {
    // What came between the first render and now.
    setVersion(useApp.getState().logsVersion);
    return useApp.subscribe((s, before) => {
      if (s.logsVersion !== before.logsVersion) startTransition(() => setVersion(s.logsVersion));
    });
  }, []);
  return version;
}
