import { useEffect, useState } from 'react';
import { type AttachedFile, formatSize } from '../../../shared/chat/attachedFile';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';

/** Images already read from the host, by hash (each shown again without asking). */
const shown = new Map<string, string>();
/** At most this many kept; the oldest goes first. */
const KEPT = 64;

/** An attached image's data: URL, asked of the host once (the page holds no file of its own). */
function useAttachedImage(sha256: string, have: string | undefined, wanted: boolean): string | undefined {
  const host = useHost();
  const [url, setUrl] = useState(have ?? shown.get(sha256));
  useEffect(() => {
    if (url || !wanted) return;
    let live = true;
    host.call('readAttachedImage', sha256).then(
      ({ mediaType, data }) => {
        const read = `data:${mediaType};base64,${data}`;
        shown.set(sha256, read);
        if (shown.size > KEPT) shown.delete(shown.keys().next().value!);
        if (live) setUrl(read);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [host, sha256, url, wanted]);
  return url;
}

/** What a file is, in a word on its chip (its icon, for a file that has no thumbnail). */
const badge = (f: AttachedFile) => (f.kind === 'pdf' ? 'PDF' : f.kind === 'image' ? 'IMG' : 'TXT');

/**
 * An attached file: an image's thumbnail (its name as its text alternative), or a badge for a PDF or
 * a text file; its name and size; and in the composer, a button that removes it.
 */
export function FileChip({
  file,
  preview,
  onRemove,
}: {
  file: AttachedFile;
  /** The composer's own thumbnail (the file is in the page already). */
  preview?: string;
  onRemove?: () => void;
}) {
  const image = useAttachedImage(file.sha256, preview, file.kind === 'image');
  const [enlarged, setEnlarged] = useState(false);
  const pages = file.pages === undefined ? '' : ` · ${file.pages} page${file.pages === 1 ? '' : 's'}`;
  const name = revealAsText(file.name);
  return (
    <span className={`file-chip ${file.kind}`} data-file={file.sha256}>
      {file.kind === 'image' && image ? (
        <button
          type="button"
          className="file-thumb-button"
          aria-label={`Show ${name} larger`}
          onClick={() => setEnlarged(true)}
        >
          <img className="file-thumb" src={image} alt={name} />
        </button>
      ) : (
        <span className="file-badge" aria-hidden="true">
          {badge(file)}
        </span>
      )}
      <span className="file-facts">
        <span className="file-name">
          <SafeText text={file.name} oneLine />
        </span>
        <span className="muted small">
          {formatSize(file.size)}
          {pages}
        </span>
      </span>
      {enlarged && image && (
        <Modal
          title={<SafeText text={file.name} oneLine />}
          label={name}
          onEscape={() => setEnlarged(false)}
          wide
        >
          <img className="file-full" src={image} alt={name} />
          <div className="row">
            <button type="button" onClick={() => setEnlarged(false)}>
              Close
            </button>
          </div>
        </Modal>
      )}
      {onRemove && (
        <button
          type="button"
          className="link file-remove"
          aria-label={`Remove ${revealAsText(file.name)}`}
          onClick={onRemove}
        >
          ✕
        </button>
      )}
    </span>
  );
}

/** The attach button's paperclip (drawn: no emoji font is needed). */
export function PaperclipIcon() {
  return (
    <svg className="icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M21.4 11.1l-8.5 8.5a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
