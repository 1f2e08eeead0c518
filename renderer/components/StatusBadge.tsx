import type { ServerState } from '../../shared/host/serverView';

const LABEL: Record<ServerState['status'], string> = {
  disabled: 'Disabled',
  stopped: 'Stopped',
  starting: 'Starting',
  running: 'Running',
  restarting: 'Restarting',
  error: 'Error',
};

export function StatusBadge({ state }: { state: ServerState }) {
  const detail =
    state.status === 'restarting'
      ? ` (try ${state.attempt}, in ${Math.round(state.inMs / 1000)} s)`
      : state.status === 'starting' && state.attempt > 1
        ? ` (try ${state.attempt})`
        : '';
  return (
    <span className={`status status-${state.status}`} data-status={state.status}>
      {LABEL[state.status]}
      {detail}
    </span>
  );
}
