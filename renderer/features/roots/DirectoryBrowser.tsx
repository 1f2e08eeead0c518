import { useEffect, useState } from 'react';
import type { DirectoryListing } from '../../../shared/ipc/rootsContract';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';

/** The browser shell's folder picker (it has no native dialog): folders only, one level at a time. */
export function DirectoryBrowser({
  onChoose,
  onClose,
}: {
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const host = useHost();
  const [listing, setListing] = useState<DirectoryListing>();
  const [error, setError] = useState<string>();
  const go = async (path: string | null) => {
    setError(undefined);
    try {
      setListing(await host.call('listDirectory', path));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the home folder once
  useEffect(() => {
    void go(null);
  }, []);
  const join = (dir: string, name: string) =>
    dir.endsWith('/') || dir.endsWith('\\') ? dir + name : `${dir}/${name}`;
  return (
    <Modal title="Choose a folder" onEscape={onClose} wide>
      <p className="current-path">
        <span className="muted">Folder: </span>
        <code>{listing ? <SafeText text={listing.path} /> : '…'}</code>
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      <ul className="dir-list" aria-label="Folders">
        {listing?.parent && (
          <li>
            <button type="button" onClick={() => void go(listing.parent)}>
              ↑ Up to the parent folder
            </button>
          </li>
        )}
        {listing?.directories.map((d) => (
          <li key={d}>
            <button type="button" className="dir" onClick={() => void go(join(listing.path, d))}>
              📁 <SafeText text={d} />
            </button>
          </li>
        ))}
        {listing && listing.directories.length === 0 && <li className="muted">No folders inside.</li>}
      </ul>
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
