import { assertNever } from '../../../shared/assertNever';
import {
  isRunning,
  type RunningState,
  type ServerError,
  type ServerState,
  type StartingState,
} from '../../../shared/host/serverView';
import type { LoggingLevel } from '../../../shared/mcp/protocol';
import { DisposableStore, Emitter } from '../../mcp';
import { inServerScope } from '../faults/serverScope';
import { DEFAULT_RESTART_POLICY, type RestartPolicy, restartDelay } from './restartPolicy';

/**
 * Where a session is: the state its card shows, how many tries it has made since it last started
 * afresh (by hand, or after a stable run), and why the last try failed.
 */
export interface Lifecycle {
  state: ServerState;
  tries: number;
  lastError?: ServerError;
}

/** Everything that moves a session from one state to another. */
export type LifecycleEvent =
  /** Started by hand: the tries are counted afresh (the first try follows). */
  | { kind: 'start' }
  /** A try begins: the first, or the next after the wait. */
  | { kind: 'try' }
  | { kind: 'running'; state: RunningState }
  /** Up long enough to have proven itself: a crash from now on counts from the first try. */
  | { kind: 'stable' }
  /** The try failed, or the run ended: try again after a wait, unless that cannot help. */
  | { kind: 'failed'; error: ServerError }
  /** A running server's token was refused and could not be renewed: not tried until the person signs in. */
  | { kind: 'sign-in-lost'; error: ServerError }
  | { kind: 'stop'; reason: string }
  /** What the running server's card says (a problem, its icon), changed or not (undefined). */
  | { kind: 'card'; change: (state: RunningState) => RunningState | undefined }
  /** What a try under way says on the card (what it waits for, its output so far). */
  | { kind: 'starting'; change: (state: StartingState) => StartingState };

/** What a session's configuration decides about its lifecycle. */
export interface LifecycleRules {
  policy: RestartPolicy;
  /** A remote server is expected back: tried again for as long as it is configured. */
  remote: boolean;
  disabled: boolean;
}

/** The rules for a server as configured: its restart policy (defaults filled in), remote or not, disabled. */
export function lifecycleRules(
  config: { kind: 'stdio' | 'remote'; disabled?: boolean },
  restart: Partial<RestartPolicy> | undefined,
): LifecycleRules {
  return {
    policy: { ...DEFAULT_RESTART_POLICY, ...restart },
    remote: config.kind === 'remote',
    disabled: config.disabled === true,
  };
}

/** One step: where the session is now, what its log says of it (in order), and when to try again. */
export interface LifecycleStep {
  next: Lifecycle;
  log: [LoggingLevel, string][];
  /** Set when the session waits to try again (restarting). */
  retryInMs?: number;
}

/** Whether Start means something now (restarting counts: Start tries again at once, not after the wait). */
export const canStart = (state: ServerState): boolean =>
  state.status !== 'disabled' && state.status !== 'running' && state.status !== 'starting';

/** The session's state machine: every transition, in one place. */
export function lifecycleStep(now: Lifecycle, event: LifecycleEvent, rules: LifecycleRules): LifecycleStep {
  const at = (state: ServerState, ...log: [LoggingLevel, string][]): LifecycleStep => ({
    next: { ...now, state },
    log,
  });
  switch (event.kind) {
    case 'start':
      return { next: { state: now.state, tries: 0 }, log: [] };
    case 'try': {
      const tries = now.tries + 1;
      const state: ServerState = {
        status: 'starting',
        attempt: tries,
        since: Date.now(),
        ...(tries > 1 && now.lastError ? { lastError: now.lastError } : {}),
      };
      return {
        next: { ...now, state, tries },
        log: [['info', tries === 1 ? 'starting' : `starting (try ${tries})`]],
      };
    }
    case 'running': {
      const info = event.state.serverInfo;
      return at(event.state, [
        'info',
        `running: ${info.title ?? info.name} ${info.version}, protocol ${event.state.protocolVersion}`,
      ]);
    }
    case 'stable':
      return { next: { ...now, tries: 0 }, log: [] };
    case 'failed':
      return failed(now, event.error, rules);
    case 'sign-in-lost':
      return {
        next: { ...now, state: { status: 'error', error: event.error }, lastError: event.error },
        log: [['warning', event.error.message]],
      };
    case 'stop':
      return at(rules.disabled ? { status: 'disabled' } : { status: 'stopped', reason: event.reason });
    case 'card': {
      const changed = isRunning(now.state) ? event.change(now.state) : undefined;
      return changed ? at(changed) : { next: now, log: [] };
    }
    case 'starting':
      return now.state.status === 'starting' ? at(event.change(now.state)) : { next: now, log: [] };
    default:
      return assertNever(event, 'lifecycle event');
  }
}

