import { Download } from 'lucide-react';
import type { InstallChoiceView, ValidEntryView } from '../../../shared/host/registryView';
import { SafeText } from '../../components/SafeText';
import { EntryBadges } from './EntryBadges';
import { InstalledBadge } from './InstalledBadge';
import { RegistryIcon } from './RegistryIcon';
import { WebLink } from './WebLink';

type Installable = Extract<InstallChoiceView, { kind: 'package' | 'remote' | 'bundle' }>;

/**
 * One entry (its latest version): its icon (fetched by the host), what the publisher says of it, shown
 * as text, its website and source as links that open outside the app (http(s) only), and each way to
 * install it, or why it cannot be.
 */
export function EntryDetail({
  entry,
  onPick,
}: {
  entry: ValidEntryView;
  onPick: (choice: Installable) => void;
}) {
  return (
    <div className="entry-detail">
      <p className="entry-head">
        <RegistryIcon icons={entry.icons} size="xl" />
        <code>
          <SafeText text={entry.name} />
        </code>{' '}
        <SafeText text={entry.version} /> <EntryBadges entry={entry} /> <InstalledBadge entry={entry} />
      </p>
      <p>
        <SafeText text={entry.description} />
      </p>
      {(entry.websiteUrl || entry.repository) && (
        <dl className="facts">
          {entry.websiteUrl && (
            <>
              <dt>Website</dt>
              <dd data-link="website">
                <WebLink url={entry.websiteUrl} />
              </dd>
            </>
          )}
          {entry.repository && (
            <>
              <dt>Source</dt>
              <dd data-link="repository">
                <WebLink url={entry.repository.url} />
                {entry.repository.subfolder && (
                  <>
                    {' '}
                    (<SafeText text={entry.repository.subfolder} />)
                  </>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
      <h3>Ways to install</h3>
      {entry.choices.length === 0 && <p className="muted">The entry offers no package or remote.</p>}
      <ul className="item-list install-choices">
        {entry.choices.map((choice) => (
          <li key={choice.id} data-choice={choice.id}>
            <p>
              <strong>
                <SafeText text={choice.label} />
              </strong>
            </p>
            <p className="muted">
              <SafeText text={choice.summary} />
            </p>
            {choice.kind === 'unavailable' ? (
              <div className="field-error">
                <p>Cannot be installed:</p>
                <ul>
                  {choice.reasons.map((r) => (
                    <li key={r}>
                      <SafeText text={r} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <button type="button" className="primary" onClick={() => onPick(choice)}>
                <Download aria-hidden="true" />
                Install this way…
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
