import { useState } from 'react';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

/**
 * Said on every page until dismissed: the activity record cannot be written (tool calls go on; what is
 * missed is counted), was not written for a while, or did not hold together when the app started.
 * A dismissed notice comes back when what it says changes.
 */
export function ActivityNoticeBanner() {
  const notice = useApp((s) => s.activityNotice);
  const pane = useApp((s) => s.pane);
  const [dismissed, setDismissed] = useState<typeof notice>();
  if (dismissed === notice || (!notice.failing && !notice.missed && !notice.broken)) return null;
  const { failing, missed, broken } = notice;
  return (
    <div className="banner warning activity-notice" role="alert" aria-label="Activity record">
      {failing !== undefined && (
        <p>
          The activity record cannot be written: <SafeText text={failing} />. Tool calls and everything else
          go on; {missed ?? 0} {missed === 1 ? 'entry is' : 'entries are'} not recorded so far.
        </p>
      )}
      {failing === undefined && missed !== undefined && (
        <p>
          The activity record is written again; {missed} {missed === 1 ? 'entry was' : 'entries were'} not
          recorded meanwhile (the record says so where they are missing).
        </p>
      )}
      {broken && (
        <p>
          The activity record did not hold together when Switchboard started ({broken.places}{' '}
          {broken.places === 1 ? 'place' : 'places'}; first <SafeText text={broken.first.file} /> line{' '}
          {broken.first.line}: <SafeText text={broken.first.problem} />
          ).
        </p>
      )}
      <p className="actions">
        {pane !== 'activity' && (
          <button type="button" onClick={() => void useApp.getState().setPane('activity')}>
            Show the record
          </button>
        )}
        <button type="button" onClick={() => setDismissed(notice)}>
          Dismiss
        </button>
      </p>
    </div>
  );
}
