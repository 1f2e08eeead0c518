import { type Pane, useApp } from '../state/store';

const PANES: { id: Pane; label: string }[] = [
  { id: 'chats', label: 'Chats' },
  { id: 'servers', label: 'Servers' },
  { id: 'logs', label: 'Logs' },
];

export function Sidebar() {
  const pane = useApp((s) => s.pane);
  const setPane = useApp((s) => s.setPane);
  const servers = useApp((s) => s.servers);
  const failing = servers.filter((s) => s.state.status === 'error').length;
  const waiting = servers.filter((s) => s.trustRequired).length;
  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="brand">Switchboard</div>
      {PANES.map((p) => (
        <button
          key={p.id}
          type="button"
          className={p.id === pane ? 'nav active' : 'nav'}
          aria-current={p.id === pane ? 'page' : undefined}
          onClick={() => setPane(p.id)}
        >
          {p.label}
          {p.id === 'servers' && failing + waiting > 0 && (
            <span className="badge" title={`${failing} in error, ${waiting} waiting for trust`}>
              {failing + waiting}
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}
