import type { ServerState } from '../../shared/host/serverView';

const LABEL: Record<ServerState['status'], string> = {
  disabled: 'Disabled',
  stopped: 'Stopped',
  starting: 'Starting',
  running: 'Running',
  restarting: 'Restarting',
  error: 'Error',
};

/**
 * A remote server between tries is one that cannot be reached now (the card says why); one stopped
 * for a sign-in says so, rather than Error: nothing is broken, the person is needed.
 */
export function StatusBadge({
  state,
  remote = false,
  refused = false,
}: {
  state: ServerState;
  remote?: boolean;
  /** The managed policy refuses the server: that is its state, whatever the session last was. */
  refused?: boolean;
}) {
  if (refused)
    return (
      <span className="status status-refused" data-status="refused">
        Refused by policy
      </span>
    );
  const detail =
    state.status === 'restarting'
      ? remote
        ? ` (trying again in ${Math.round(state.inMs / 1000)} s)`
        : ` (try ${state.attempt}, in ${Math.round(state.inMs / 1000)} s)`
      : state.status === 'starting' && state.attempt > 1
        ? ` (try ${state.attempt})`
        : '';
  return (
    <span className={`status status-${state.status}`} data-status={state.status}>
      {remote && state.status === 'restarting'
        ? 'Unreachable'
        : state.status === 'error' && state.error.signIn
          ? 'Sign in required'
          : LABEL[state.status]}
      {detail}
    </span>
  );
}
