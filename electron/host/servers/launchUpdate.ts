import type { SandboxRules } from '../../../shared/host/sandboxRules';
import {
  isActive,
  type LaunchUpdate,
  type ServerError,
  type TrustRequest,
} from '../../../shared/host/serverView';
import { type ServerConfig, targetOf } from '../config/serverConfig';
import { launchSummary } from '../config/serverIdentity';
import type { Entry } from './serverEntries';
import type { ServerSession } from './serverSession';

/**
 * A launch config.json now says to run, kept beside the running one it is to replace — an update from
 * the registry, a bundle or a link, an edit by hand or in the file. The running launch was trusted, so
 * it may go on while the person has not trusted the new one; once they do, the new one starts beside
 * it and takes its place when it runs (see ServerRegistry.trust).
 */
export interface PendingLaunch {
  config: ServerConfig;
  identity: string;
  fingerprint: string;
  /** The person trusted it: it is starting beside the running one (`trial`), or failed to (`error`). */
  trusted: boolean;
  /** Starting beside the running one, since `since`: its own entry, not yet the server's. */
  trial?: Entry;
  since?: number;
  /** Why it did not start beside the running one (the running one went on). */
  error?: ServerError;
}

/**
 * Whether the running launch of `entry` may go on while `next` (what the file says now, under the same
 * name) waits for the person's trust: only a trusted local server that is running (or on its way back
 * after a crash), that the policy does not refuse, replaced by a local launch that is enabled and does
 * not confine it more than the running one is — a server disabled, refused, or being confined is
 * stopped at once, as before. The caller adds the rest: that `next` is not trusted yet, and that the
 * policy would not refuse it.
 */
export function mayRunOnUntilTrusted(entry: Entry, next: ServerConfig): boolean {
  const running = entry.session.config;
  return (
    entry.trusted &&
    !entry.refused &&
    isActive(entry.session.state) &&
    running.kind === 'stdio' &&
    next.kind === 'stdio' &&
    next.disabled !== true &&
    !confinesMore(running, next)
  );
}

/**
 * Whether `next` confines a local server more than `running` does: its sandbox turned on, or a rule
 * of it narrowed (something no longer allowed, something newly denied, its roots no longer writable).
 * The person asked for less reach: the wider launch does not run on until they trust the new one.
 */
export function confinesMore(
  running: Pick<ServerConfig, 'kind'> & { sandboxEnabled?: boolean; sandbox?: SandboxRules },
  next: { sandboxEnabled?: boolean; sandbox?: SandboxRules },
): boolean {
  if (next.sandboxEnabled !== true) return false;
  if (running.sandboxEnabled !== true) return true;
  const was = running.sandbox ?? {};
  const now = next.sandbox ?? {};
  const lost = (before: string[] | undefined, after: string[] | undefined) =>
    (before ?? []).some((x) => !(after ?? []).includes(x));
  return (
    lost(was.filesystem?.allowWrite, now.filesystem?.allowWrite) ||
    lost(was.filesystem?.allowRead, now.filesystem?.allowRead) ||
    lost(was.network?.allowedDomains, now.network?.allowedDomains) ||
    lost(now.filesystem?.denyRead, was.filesystem?.denyRead) ||
    lost(now.filesystem?.denyWrite, was.filesystem?.denyWrite) ||
    lost(now.network?.deniedDomains, was.network?.deniedDomains) ||
    (was.rootsWritable === true && now.rootsWritable !== true)
  );
}

/**
 * What the person must confirm before the server runs what the file says: the launch waiting to
 * replace the running one, or the server's own launch; undefined when it is trusted (or remote).
 */
export function trustRequestOf(entry: Entry): TrustRequest | undefined {
  const { pending } = entry;
  const [config, identity, trusted] = pending
    ? [pending.config, pending.identity, pending.trusted]
    : [entry.session.config, entry.identity, entry.trusted];
  const launch = trusted ? undefined : launchSummary(config);
  return launch && { ...launch, identity };
}

/**
 * What the card says of a pending launch: waiting for trust while the previous one runs, starting
 * beside it, or failed to. Nothing while it waits and nothing runs: the card is then the new launch
 * waiting for trust, as for any server.
 */
export function launchUpdateOf(entry: Entry): LaunchUpdate | undefined {
  const pending = entry.pending;
  if (!pending) return undefined;
  const target = targetOf(pending.config);
  if (pending.trial) return { target, status: 'starting', since: pending.since ?? Date.now() };
  if (pending.error) return { target, status: 'failed', error: pending.error };
  if (!pending.trusted && isActive(entry.session.state)) return { target, status: 'waits-for-trust' };
  return undefined;
}

/**
 * Starts a session and tells how its first try ended: undefined when it runs, else why not (its
 * error, the failure it is to retry after, or that it was stopped first). A new launch that fails
 * beside the running one is not retried there: the running one goes on.
 */
export async function firstTry(session: ServerSession): Promise<ServerError | undefined> {
  await session.start();
  const state = session.state;
  switch (state.status) {
    case 'running':
      return undefined;
    case 'error':
      return state.error;
    case 'restarting':
      return state.lastError;
    case 'starting':
      return state.lastError ?? { message: 'it was still starting', stderrTail: [], at: Date.now() };
    case 'stopped':
    case 'disabled':
      return {
        message: `it was stopped before it ran${state.status === 'stopped' && state.reason ? ` (${state.reason})` : ''}`,
        stderrTail: [],
        at: Date.now(),
      };
  }
}
