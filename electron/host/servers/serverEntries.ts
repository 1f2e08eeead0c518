import type { ConsentServer } from '../../../shared/host/consent';
import type { ServerRefusal } from '../../../shared/host/serverView';
import { type AuthStore, type ClientHandlers, DisposableStore, type SessionObserver } from '../../mcp';
import { canonicalJson } from '../canonicalJson';
import { type ServerConfig, serverToRaw } from '../config/serverConfig';
import { consentServerOf, serverIdentity } from '../config/serverIdentity';
import type { FaultSink } from '../faults/processGuard';
import type { LogStore } from '../logs/logStore';
import type { Redactor } from '../logs/redactor';
import type { PolicyGate } from '../policy/policyGate';
import type { SandboxHost } from '../sandbox/serverSandbox';
import type { SecretStore } from '../secrets/secretStore';
import type { EraStore } from './eraStore';
import type { PendingLaunch } from './launchUpdate';
import type { RestartPolicy } from './restartPolicy';
import { ServerSession, type SessionEvent } from './serverSession';

/** One configured server as the registry holds it: its session, its trust, its place in the file. */
export interface Entry {
  session: ServerSession;
  /** The registry's subscriptions to this session, and the session itself: let go when it goes. */
  held: DisposableStore;
  identity: string;
  /** Canonical text of the config, to tell an edited server from an untouched one. */
  fingerprint: string;
  trusted: boolean;
  /** Why the managed policy refuses it, while it does. */
  refused?: ServerRefusal;
  /**
   * What config.json says to run now, while the launch above — trusted, running — goes on until it is
   * replaced (see launchUpdate.ts): the session above is then the previous launch's.
   */
  pending?: PendingLaunch;
}

/** What every session the registry opens is made with. */
export interface SessionMaking {
  secrets: SecretStore;
  logs: LogStore;
  redactor: Redactor;
  /** The client features one server gets (roots, sampling, elicitation), bound to who it is. */
  handlersFor(server: ConsentServer): ClientHandlers;
  restart?: Partial<RestartPolicy>;
  resolveShellPath?: boolean;
  /** Where remote servers' OAuth credentials are kept. */
  authStore: AuthStore;
  /** Our Client ID Metadata Document's URL (Settings). */
  clientMetadataUrl?: () => Promise<string | undefined>;
  /** The era each local server answered in, kept across app restarts. */
  eras?: EraStore;
  /** Where an error in handling what a server sent goes (the host's faults). */
  fault?: FaultSink;
  /** The managed policy, judged on what each server really runs; a server it refuses is never started. */
  gate?: PolicyGate;
  /** Where local servers with `sandboxEnabled` are confined. */
  sandbox?: SandboxHost;
  /** Telemetry's observer for each session started (absent: telemetry is off). */
  observe?: (config: ServerConfig) => SessionObserver;
}

/** Canonical text of a server's config: equal for two configs the file holds alike. */
const fingerprintOf = (config: ServerConfig): string => canonicalJson(serverToRaw(config));

/** What the registry hears from its entries: any change to show, and what a live server said. */
export interface EntriesHeard {
  changed(): void;
  event(event: SessionEvent & { server: string }): void;
}

/**
 * The registry's servers by name, one entry each: how an entry is opened (its session made, heard by
 * the registry) and let go (its session stopped, with a new launch starting beside it, then disposed).
 */
export class ServerEntries {
  private readonly byName = new Map<string, Entry>();
  /** Entries no longer a server's, finishing what they were asked before they stop (see retire). */
  private readonly retiring = new Set<Entry>();

  constructor(
    private readonly deps: SessionMaking,
    private readonly heard: EntriesHeard,
  ) {}

  get(id: string): Entry | undefined {
    return this.byName.get(id);
  }
  has(id: string): boolean {
    return this.byName.has(id);
  }
  set(id: string, entry: Entry): void {
    this.byName.set(id, entry);
  }
  values(): Entry[] {
    return [...this.byName.values()];
  }

  /**
   * A new entry for `config` (`identity` is serverIdentity(config)), its session not started: what it
   * says and what changes in it reach the registry.
   */
  open(
    config: ServerConfig,
    identity: string,
    judged: { trusted: boolean; refused?: ServerRefusal | undefined },
  ): Entry {
    const deps = this.deps;
    const session = new ServerSession(config, {
      secrets: deps.secrets,
      logs: deps.logs,
      redactor: deps.redactor,
      handlers: deps.handlersFor(consentServerOf(config, identity)),
      restart: deps.restart,
      resolveShellPath: deps.resolveShellPath,
      authStore: deps.authStore,
      ...(deps.clientMetadataUrl ? { clientMetadataUrl: deps.clientMetadataUrl } : {}),
      ...(deps.eras ? { era: deps.eras.of(identity) } : {}),
      ...(deps.fault ? { fault: deps.fault } : {}),
      // Judged again as it is spawned: the program judged is the program run.
      ...(deps.gate ? { gate: deps.gate.atStart } : {}),
      ...(deps.sandbox ? { sandbox: deps.sandbox } : {}),
      ...(deps.observe ? { observe: deps.observe } : {}),
    });
    const held = new DisposableStore();
    held.add(session.onStateChange(() => this.heard.changed()));
    if (session.sandbox) held.add(session.sandbox.onChange(() => this.heard.changed()));
    held.add(session.onEvent((event) => this.heard.event({ ...event, server: config.name })));
    held.add(session);
    return {
      session,
      held,
      identity,
      fingerprint: fingerprintOf(config),
      trusted: judged.trusted,
      refused: judged.refused,
    };
  }

