import { useState } from 'react';
import { useApp } from '../../state/store';
import { BrowseDialog } from '../install/BrowseDialog';
import { LinkDialog } from '../install/LinkDialog';
import { ImportDialog } from './ImportDialog';
import { ServerCard } from './ServerCard';
import { ServerEditor } from './ServerEditor';

export function ServersPage() {
  const servers = useApp((s) => s.servers);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [browsing, setBrowsing] = useState<{ entry?: string }>();
  const [linking, setLinking] = useState(false);
  const openedLink = useApp((s) => s.openedLink);
  const notify = useApp((s) => s.notify);
  const closeLink = () => {
    setLinking(false);
    useApp.setState({ openedLink: undefined });
  };
  const installed = (server: string) => {
    setBrowsing(undefined);
    closeLink();
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
        <button type="button" onClick={() => setBrowsing({})}>
          Browse…
        </button>
        <button type="button" onClick={() => setLinking(true)}>
          Add from link…
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
      {browsing && (
        <BrowseDialog
          {...(browsing.entry ? { entry: browsing.entry } : {})}
          onClose={() => setBrowsing(undefined)}
          onInstalled={installed}
        />
      )}
      {(linking || openedLink !== undefined) && (
        <LinkDialog
          // A link opened while one is shown is read afresh (its own preview, nothing of the last kept).
          key={openedLink ?? 'typed'}
          {...(openedLink !== undefined
            ? { initialLink: openedLink, from: 'opened from a web address' }
            : {})}
          onClose={closeLink}
          onAdded={(added) => added.forEach(installed)}
          onRegistry={(entry) => {
            closeLink();
            setBrowsing({ entry });
          }}
        />
      )}
    </section>
  );
}
