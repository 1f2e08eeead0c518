import {
  Activity,
  Cable,
  FileText,
  Folder,
  type LucideIcon,
  MessageSquare,
  ScrollText,
  Server,
  Settings,
  SquareTerminal,
} from 'lucide-react';
import { describeConsent } from '../features/consent/ConsentQueue';
import { selectServersNeedingAttention } from '../state/slices/servers';
import { type Pane, useApp } from '../state/store';
import { SafeText } from './SafeText';

const PANES: { id: Pane; label: string; icon: LucideIcon }[] = [
  { id: 'chats', label: 'Chats', icon: MessageSquare },
  { id: 'servers', label: 'Servers', icon: Server },
  { id: 'resources', label: 'Resources', icon: FileText },
  { id: 'prompts', label: 'Prompts', icon: SquareTerminal },
  { id: 'roots', label: 'Folders', icon: Folder },
  { id: 'logs', label: 'Logs', icon: ScrollText },
  { id: 'activity', label: 'Activity', icon: Activity },
  { id: 'settings', label: 'Settings', icon: Settings },
];

export function Sidebar() {
  const pane = useApp((s) => s.pane);
  const setPane = useApp((s) => s.setPane);
  const attention = useApp(selectServersNeedingAttention);
  const consents = useApp((s) => s.consents);
  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="brand">
        <Cable className="brand-mark" aria-hidden="true" />
        Switchboard
      </div>
      {PANES.map((p) => (
        <button
          key={p.id}
          type="button"
          className={p.id === pane ? 'nav active' : 'nav'}
          aria-current={p.id === pane ? 'page' : undefined}
          onClick={() => setPane(p.id)}
        >
          <span className="nav-label">
            <p.icon className="nav-icon" aria-hidden="true" />
            {p.label}
          </span>
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
