import { useApp } from '../state/store';

/** Short messages from the host (a URL elicitation completed…), read out politely, dismissable. */
export function Notices() {
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismissNotice);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.id} className="notice">
          {n.text}{' '}
          <button type="button" className="link" onClick={() => dismiss(n.id)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
