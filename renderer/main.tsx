import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { HostContext } from './components/HostContext';
import { preloadMarkdown } from './components/Markdown';
import { connectToHost } from './hostClient';
import { bindStore } from './state/store';
import './styles.css';

const host = connectToHost();
bindStore(host);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HostContext.Provider value={host}>
      <App />
    </HostContext.Provider>
  </StrictMode>,
);
// The Markdown chunk, fetched once the first screen is up, so replies are formatted when they show.
setTimeout(preloadMarkdown, 0);
