import { Sidebar } from './components/Sidebar';
import { LogsPage } from './features/logs/LogsPage';
import { ServersPage } from './features/servers/ServersPage';
import { useApp } from './state/store';

export function App() {
  const pane = useApp((s) => s.pane);
  const connected = useApp((s) => s.connected);
  const error = useApp((s) => s.error);
  return (
    <div className="frame">
      <Sidebar />
      <main className="main">
        {!connected && (
          <p className="banner" role="status">
            Connecting to Switchboard…
          </p>
        )}
        {error && (
          <p className="banner error" role="alert">
            {error}
          </p>
        )}
        {pane === 'servers' && <ServersPage />}
        {pane === 'logs' && <LogsPage />}
        {pane === 'chats' && <p className="muted">Chats arrive with the chat feature.</p>}
      </main>
    </div>
  );
}
