import { Notices } from './components/Notices';
import { SafeText } from './components/SafeText';
import { Sidebar } from './components/Sidebar';
import { ChatPage } from './features/chat/ChatPage';
import { ConsentHost } from './features/consent/ConsentHost';
import { FirstRunChecklist } from './features/firstRun/FirstRunChecklist';
import { LogsPage } from './features/logs/LogsPage';
import { PromptsPage } from './features/prompts/PromptsPage';
import { ResourcesPage } from './features/resources/ResourcesPage';
import { RootsPage } from './features/roots/RootsPage';
import { ServersPage } from './features/servers/ServersPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { useApp } from './state/store';

export function App() {
  const pane = useApp((s) => s.pane);
  const connected = useApp((s) => s.connected);
  const error = useApp((s) => s.error);
  const clearError = () => useApp.setState({ error: undefined });
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
            {/* Errors carry what a server or the model API said. */}
            <SafeText text={error} />{' '}
            <button type="button" className="link" onClick={clearError}>
              Dismiss
            </button>
          </p>
        )}
        <FirstRunChecklist />
        {pane === 'servers' && <ServersPage />}
        {pane === 'resources' && <ResourcesPage />}
        {pane === 'prompts' && <PromptsPage />}
        {pane === 'roots' && <RootsPage />}
        {pane === 'logs' && <LogsPage />}
        {pane === 'settings' && <SettingsPage />}
        {pane === 'chats' && <ChatPage />}
      </main>
      <Notices />
      <ConsentHost />
    </div>
  );
}
