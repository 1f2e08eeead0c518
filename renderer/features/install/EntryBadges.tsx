import type { RegistryEntryView } from '../../../shared/host/registryView';
import { SafeText } from '../../components/SafeText';

/** An entry's standing: invalid (nothing of it is used), deprecated or deleted (with the publisher's why). */
export function EntryBadges({ entry }: { entry: RegistryEntryView }) {
  if (!entry.valid)
    return (
      <span className="reg-badge reg-invalid" data-badge="invalid">
        Invalid
      </span>
    );
  const { status, statusMessage } = entry.official;
  if (!status || status === 'active') return null;
  return (
    <>
      <span className={`reg-badge reg-${status}`} data-badge={status}>
        {status === 'deprecated' ? 'Deprecated' : 'Deleted'}
      </span>
      {statusMessage && (
        <span className="muted">
          {' '}
          <SafeText text={statusMessage} />
        </span>
      )}
    </>
  );
}
