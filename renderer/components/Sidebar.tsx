import { describeConsent } from '../features/consent/ConsentQueue';
import { selectServersNeedingAttention } from '../state/slices/servers';
import { type Pane, useApp } from '../state/store';
import { SafeText } from './SafeText';

const PANES: { id: Pane; label: string }[] = [
  { id: 'chats', label: 'Chats' },
  { id: 'servers', label: 'Servers' },
  { id: 'resources', label: 'Resources' },
  { id: 'prompts', label: 'Prompts' },
  { id: 'roots', label: 'Folders' },
  { id: 'logs', label: 'Logs' },
  { id: 'activity', label: 'Activity' },
  { id: 'settings', label: 'Settings' },
];

export function Sidebar() {
  const pane = useApp((s) => s.pane);
  const setPane = useApp((s) => s.setPane);
  const attention = useApp(selectServersNeedingAttention);
  const consents = useApp((s) => s.consents);
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
          {p.id === 'servers' && attention > 0 && (
            <span className="badge" title={`${attention} in error or waiting for trust`}>
              {attention}
            </span>
          )}
        </button>
      ))}
      {consents.length > 0 && (
        <div className="pending" role="status" aria-label={`${consents.length} waiting for your answer`}>
          <span className="badge">{consents.length}</span> waiting for you
          <ul>
            {consents.map((c) => (
              <li key={c.id}>
                <SafeText text={describeConsent(c)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}
