import { useState } from 'react';
import { useApp } from '../../state/store';
import { BrowseDialog } from '../install/BrowseDialog';
import { ImportDialog } from './ImportDialog';
import { ServerCard } from './ServerCard';
import { ServerEditor } from './ServerEditor';

export function ServersPage() {
  const servers = useApp((s) => s.servers);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const notify = useApp((s) => s.notify);
  const installed = (server: string) => {
    setBrowsing(false);
    notify(`Added ${server}`);
    // Where the new server's card says what happens next (the trust prompt, for a local command).
    requestAnimationFrame(() =>
      document.querySelector(`[data-server="${CSS.escape(server)}"]`)?.scrollIntoView({ block: 'center' }),
    );
  };
  return (
    <section aria-labelledby="servers-title">
      <div className="page-head">
        <h1 id="servers-title">Servers</h1>
        <button type="button" className="primary" onClick={() => setAdding(true)}>
          Add server
        </button>
        <button type="button" onClick={() => setBrowsing(true)}>
          Browse…
        </button>
        <button type="button" onClick={() => setImporting(true)}>
          Import…
        </button>
      </div>
      {encrypted === false && (
        <p className="warning" role="note">
          Secrets are stored in a file only you can read, but not encrypted.
        </p>
      )}
      {servers.length === 0 && <p className="muted">No servers configured yet.</p>}
      <div className="cards">
        {servers.map((s) => (
          <ServerCard key={s.id} server={s} />
        ))}
      </div>
      {adding && <ServerEditor onClose={() => setAdding(false)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {browsing && <BrowseDialog onClose={() => setBrowsing(false)} onInstalled={installed} />}
    </section>
  );
}