  /** Stops an entry's session (and a new launch starting beside it), then lets go of both. */
  async letGo(entry: Entry, reason: string): Promise<void> {
    const trial = entry.pending?.trial;
    await Promise.all([entry.session.stop(reason), trial?.session.stop(reason)]).finally(() => {
      trial?.held.dispose();
      entry.held.dispose();
    });
  }

  /**
   * An entry no longer its server's (its new launch took its place): stopped once every call sent to
   * it is answered, `ms` at most after now, so a call under way at the switch ends as it would have.
   */
  async retire(entry: Entry, reason: string, ms: number): Promise<void> {
    this.retiring.add(entry);
    await entry.session.settled(ms);
    // Cut short meanwhile (see cutRetiring): let go of already.
    if (this.retiring.delete(entry)) await this.letGo(entry, reason);
  }

  /**
   * Stops at once the launches of `id` (of every server without one) still finishing what they were
   * asked: the server changed, was stopped or removed, or the policy changed — what may run is decided
   * again, and a replaced launch is not left running past it.
   */
  async cutRetiring(id: string | undefined, reason: string): Promise<void> {
    const cut = [...this.retiring].filter((e) => id === undefined || e.session.id === id);
    for (const entry of cut) this.retiring.delete(entry);
    await Promise.all(cut.map((entry) => this.letGo(entry, reason)));
  }

  /** Takes out each server changed (to `config`) or gone (no config), and stops it. */
  async release(changed: [Entry, ServerConfig | undefined][]): Promise<void> {
    await Promise.all(
      changed.map(async ([entry, config]) => {
        await this.cutRetiring(entry.session.id, config ? 'configuration changed' : 'removed');
        this.byName.delete(entry.session.id);
        // A server gone, or now another one: what it answered in is nobody's to remember.
        if (!config || serverIdentity(config) !== entry.identity) this.forgetEra(entry.identity);
        return this.letGo(entry, config ? 'configuration changed' : 'removed');
      }),
    );
  }

  /** What a launch answered in is nobody's to remember (it no longer runs under this name). */
  forgetEra(identity: string): void {
    void this.deps.eras?.forget(identity).catch(() => {});
  }

  /**
   * What the file's servers (`next`, by name) do to each entry: nothing (unchanged); the launch that
   * runs again (what waited to replace it is dropped); a launch to wait beside the running one, as
   * `mayWait` says; or a change that stops it (`gone`, with its new config if it has one).
   */
  async sort(
    next: Map<string, ServerConfig>,
    mayWait: (entry: Entry, config: ServerConfig) => Promise<boolean>,
  ): Promise<{ gone: [Entry, ServerConfig | undefined][]; waiting: [Entry, ServerConfig][] }> {
    const gone: [Entry, ServerConfig | undefined][] = [];
    const waiting: [Entry, ServerConfig][] = [];
    for (const entry of this.values()) {
      const config = next.get(entry.session.id);
      const fingerprint = config && fingerprintOf(config);
      if (fingerprint === (entry.pending?.fingerprint ?? entry.fingerprint)) continue;
      if (fingerprint === entry.fingerprint) this.setPending(entry, undefined);
      else if (config && (await mayWait(entry, config))) waiting.push([entry, config]);
      else gone.push([entry, config]);
    }
    return { gone, waiting };
  }

  /** `config` waits to replace the running launch of `entry`, untrusted yet (undefined: nothing waits). */
  setPending(entry: Entry, config: ServerConfig | undefined): void {
    entry.pending?.trial?.held.dispose();
    entry.pending = config && {
      config,
      identity: serverIdentity(config),
      fingerprint: fingerprintOf(config),
      trusted: false,
    };
  }

  /** Every session: each server's, each new launch starting beside one, each launch being retired. */
  allSessions(): ServerSession[] {
    return [
      ...this.values().flatMap((e) => [e.session, ...(e.pending?.trial ? [e.pending.trial.session] : [])]),
      ...[...this.retiring].map((e) => e.session),
    ];
  }

  /** Lets go of everything at once (shutting down, after the sessions stopped). */
  dispose(): void {
    for (const entry of this.retiring) entry.held.dispose();
    for (const entry of this.byName.values()) {
      entry.pending?.trial?.held.dispose();
      entry.held.dispose();
    }
  }
}
