import type { LaunchUpdate } from '../../../shared/host/serverView';
import { SafeText } from '../../components/SafeText';

/**
 * On a card whose server runs its previous launch while config.json says another (an update, an
 * edit): that the previous one goes on, and where the new one is — waiting for trust (the trust prompt
 * follows), starting beside it, or failed to start (why, and what Restart does).
 */
export function LaunchUpdateNote({
  server,
  update,
  running,
}: {
  server: string;
  update: LaunchUpdate;
  /** The version the running server says it is, if it runs. */
  running?: string | undefined;
}) {
  const previous = running ? (
    <>
      The previous version (<SafeText text={running} />)
    </>
  ) : (
    'The previous version'
  );
  const next = (
    <code>
      <SafeText text={update.target} />
    </code>
  );
  switch (update.status) {
    case 'waits-for-trust':
      return (
        <section
          className="launch-update"
          aria-label={`Update waiting: ${server}`}
          data-launch-update={update.status}
        >
          <p>
            <strong>An update waits for your trust.</strong> {previous} keeps running, and its tools keep
            working, until you trust the new launch below. Then the new one starts beside it and takes its
            place once it runs.
          </p>
        </section>
      );
    case 'starting':
      return (
        <section
          className="launch-update"
          aria-label={`Update starting: ${server}`}
          data-launch-update={update.status}
        >
          <p>
            Starting the new launch beside the running one: {next}. The previous version stops once it runs.
          </p>
        </section>
      );
    case 'failed':
      return (
        <section className="error" aria-label={`Update failed: ${server}`} data-launch-update={update.status}>
          <p>
            The new launch did not start beside the running one: <SafeText text={update.error.message} />
          </p>
          {update.error.stderrTail.length > 0 && (
            <pre className="stderr">
              <SafeText text={update.error.stderrTail.join('\n')} />
            </pre>
          )}
          <p className="launch-update-next">
            {previous} is still running. <strong>Restart</strong> stops it and starts the new launch alone (
            {next}), for a server that cannot run twice at once.
          </p>
        </section>
      );
  }
}

/** The card's badge beside its state while a new launch waits, starts beside the running one, or failed to. */
export const LAUNCH_UPDATE_BADGE: Record<LaunchUpdate['status'], string> = {
  'waits-for-trust': 'Update waits for trust',
  starting: 'Switching to the update',
  failed: 'Update failed',
};