/** After a failed try or a run that ended: wait and try again, or stay in error saying why not. */
function failed(now: Lifecycle, error: ServerError, rules: LifecycleRules): LifecycleStep {
  const next = { ...now, lastError: error };
  const said: [LoggingLevel, string] = ['error', error.message];
  if (error.permanent)
    return {
      next: { ...next, state: { status: 'error', error } },
      log: [said, ['error', 'not restarting: starting it again would fail the same way']],
    };
  const inMs = restartDelay(rules.policy, now.tries, rules.remote);
  if (inMs === undefined)
    return {
      next: { ...next, state: { status: 'error', error } },
      log: [said, ['error', `giving up after ${rules.policy.maxTries} restarts`]],
    };
  return {
    next: { ...next, state: { status: 'restarting', attempt: now.tries, inMs, lastError: error } },
    log: [said, ['warning', `restarting in ${inMs} ms (restart ${now.tries} of ${rules.policy.maxTries})`]],
    retryInMs: inMs,
  };
}

/**
 * One session's lifecycle as it runs: where it is (changed only by `step`, heard through
 * `onChange`), and what it has under way — the try (its abort), the wait before the next, the timer
 * that marks a run stable — each counted in a generation, so that whatever a start or a stop
 * abandoned is known as stale when it comes back.
 */
export class SessionLifecycle {
  private readonly held = new DisposableStore();
  private readonly changes = this.held.add(new Emitter<ServerState>());
  readonly onChange = this.changes.event;
  private now: Lifecycle;
  /** The wait before the next try and the stable-run timer: cleared by every start, stop or failure. */
  private readonly timers = this.held.add(new DisposableStore());
  /** Bumped by every start and stop, so that late results of an abandoned attempt are ignored. */
  private generation = 0;
  /** Aborts the try under way (stop or remove while starting ends the process at once). */
  private attempt: AbortController | undefined;

  constructor(
    private readonly server: string,
    private readonly rules: LifecycleRules,
    private readonly log: (level: LoggingLevel, text: string) => void,
  ) {
    this.now = { state: rules.disabled ? { status: 'disabled' } : { status: 'stopped' }, tries: 0 };
  }

  get state(): ServerState {
    return this.now.state;
  }
  /** Why the last try failed, until the next start by hand. */
  get lastError(): ServerError | undefined {
    return this.now.lastError;
  }

  /** Takes one step: the new state told (in the server's scope), then what the log says of it. */
  step(event: LifecycleEvent): LifecycleStep {
    const before = this.now.state;
    const step = lifecycleStep(this.now, event, this.rules);
    this.now = step.next;
    if (step.next.state !== before) inServerScope(this.server, () => this.changes.fire(step.next.state));
    for (const [level, text] of step.log) this.log(level, text);
    return step;
  }

  /** Tells the state again, unchanged (something shown beside it changed). */
  announce(): void {
    this.changes.fire(this.now.state);
  }

  /** A new generation (a start, a stop, a lost sign-in): the waits of the last one end. */
  renew(): number {
    this.timers.clear();
    return ++this.generation;
  }

  /** A new generation, and the try under way aborted with `reason`. */
  abort(reason: string): void {
    this.renew();
    this.attempt?.abort(new Error(reason));
    this.attempt = undefined;
  }

  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /** A try begins: its signal aborts when a stop abandons it. */
  try(): AbortSignal {
    this.attempt = new AbortController();
    this.step({ kind: 'try' });
    return this.attempt.signal;
  }

  /** The try succeeded: running, and stable after the policy's while (its tries counted afresh). */
  running(state: RunningState): void {
    this.step({ kind: 'running', state });
    this.after(this.rules.policy.stableAfterMs, () => this.step({ kind: 'stable' })).unref?.();
  }

  /**
   * The try of `generation` failed, or its run ended: `retry` runs when the lifecycle says to try
   * again (restarting), unless a start or a stop came first.
   */
  failed(generation: number, error: ServerError, retry: () => void): void {
    this.timers.clear();
    const { retryInMs } = this.step({ kind: 'failed', error });
    if (retryInMs !== undefined)
      this.after(retryInMs, () => {
        if (this.isCurrent(generation)) retry();
      });
  }

  /** Ends what is under way and every subscription. */
  dispose(): void {
    this.abort('disposed');
    this.held.dispose();
  }

  /** A timer held until it fires, or until a start, a stop or a failure clears it. */
  private after(ms: number, run: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(cancel);
      run();
    }, ms);
    const cancel = () => clearTimeout(timer);
    this.timers.add(cancel);
    return timer;
  }
}
