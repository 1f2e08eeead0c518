import type { ConsentRequest } from '../../../shared/host/consent';
import { SafeText } from '../../components/SafeText';
import { ServerIcon } from '../../components/ServerIcon';
import { ConsentQueue } from './ConsentQueue';

/**
 * The top of every consent dialog: the other pending requests (the rest of the window is inert
 * while a dialog is open), then which server asks — clients MUST make that clear.
 */
export function ConsentServerLine({ request }: { request: ConsentRequest }) {
  const { server, expiresAt } = request;
  return (
    <>
      <ConsentQueue activeId={request.id} />
      <p className="consent-server">
        <span className="muted">From server</span> <ServerIcon server={server.id} size="sm" />
        <strong>{server.id}</strong>{' '}
        <code title={`Identity ${server.identity}`}>
          <SafeText text={server.target} />
        </code>
        <span className="muted expires">
          {' '}
          · refused automatically at {new Date(expiresAt).toLocaleTimeString()} if unanswered
        </span>
      </p>
    </>
  );
}
