import type { ElicitationConsentRequest } from '../../../shared/host/consent';
import type { ElicitResult, ElicitUrlParams } from '../../../shared/mcp/protocol';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { ConsentServerLine } from './ConsentServerLine';
import { urlParts } from './urlParts';

/**
 * A server asks the person to open a link (sign in elsewhere, pay, authorise). The full URL is
 * shown with its registrable domain highlighted; nothing is fetched; the link opens in the system
 * browser only when the person clicks, and Switchboard never sees the page.
 */
export function ElicitationUrlDialog({
  request,
  params,
  answer,
  open,
}: {
  request: ElicitationConsentRequest;
  params: ElicitUrlParams;
  answer: (result: ElicitResult) => void;
  open: (url: string) => void;
}) {
  const parts = urlParts(params.url);
  return (
    <Modal
      title="A server asks you to open a link"
      label={`Link from ${request.server.id}`}
      onEscape={() => answer({ action: 'cancel' })}
      wide
    >
      <ConsentServerLine request={request} />
      <div className="elicitation-message">
        <SafeText text={params.message} block />
      </div>
      {'invalid' in parts ? (
        <p className="warning">
          {parts.invalid} It reads: <code>{<SafeText text={params.url} />}</code>
        </p>
      ) : (
        <>
          <p className="url-domain">
            Goes to <strong className="domain">{parts.domain || '(no domain)'}</strong>
          </p>
          <p className="url-full">
            <span className="muted">Full address: </span>
            <code>
              <SafeText text={parts.before} />
              <mark className="domain">{parts.domain}</mark>
              <SafeText text={parts.after} />
            </code>
          </p>
          {parts.warnings.map((w) => (
            <p key={w} className="warning">
              {w}
            </p>
          ))}
        </>
      )}
      <div className="actions consent-actions">
        <button type="button" onClick={() => answer({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" onClick={() => answer({ action: 'cancel' })}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={'invalid' in parts || !parts.openable}
          onClick={() => {
            if ('invalid' in parts || !parts.openable) return;
            open(parts.href);
            answer({ action: 'accept' });
          }}
        >
          Open in browser
        </button>
      </div>
    </Modal>
  );
}
