import { FileDown, LayoutGrid, Link, Package, Plus } from 'lucide-react';
import { type DragEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { useApp } from '../../state/store';
import type { BundleSource } from '../install/BundleOpen';
import { ConfigProblemBanner } from './ConfigProblemBanner';
import { revealServer } from './revealServer';
import { ServerEditor } from './ServerEditor';
import { ServerGrid } from './ServerGrid';
import { TrustReview } from './TrustReview';

// Dialogs opened now and then — Browse, Add from link, a bundle, Import: each fetched on first use, so
// the start chunk holds none of them (issue 50: the start had grown to 199.8 kB gzip).
const BrowseDialog = lazy(() => import('../install/BrowseDialog').then((m) => ({ default: m.BrowseDialog })));
const BundleOpen = lazy(() => import('../install/BundleOpen').then((m) => ({ default: m.BundleOpen })));
const LinkDialog = lazy(() => import('../install/LinkDialog').then((m) => ({ default: m.LinkDialog })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** Shown in a dialog's place while its chunk comes (a moment, once). */
const loading = <p className="muted">Loading…</p>;

export function ServersPage() {
  const servers = useApp((s) => s.servers);
  const configProblem = useApp((s) => s.configProblem);
  // Secrets in a plain file are said so once there are any (a server's, a key, a sign-in): asked again
  // when the servers themselves change (a save may have stored one) — not on every status change.
  const [storage, setStorage] = useState<{ encrypted: boolean; holdsSecrets: boolean }>();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [browsing, setBrowsing] = useState<{ entry?: string }>();
  const [linking, setLinking] = useState(false);
  const [bundle, setBundle] = useState<BundleSource>();
  const [dropping, setDropping] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  // Local servers whose launch waits for the person (a refused one is never offered).
  const waiting = servers.filter((s) => s.trustRequired && !s.refused);
  const fileInput = useRef<HTMLInputElement>(null);
  const host = useHost();
  const serversKey = servers.map((s) => `${s.id}\u0000${s.target}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: serversKey is the trigger (a save may have stored a secret)
  useEffect(() => {
    let live = true;
    host.call('secretStorage').then(
      (s) => live && setStorage(s),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [host, serversKey]);
  // A server (or one of its tools) picked in the command palette: its card, in view and focused.
  // Many servers: its row is scrolled into the page first (the grid draws only the rows near it).
  const shown = useApp((s) => s.shownServer);
  const [revealing, setRevealing] = useState<string>();
  useEffect(() => {
    if (!shown) return;
    useApp.setState({ shownServer: undefined });
    setRevealing(shown.server);
    requestAnimationFrame(() => revealServer(document, shown.server, shown.tool));
  }, [shown]);
  // Electron opens bundles with its own file dialog (any size); the browser shell uploads the file.
  const pickBundle = async () => {
    const { nativeFilePicker } = await host.call('getBundleAbilities');
    if (nativeFilePicker) setBundle({ kind: 'native' });
    else fileInput.current?.click();
  };
  const isFileDrag = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const openedLink = useApp((s) => s.openedLink);
  const notify = useApp((s) => s.notify);
  const closeLink = () => {
    setLinking(false);
    useApp.setState({ openedLink: undefined });
  };
  const installed = (server: string) => {
    setBrowsing(undefined);
    setBundle(undefined);
    closeLink();
    notify(`Added ${server}`);
    // Where the new server's card says what happens next (the trust prompt, for a local command).
    requestAnimationFrame(() =>
      document.querySelector(`[data-server="${CSS.escape(server)}"]`)?.scrollIntoView({ block: 'center' }),
    );
  };
  return (
    <section
      aria-labelledby="servers-title"
      className={dropping ? 'drop-target' : undefined}
      onDragOver={(e) => {
        if (!isFileDrag(e)) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        if (!isFileDrag(e)) return;
        e.preventDefault();
        setDropping(false);
        const file = e.dataTransfer.files[0];
        if (file) setBundle({ kind: 'file', file });
      }}
    >
      <div className="page-head">
        <h1 id="servers-title">Servers</h1>
        <button type="button" className="primary" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add server
        </button>
        <button type="button" onClick={() => setBrowsing({})}>
          <LayoutGrid aria-hidden="true" />
          Browse…
        </button>
        <button type="button" onClick={() => setLinking(true)}>
          <Link aria-hidden="true" />
          Add from link…
        </button>
        <button type="button" onClick={() => setImporting(true)}>
          <FileDown aria-hidden="true" />
          Import…
        </button>
        <button type="button" onClick={() => void pickBundle()}>
          <Package aria-hidden="true" />
          Install bundle…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".mcpb,.dxt"
          hidden
          aria-label="Bundle file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) setBundle({ kind: 'file', file });
          }}
        />
      </div>
      <ConfigProblemBanner />
      {storage?.encrypted === false && storage.holdsSecrets && (
        <p className="warning" role="note">
          Secrets are stored in a file only you can read, but not encrypted.
        </p>
      )}
      {waiting.length > 1 && (
        <p className="banner" role="note">
          {waiting.length} servers wait for your trust before they run.{' '}
          <button type="button" onClick={() => setReviewing(true)}>
            Review all…
          </button>
        </p>
      )}
      {reviewing && waiting.length > 0 && (
        <TrustReview waiting={waiting} onClose={() => setReviewing(false)} />
      )}
      {servers.length === 0 && !configProblem && <p className="muted">No servers configured yet.</p>}
      <ServerGrid servers={servers} revealing={revealing} />
      {adding && <ServerEditor onClose={() => setAdding(false)} />}
      {dropping && <p className="muted drop-hint">Drop an MCP bundle (.mcpb) to install it.</p>}
      {bundle && (
        <Modal title="Install an MCP bundle" onEscape={() => setBundle(undefined)} wide>
          <Suspense fallback={loading}>
            <BundleOpen source={bundle} onInstalled={installed} onNothing={() => setBundle(undefined)} />
          </Suspense>
          <div className="actions">
            <button type="button" onClick={() => setBundle(undefined)}>
              Close
            </button>
          </div>
        </Modal>
      )}
      {importing && (
        <Suspense fallback={loading}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {browsing && (
        <Suspense fallback={loading}>
          <BrowseDialog
            {...(browsing.entry ? { entry: browsing.entry } : {})}
            onClose={() => setBrowsing(undefined)}
            onInstalled={installed}
          />
        </Suspense>
      )}
      {(linking || openedLink !== undefined) && (
        <Suspense fallback={loading}>
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
        </Suspense>
      )}
    </section>
  );
}
