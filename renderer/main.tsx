import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { HostContext } from './components/HostContext';
import { preloadMarkdown } from './components/Markdown';
import { linkInAddress } from './features/install/openedLink';
import { connectToHost } from './hostClient';
import { syncAddress } from './state/addressSync';
import { bindStore, useApp } from './state/store';
import './styles.css';

const host = connectToHost();
bindStore(host);
// Opened with an install link: its preview on Servers (whose address then replaces the link's).
const opened = linkInAddress(window.location.href);
if (opened !== undefined) useApp.setState({ pane: 'servers', openedLink: opened });
// The address bar follows the page and conversation open, and opens the ones it names.
syncAddress(host);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HostContext.Provider value={host}>
      <App />
    </HostContext.Provider>
  </StrictMode>,
);
// The Markdown chunk, fetched once the first screen is up, so replies are formatted when they show.
setTimeout(preloadMarkdown, 0);
