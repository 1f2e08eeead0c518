import { assertNever } from '../../../shared/assertNever';
import { isActive, type ServerState, type ServerView } from '../../../shared/host/serverView';

/**
 * Where a server is, in words that follow its name ("… is restarting after …"): what a tool call, a
 * read or a prompt that needs it running tells the person or the model, instead of "no such tool".
 */
export function serverStateText(state: ServerState, trustRequired = false): string {
  // A launch waiting for trust while the previous one runs on: where that one is says more.
  if (trustRequired && !isActive(state))
    return 'waits for you to confirm its command (Trust and start on the Servers page)';
  switch (state.status) {
    case 'running':
      return 'is running';
    case 'disabled':
      return 'is turned off (Enable it on the Servers page)';
    case 'stopped':
      return `is stopped${state.reason ? ` (${state.reason})` : ''}`;
    case 'starting':
      return `is starting${state.attempt > 1 ? ` (try ${state.attempt})` : ''}: try again in a moment`;
    case 'restarting':
      return `is restarting after an error (${state.lastError.message}): try ${state.attempt} in ${Math.max(1, Math.round(state.inMs / 1000))} s`;
    case 'error':
      return state.error.signIn
        ? `needs you to sign in (${state.error.message})`
        : `failed: ${state.error.message}`;
    default:
      return assertNever(state, 'server state');
  }
}

/** The one error for an operation on a server that is not running, saying where it is instead. */
export class ServerNotRunning extends Error {
  constructor(
    readonly server: string,
    state?: ServerState,
  ) {
    super(
      `Server "${server}" ${state && state.status !== 'running' ? serverStateText(state) : 'is not running'}`,
    );
  }
}

/** A server's view as words: see serverStateText. */
export const viewStateText = (view: ServerView): string =>
  view.refused
    ? `is refused: ${view.refused.reason} (rule: ${view.refused.rule})`
    : serverStateText(view.state, view.trustRequired !== undefined);
