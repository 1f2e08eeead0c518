import { useApp } from '../state/store';
import { SafeText } from './SafeText';

/**
 * Short messages from the host (a URL elicitation completed…), read out politely, dismissable. They
 * name servers and conversations, so they are shown as safe text.
 */
export function Notices() {
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismissNotice);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.id} className="notice">
          <SafeText text={n.text} />{' '}
          <button type="button" className="link" onClick={() => dismiss(n.id)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
