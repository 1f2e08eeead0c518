import { FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { rootsOf } from '../../state/slices/roots';
import { useApp } from '../../state/store';
import { commandLineFolders } from './commandLineFolders';
import { DirectoryBrowser } from './DirectoryBrowser';
import { notReceivingWhy, rootsReceivers } from './rootsReceivers';

/**
 * The folders servers may see (roots). One global list that every server receives, unless a server
 * has a list of its own. Changes reach the servers at once (notifications/roots/list_changed).
 */
export function RootsPage() {
  const roots = useApp((s) => s.roots);
  const servers = useApp((s) => s.servers);
  const host = useHost();
  const run = useApp((s) => s.run);
  // Which list the folder browser adds to: undefined when closed, null for the global list.
  const [browsingFor, setBrowsingFor] = useState<string | null | undefined>(undefined);
  const [typed, setTyped] = useState('');

  const add = (server: string | null) => {
    if (roots.nativePicker) void run(() => host.call('pickRootDirectory', server));
    else setBrowsingFor(server);
  };
  const following = servers.filter((s) => !roots.servers[s.id]);
  const { receiving, notNow } = rootsReceivers(following);
  const withFolders = servers.filter((s) => commandLineFolders(s).length > 0);

  const list = (dirs: string[], server: string | null) => (
    <ul className="root-list">
      {dirs.map((d) => (
        <li key={d}>
          <code>
            <SafeText text={d} />
          </code>
          <button
            type="button"
            aria-label={`Remove ${revealAsText(d)}`}
            onClick={() => run(() => host.call('removeRoot', d, server))}
          >
            Remove
          </button>
        </li>
      ))}
      {dirs.length === 0 && (
        <li className="muted">
          No folders chosen here: servers are given none from Switchboard (what a server was given on its own
          command line is up to that server).
        </li>
      )}
    </ul>
  );

  return (
    <section aria-labelledby="roots-title">
      <h1 id="roots-title">Folders servers may see</h1>
      {withFolders.length > 0 && (
        <p className="warning" role="note">
          {withFolders.map((s, i) => (
            <span key={s.id}>
              {i > 0 && '; '}
              <SafeText text={s.id} /> was started with <SafeText text={commandLineFolders(s).join(', ')} />
            </span>
          ))}
          . A server that takes folders from here, like the filesystem server, sees only these once there are
          any — not the ones on its command line.
        </p>
      )}
      <section className="card" aria-label="Every server">
        <h2>Every server</h2>
        <p className="muted">
          {following.length === 0 ? (
            'Received by no server (each has its own list).'
          ) : (
            <>
              Received by{' '}
              {receiving.length > 0 ? <SafeText text={receiving.join(', ')} /> : 'no running server'}.
              {notNow.length > 0 && (
                <>
                  {' '}
                  Not running, so not received now:{' '}
                  <SafeText text={notNow.map((s) => `${s.id} (${s.why})`).join(', ')} />.
                </>
              )}
            </>
          )}
        </p>
        {list(roots.global, null)}
        <div className="row">
          <button type="button" className="primary" onClick={() => add(null)}>
            <FolderPlus aria-hidden="true" />
            Add folder…
          </button>
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              const path = typed.trim();
              if (path) void run(() => host.call('addRoot', path, null)).then(() => setTyped(''));
            }}
          >
            <input
              aria-label="Folder path"
              placeholder="or type a path"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <button type="submit">Add</button>
          </form>
        </div>
      </section>
      {servers.map((s) => {
        const own = roots.servers[s.id];
        return (
          <section className="card" key={s.id} aria-label={`Folders for ${s.id}`}>
            <h2>{s.id}</h2>
            {own ? (
              <>
                <p className="muted">Its own list:</p>
                {list(rootsOf(roots, s.id), s.id)}
                <div className="row">
                  <button type="button" onClick={() => add(s.id)}>
                    Add folder…
                  </button>
                  <button type="button" onClick={() => run(() => host.call('useGlobalRoots', s.id))}>
                    Use the list for every server
                  </button>
                </div>
              </>
            ) : (
              <div className="row">
                <span className="muted">
                  {notReceivingWhy(s)
                    ? `Follows the list above, but is sent no folders now (${notReceivingWhy(s)}).`
                    : 'Sees the folders above.'}
                </span>
                <button type="button" onClick={() => add(s.id)}>
                  Give it a folder of its own…
                </button>
              </div>
            )}
          </section>
        );
      })}
      {browsingFor !== undefined && (
        <DirectoryBrowser
          onClose={() => setBrowsingFor(undefined)}
          onChoose={(path) => {
            const server = browsingFor;
            setBrowsingFor(undefined);
            void run(() => host.call('addRoot', path, server));
          }}
        />
      )}
    </section>
  );
}
