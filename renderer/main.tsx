import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { HostContext } from './components/HostContext';
import { preloadMarkdown } from './components/Markdown';
import { linkInAddress } from './features/install/openedLink';
import { connectToHost } from './hostClient';
import { bindStore, useApp } from './state/store';
import './styles.css';

const host = connectToHost();
bindStore(host);
// Opened with an install link: its preview on Servers, and the address back to the app's own.
const opened = linkInAddress(window.location.href);
if (opened !== undefined) {
  useApp.setState({ pane: 'servers', openedLink: opened });
  window.history.replaceState(null, '', '/');
}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HostContext.Provider value={host}>
      <App />
    </HostContext.Provider>
  </StrictMode>,
);
// The Markdown chunk, fetched once the first screen is up, so replies are formatted when they show.
setTimeout(preloadMarkdown, 0);
