import { useEffect, useState } from 'react';
import type { DirectoryListing } from '../../../shared/ipc/rootsContract';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';

/** A folder whose name starts with a dot: hidden by convention (caches, settings), as a file manager hides it. */
const isHidden = (name: string) => name.startsWith('.');

/**
 * The browser shell's folder picker (it has no native dialog): folders only, one level at a time, or a
 * path typed or pasted into its path field, as a native picker takes one. Dot-folders stay out of the
 * list until asked for.
 */
export function DirectoryBrowser({
  onChoose,
  onClose,
}: {
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const host = useHost();
  const [listing, setListing] = useState<DirectoryListing>();
  const [typed, setTyped] = useState('');
  const [showHidden, setShowHidden] = useState(false);
  const [error, setError] = useState<string>();
  const go = async (path: string | null) => {
    setError(undefined);
    try {
      const next = await host.call('listDirectory', path);
      setListing(next);
      setTyped(next.path);
    } catch (e) {
      // The folder shown stays; the field keeps what was typed, to be corrected.
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the home folder once
  useEffect(() => {
    void go(null);
  }, []);
  const join = (dir: string, name: string) =>
    dir.endsWith('/') || dir.endsWith('\\') ? dir + name : `${dir}/${name}`;
  const shown = listing?.directories.filter((d) => showHidden || !isHidden(d)) ?? [];
  const hidden = (listing?.directories.length ?? 0) - shown.length;
  return (
    <Modal title="Choose a folder" onEscape={onClose} wide>
      <form
        className="row current-path"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) void go(typed.trim());
        }}
      >
        <label htmlFor="directory-browser-path">Path</label>
        <input
          id="directory-browser-path"
          value={typed}
          placeholder="/path/to/a/folder"
          spellCheck={false}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit">Go</button>
      </form>
      {error && <ErrorText>{error}</ErrorText>}
      <ul className="dir-list" aria-label="Folders">
        {listing?.parent && (
          <li>
            <button type="button" onClick={() => void go(listing.parent)}>
              ↑ Up to the parent folder
            </button>
          </li>
        )}
        {shown.map((d) => (
          <li key={d}>
            <button type="button" className="dir" onClick={() => void go(join(listing!.path, d))}>
              📁 <SafeText text={d} />
            </button>
          </li>
        ))}
        {listing && shown.length === 0 && (
          <li className="muted">{hidden > 0 ? 'Only hidden folders inside.' : 'No folders inside.'}</li>
        )}
      </ul>
      <label className="check">
        <input type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} /> Show
        hidden folders{hidden > 0 && !showHidden ? ` (${hidden} here)` : ''}
      </label>
      {listing?.truncated && <p className="muted">Only the first 2,000 folders are listed.</p>}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={!listing}
          onClick={() => listing && onChoose(listing.path)}
        >
          Choose this folder
        </button>
      </div>
    </Modal>
  );
}
