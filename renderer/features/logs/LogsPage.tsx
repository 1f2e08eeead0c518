import { useApp } from '../../state/store';

/** The most recent entries of every server (the full viewer, virtualised and filtered, comes later). */
export function LogsPage() {
  const logs = useApp((s) => s.logs);
  const recent = logs.slice(-300);
  return (
    <section aria-labelledby="logs-title">
      <h1 id="logs-title">Logs</h1>
      <ol className="logs">
        {recent.map((e) => (
          <li key={e.seq} className={`log log-${e.level}`}>
            <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleTimeString()}</time>
            <span className="log-server">{e.server}</span>
            <span className="log-source">{e.source}</span>
            <span className="log-text">{e.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
