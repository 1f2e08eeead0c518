import { lazy, Suspense, useDeferredValue } from 'react';
import { Notices } from './components/Notices';
import { SafeText } from './components/SafeText';
import { Sidebar } from './components/Sidebar';
import { ActivityNoticeBanner } from './features/activity/ActivityNoticeBanner';
import { ChatPage } from './features/chat/ChatPage';
import { ConsentHost } from './features/consent/ConsentHost';
import { FirstRunChecklist } from './features/firstRun/FirstRunChecklist';
import { KeyboardShortcuts } from './features/keyboard/KeyboardShortcuts';
import { ServersPage } from './features/servers/ServersPage';
import { useApp } from './state/store';

// The pages a person opens now and then: each its own chunk, fetched when first opened.
const ActivityPage = lazy(() =>
  import('./features/activity/ActivityPage').then((m) => ({ default: m.ActivityPage })),
);
const LogsPage = lazy(() => import('./features/logs/LogsPage').then((m) => ({ default: m.LogsPage })));
const PromptsPage = lazy(() =>
  import('./features/prompts/PromptsPage').then((m) => ({ default: m.PromptsPage })),
);
const ResourcesPage = lazy(() =>
  import('./features/resources/ResourcesPage').then((m) => ({ default: m.ResourcesPage })),
);
const RootsPage = lazy(() => import('./features/roots/RootsPage').then((m) => ({ default: m.RootsPage })));
const SettingsPage = lazy(() =>
  import('./features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);

export function App() {
  // The sidebar marks the page picked at once; the page itself is drawn right after, in a render the
  // next click interrupts: the click answers in its own frame however much the page it leaves or
  // opens holds (fifty servers' cards made or unmade took a switch past 50 ms).
  const picked = useApp((s) => s.pane);
  const pane = useDeferredValue(picked);
  const connected = useApp((s) => s.connected);
  const error = useApp((s) => s.error);
  const clearError = () => useApp.setState({ error: undefined });
  return (
    <div className="frame">
      <Sidebar />
      {/* Chats is the window's height, its transcript the one part that scrolls: Send stays in view
          whatever shows above it. Other pages are as long as they are, and the window scrolls. */}
      <main className={pane === 'chats' ? 'main fills' : 'main'} aria-busy={pane !== picked || undefined}>
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
        <ActivityNoticeBanner />
        <FirstRunChecklist />
        {pane === 'servers' && <ServersPage />}
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {pane === 'resources' && <ResourcesPage />}
          {pane === 'prompts' && <PromptsPage />}
          {pane === 'roots' && <RootsPage />}
          {pane === 'logs' && <LogsPage />}
          {pane === 'activity' && <ActivityPage />}
          {pane === 'settings' && <SettingsPage />}
        </Suspense>
        {pane === 'chats' && <ChatPage />}
      </main>
      <Notices />
      <ConsentHost />
      <KeyboardShortcuts />
    </div>
  );
}
