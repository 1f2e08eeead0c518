import type {
  RunningState,
  ServerProblem,
  ServerProblemKind,
  ServerView,
} from '../../../shared/host/serverView';
import { JsonTooDeep, MAX_JSON_DEPTH, nestedDeeperThan } from '../../../shared/json/jsonDepth';
import type { ParsedConfig } from '../config/serverConfig';

/**
 * The running state with `message` as its problem of `kind` (replacing an earlier one of that kind);
 * undefined when the card says exactly that already, so a server repeating what it does wrong costs
 * its log a line each time, not the window a new state.
 */
export function withProblem(
  state: RunningState,
  kind: ServerProblemKind,
  message: string,
  at = Date.now(),
): RunningState | undefined {
  const problems = state.problems ?? [];
  if (problems.some((p) => p.kind === kind && p.message === message)) return undefined;
  const problem: ServerProblem = { kind, message, at };
  return { ...state, problems: [...problems.filter((p) => p.kind !== kind), problem] };
}

/** The running state without a problem of `kind`; undefined when it had none. */
export function withoutProblem(state: RunningState, kind: ServerProblemKind): RunningState | undefined {
  if (!state.problems?.some((p) => p.kind === kind)) return undefined;
  const problems = state.problems.filter((p) => p.kind !== kind);
  const { problems: _, ...rest } = state;
  return problems.length > 0 ? { ...rest, problems } : rest;
}

/**
 * A server's result to hand on, or a JsonTooDeep naming `what` (and `note`d, for its card): a success
 * nested 100,000 levels deep would fail in whatever serialises it next — a chat turn's save, the
 * window, a model's request — far from the server that sent it.
 */
export function usableResult<T>(what: string, result: T, note: (why: string) => void): T {
  if (!nestedDeeperThan(result)) return result;
  const error = new JsonTooDeep(what);
  note(error.message);
  throw error;
}

/**
 * Why a server's initialize answer cannot be used, if it cannot: the card shows it, and every view
 * of the servers would fail to reach the window with it nested beyond reason. Such a server is not run.
 */
export function unusableSelfDescription(serverInfo: unknown, capabilities: unknown): string | undefined {
  return nestedDeeperThan({ serverInfo, capabilities })
    ? `Its initialize answer (serverInfo, capabilities) is nested deeper than ${MAX_JSON_DEPTH} levels: not used`
    : undefined;
}

/** A server the file holds that could not be loaded: its card says why. */
export function invalidView({ name, issues }: ParsedConfig['invalid'][number]): ServerView {
  return {
    id: name,
    kind: 'stdio',
    target: '',
    wireTrace: false,
    state: {
      status: 'error',
      error: {
        message: issues.map((i) => `${i.path}: ${i.message}`).join('\n'),
        stderrTail: [],
        at: Date.now(),
      },
    },
  };
}
