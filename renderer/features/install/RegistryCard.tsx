import { Download, Info } from 'lucide-react';
import type { RegistryEntryView, ValidEntryView } from '../../../shared/host/registryView';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { EntryBadges } from './EntryBadges';
import { InstalledBadge } from './InstalledBadge';
import { publisherOf } from './publisher';
import { RegistryIcon } from './RegistryIcon';

const shortName = (name: string | undefined) =>
  name ? (name.split('/').pop() ?? name) || name : '(no name)';

/** Whether an entry offers a way to install it here (a package, a remote or a bundle). */
const installable = (entry: ValidEntryView) => entry.choices.some((c) => c.kind !== 'unavailable');

/**
 * One entry of Browse's gallery: its icon, title, publisher and one-line description, its standing,
 * and Install on the card itself; Details… opens the rest. An invalid entry says why it cannot be used.
 */
export function RegistryCard({
  entry,
  onOpen,
  onInstall,
}: {
  entry: RegistryEntryView;
  onOpen: (entry: ValidEntryView) => void;
  onInstall: (entry: ValidEntryView) => void;
}) {
  // An entry without a title of its own is called by its name's last part (the whole name beneath).
  const title = entry.valid && entry.title !== entry.name ? entry.title : shortName(entry.name);
  const publisher = entry.name ? publisherOf(entry.name) : '';
  return (
    <li className={entry.valid ? 'registry-entry' : 'registry-entry invalid'} data-entry={entry.name ?? ''}>
      <div className="registry-card-head">
        {entry.valid ? <RegistryIcon icons={entry.icons} size="xl" /> : <RegistryIcon icons={[]} size="xl" />}
        <div className="registry-card-name">
          <strong className="registry-card-title">
            <SafeText text={title} />
          </strong>
          <span className="muted small registry-card-by">
            {publisher && (
              <>
                by <SafeText text={publisher} />
              </>
            )}
            {publisher && entry.version && ' · '}
            {entry.version && <SafeText text={entry.version} />}
          </span>
        </div>
      </div>
      {entry.valid ? (
        <>
          {/* The registry's one-line description, kept to two lines here; whole in its tooltip and the details. */}
          <p className="registry-desc" title={revealAsText(entry.description)}>
            <SafeText text={entry.description} />
          </p>
          {title !== entry.name && (
            <code className="muted small registry-card-id">
              <SafeText text={entry.name} />
            </code>
          )}
        </>
      ) : (
        <div className="field-error">
          <p>This entry cannot be read, so it cannot be installed:</p>
          <ul>
            {entry.reasons.slice(0, 5).map((r) => (
              <li key={r}>
                <SafeText text={r} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="registry-card-status">
        <EntryBadges entry={entry} />
        {entry.valid && <InstalledBadge entry={entry} />}
      </div>
      {entry.valid && (
        <div className="registry-card-actions">
          <button type="button" onClick={() => onOpen(entry)}>
            <Info aria-hidden="true" />
            Details…
          </button>
          {installable(entry) && (
            <button type="button" className="primary" onClick={() => onInstall(entry)}>
              <Download aria-hidden="true" />
              Install
            </button>
          )}
        </div>
      )}
    </li>
  );
}
