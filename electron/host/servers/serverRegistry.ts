import type { PolicyMoment, ServerOrigin } from '../../../shared/host/activity';
import type { ConsentServer } from '../../../shared/host/consent';
import {
  isActive,
  type ServerRefusal,
  type ServerView,
  type TrustRequest,
} from '../../../shared/host/serverView';
import { Emitter } from '../../mcp';
import { SerialQueue } from '../../store/serialQueue';
import { AccessRecord } from '../activity/accessRecord';
import type { ActivityLog } from '../activity/activityLog';
import type { ServerRecord } from '../activity/serverRecord';
import { ConfigDocument } from '../config/configDocument';
import type { ConfigFile, LoadedConfig } from '../config/configFile';
import { type ParsedConfig, parseConfig, type ServerConfig, serverToRaw } from '../config/serverConfig';
import { consentServerOf, serverIdentity } from '../config/serverIdentity';
import { LaunchSwitch } from './launchSwitch';
import { launchUpdateOf, mayRunOnUntilTrusted, trustRequestOf } from './launchUpdate';
import { type Entry, ServerEntries, type SessionMaking } from './serverEntries';
import { refusalText } from './serverPolicy';
import { invalidView } from './serverProblems';
import type { ServerSession, SessionEvent } from './serverSession';
import { viewOf } from './serverViewOf';
import { signInSharedWith } from './sessionAuth';
import type { TrustStore } from './trustStore';

export interface ServerRegistryDeps extends SessionMaking {
  config: ConfigFile;
  trust: TrustStore;
  /** The activity record: trust, sign-ins; servers added, changed, removed go by `servers` (ServerRecord). */
  activity?: Pick<ActivityLog, 'record'>;
  servers?: ServerRecord;
}

/** Something a live server said, with which server said it. */
export type ServerEvent = SessionEvent & { server: string };

/**
 * Every configured server: its session, its trust, its place in the config file. Servers never
 * see each other; only the registry knows them all. Edits restart exactly the server they change.
 */
export class ServerRegistry {
  private readonly entries: ServerEntries;
  /** Servers the file holds but that could not be loaded, with why. */
  private invalid: ServerView[] = [];
  /** False until the first load: at launch, startAll starts everything at once. */
  private loaded = false;
  /** Shutting down (after any change under way): no change is applied, no server started. */
  private closed = false;
  private readonly changeEmitter = new Emitter<ServerView[]>();
  /** A server was added, removed, edited, or changed state. */
  readonly onChange = this.changeEmitter.event;
  private readonly eventEmitter = new Emitter<ServerEvent>();
  /** What any live server said (lists changed, a resource updated, a URL elicitation finished). */
  readonly onServerEvent = this.eventEmitter.event;
  /** Every change to the file, one at a time: each edits what the one before it saved. */
  private readonly saves = new SerialQueue();
  private readonly file: ConfigDocument;
  private readonly access: AccessRecord;
  /** How a running launch gives way to the one waiting to replace it. */
  private readonly launches: LaunchSwitch;

  constructor(private readonly deps: ServerRegistryDeps) {
    this.file = new ConfigDocument(deps.config, deps.servers);
    this.access = new AccessRecord(deps.activity, deps.redactor);
    this.entries = new ServerEntries(deps, {
      changed: () => this.emitChange(),
      event: (event) => this.eventEmitter.fire(event),
    });
    this.launches = new LaunchSwitch({
      entries: this.entries,
      queue: this.saves,
      closed: () => this.closed,
      changed: () => this.emitChange(),
      access: this.access,
    });
  }

  /** Reads the config file and applies it: new servers appear, changed ones restart, removed ones stop. */
  async load(): Promise<LoadedConfig> {
    if (this.loaded) return this.reload();
    const loaded = await this.file.read();
    // At launch: what the file no longer holds (edited while the app was closed) is nobody's to remember.
    if (loaded.state !== 'unreadable')
      await this.deps.eras?.keepOnly(new Set(loaded.parsed.servers.map(serverIdentity))).catch(() => {});
    await (await this.saves.run(() => this.apply(loaded.parsed))).started;
    return loaded;
  }

  /**
   * config.json may have changed (the host watches it): what the person or another program wrote
   * there is taken as it stands — recorded as edited outside Switchboard; what it changed restarts,
   * what it added starts — unless it is what the app last wrote or read. A file that is not valid
   * JSON changes nothing: the servers run on as last read, and saves wait until it is fixed.
   */
  async reload(): Promise<LoadedConfig> {
    let loaded: LoadedConfig | undefined;
    const { started } = await this.saves.run(async () => {
      const read = await this.file.reread();
      loaded = read.loaded;
      return read.changed ? this.apply(read.loaded.parsed) : { started: undefined };
    });
    await started;
    return loaded!;
  }

  /** config.json as last read: why it cannot be read now, if it cannot (see reload), and when that changes. */
  get configState(): Pick<ConfigDocument, 'problem' | 'onProblem'> {
    return this.file;
  }

  /** Starts every enabled, trusted server at once. */
  async startAll(): Promise<void> {
    await Promise.all(
      this.entries
        .values()
        .filter((e) => e.trusted && !e.refused)
        .map((e) => e.session.start()),
    );
  }

  /**
   * The managed policy changed: servers it now refuses stop, servers it allows again start (those
   * trusted and enabled), and every card says which.
   */
  async applyPolicy(): Promise<void> {
    // A launch replaced a moment ago and finishing its calls is not judged again: it stops now.
    await this.entries.cutRetiring(undefined, 'the policy changed');
    const entries = this.entries.values();
    const [verdicts, updates] = await Promise.all([
      Promise.all(entries.map((e) => this.judged(e.session.config, 'policy-changed', e.refused))),
      // A launch waiting to replace the running one is what the file says: judged as well.
      Promise.all(entries.map((e) => e.pending && this.judged(e.pending.config, 'policy-changed'))),
    ]);
    const work: Promise<void>[] = [];
    entries.forEach((entry, i) => {
      if (this.entries.get(entry.session.id) !== entry) return; // replaced or removed meanwhile
      const refused = verdicts[i];
      const update = updates[i];
      if (entry.pending && (refused || update)) {
        // The running launch is refused, or the one to replace it: it stops at once (see LaunchSwitch).
        work.push(this.launches.refused(entry, (refused ?? update)!, update, this.loaded));
        return;
      }
      const was = entry.refused;
      entry.refused = refused;
      if (refused && !was) work.push(entry.session.stop(refusalText(refused)));
      else if (!refused && was && entry.trusted && this.loaded) work.push(entry.session.start());
    });
    this.emitChange();
    await Promise.all(work);
  }

  /** Whether local servers start with the login shell's PATH (what a runtime check must look on). */
  get resolvesShellPath(): boolean {
    return this.deps.resolveShellPath === true;
  }

  get(id: string): ServerSession | undefined {
    return this.entries.get(id)?.session;
  }

  /** A configured server's session, or an error naming the server that is not configured. */
  session(id: string): ServerSession {
    return this.require(id).session;
  }

  /** Who a server is, for consent requests. */
  describe(id: string): ConsentServer | undefined {
    const entry = this.entries.get(id);
    return entry && consentServerOf(entry.session.config, entry.identity);
  }

  sessions(): ServerSession[] {
    return this.entries.values().map((e) => e.session);
  }

  views(): ServerView[] {
    return [
      ...this.entries.values().map((entry) => viewOf(entry, trustRequestOf(entry), launchUpdateOf(entry))),
      ...this.invalid,
    ];
  }

  /**
   * What the person must confirm before this server runs — its whole launch, and the identity that
   * stands for exactly that launch — or undefined when nothing is asked (a remote server, or one
   * trusted already). Disabled or not: trust is about what runs, not when. With `shown`, the launch
   * the person was shown: if the server was edited since, nothing may be trusted on that yes.
   */
  pendingTrust(id: string, shown?: string): TrustRequest | undefined {
    const request = trustRequestOf(this.require(id));
    if (request && shown !== undefined && request.identity !== shown)
      throw new Error(
        `${id} was changed after its command was shown: nothing was trusted; look at the new command and confirm it`,
      );
    return request;
  }

  /**
   * The person confirmed the launch that `identity` stands for (see pendingTrust): remember it, and
   * start the server — a launch waiting to replace a running one starts beside it (LaunchSwitch.beside).
   */
  async trust(id: string, identity: string): Promise<void> {
    const entry = this.require(id);
    if (!this.pendingTrust(id, identity)) return;
    await this.deps.trust.trust(identity);
    this.access.trust(id, identity, entry.pending?.config ?? entry.session.config, true);
    // As it is now: the file may have been applied again meanwhile, waiting for the same launch.
    const now = this.entries.get(id);
    if (now?.pending?.identity === identity && !now.pending.trusted) {
      now.pending.trusted = true;
      return this.launches.beside(now);
    }
    if (entry.pending) return; // the file says another launch now: its card asks for it
    entry.trusted = true;
    this.emitChange();
    if (!entry.refused) await entry.session.start();
  }

  /** The person was shown this launch (`identity`) and said no: recorded; nothing else changes (a launch that runs goes on). */
  trustRefused(id: string, identity: string): void {
    const entry = this.require(id);
    const asked = trustRequestOf(entry);
    if (asked?.identity === identity)
      this.access.trust(id, identity, entry.pending?.config ?? entry.session.config, false);
  }

  /** Starts a server by hand: never one whose launch waits for the person's trust. */
  async start(id: string): Promise<void> {
    const entry = this.require(id);
    if (entry.pending?.trusted && !isActive(entry.session.state)) return this.launches.alone(entry);
    await this.trusted(id).start();
  }

  /**
   * Restarts a server by hand: never one whose launch waits for the person's trust. A trusted launch
   * waiting to replace the running one (it failed to start beside it) starts alone: the running one
   * stops first, for a server that cannot run twice at once.
   */
  async restart(id: string): Promise<void> {
    const entry = this.require(id);
    if (entry.pending?.trusted) return this.launches.alone(entry);
    await this.trusted(id).restart();
  }

  /** Stops a server by hand, and a new launch starting beside it: that one does not take its place. */
  async stop(id: string): Promise<void> {
    const entry = this.require(id);
    const trial = entry.pending?.trial;
    if (trial) entry.pending!.trial = undefined;
    await Promise.all([entry.session.stop(), trial?.session.stop(), this.entries.cutRetiring(id, 'stopped')]);
    trial?.held.dispose();
    this.emitChange();
  }

  /** Starts a remote server allowed to open its sign-in page (the person clicked Sign in). */
  async signIn(id: string): Promise<void> {
    await this.access.signIn(id, 'signed-in', () => this.trusted(id).signIn());
  }

  /**
   * Forgets a remote server's tokens (revoked where offered). A server the policy refuses can still be
   * signed out of (its tokens should not outlive the refusal); it is not started again after.
   */
  async signOut(id: string): Promise<void> {
    const entry = this.require(id);
    await this.access.signIn(id, 'signed-out', () =>
      entry.refused ? entry.session.forgetSignIn() : this.trusted(id).signOut(),
    );
  }

  /** Adds or replaces a server (its raw mcpServers object), saves the file, restarts only it. */
  upsert(id: string, raw: Record<string, unknown>, origin?: ServerOrigin): Promise<void> {
    return this.upsertMany({ [id]: raw }, origin);
  }

  /** Several servers in one save (an import); nothing is written if any of them is invalid. */
  async upsertMany(raws: Record<string, Record<string, unknown>>, origin?: ServerOrigin): Promise<void> {
    const parsed = parseConfig({ mcpServers: raws });
    const problems = parsed.invalid.flatMap((i) => i.issues.map((x) => `${x.path}: ${x.message}`));
    if (problems.length > 0) throw new Error(`Not saved:\n${problems.join('\n')}`);
    await this.save((servers) => {
      for (const server of parsed.servers) servers[server.name] = serverToRaw(server);
    }, origin);
  }

  /** The server's config as the file holds it (for the edit form). */
  configOf(id: string): ServerConfig | undefined {
    const entry = this.entries.get(id);
    return entry?.pending?.config ?? entry?.session.config;
  }

  /** The servers the file holds, by name (for imports to tell new from existing). */
  configuredServers(): Record<string, unknown> {
    return { ...this.file.servers() };
  }

  /**
   * Removes a server. A remote one's sign-in goes with it (revoked where offered), unless another
   * server at the same URL with the same client still uses it (a rename is such a server).
   */
  async remove(id: string, origin?: ServerOrigin): Promise<void> {
    const { session } = this.require(id);
    await this.save((servers) => {
      delete servers[id];
    }, origin);
    if (
      !signInSharedWith(
        session.config,
        this.sessions().map((s) => s.config),
      )
    )
      await session.forgetSignIn().catch(() => {});
  }

  setEnabled(id: string, enabled: boolean): Promise<void> {
    return this.change(id, ({ disabled: _, ...rest }) => (enabled ? rest : { ...rest, disabled: true }));
  }

  /**
   * One server's object changed by `edit` (its sandbox turned on, a denial allowed), from the file as
   * it is now, not as the server was loaded: an edit saved meanwhile stays. Nothing is written if the
   * result is not a valid server.
   */
  async change(
    id: string,
    edit: (current: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void> {
    this.require(id);
    await this.save((servers) => {
      const current = servers[id];
      if (typeof current !== 'object' || current === null) throw new Error(`No server named "${id}"`);
      const next = edit(current as Record<string, unknown>);
      const invalid = parseConfig({ mcpServers: { [id]: next } }).invalid.flatMap((i) => i.issues);
      if (invalid.length > 0)
        throw new Error(`Not saved: ${invalid.map((x) => `${x.path}: ${x.message}`).join('; ')}`);
      servers[id] = next;
    });
  }

  async shutdown(): Promise<void> {
    await this.saves.run(async () => (this.closed = true)); // after a reload or save under way
    await Promise.all(this.entries.allSessions().map((c) => c.stop('shutting down')));
    // What the servers answered in, written before the data folder is let go.
    await this.deps.eras?.settled();
    this.entries.dispose();
    this.changeEmitter.dispose();
    this.eventEmitter.dispose();
  }

  // ---- internals ------------------------------------------------------------------------------

  /**
   * Changes the file's servers and applies the result. Changes queue: two saves at once (two windows,
   * an import while editing) both land. Starting servers happens outside the queue (an initialize can
   * take a minute; the next save need not wait for it).
   */
  private async save(
    change: (servers: Record<string, unknown>) => void,
    origin: ServerOrigin = { via: 'editor' },
  ): Promise<void> {
    const { started } = await this.saves.run(async () => {
      const read = await this.file.reread();
      try {
        return await this.apply(await this.file.change(change, origin));
      } catch (error) {
        // The change failed; what was edited outside meanwhile (read and recorded) is applied all the same.
        if (read.changed) await this.apply(read.loaded.parsed);
        throw error;
      }
    });
    await started;
  }

  /**
   * Stops what changed or went, adds what is new; `started` settles when the new ones have started. A
   * running, trusted launch whose replacement waits for the person's trust runs on (launchUpdate.ts).
   */
  private async apply({ servers: configs, invalid }: ParsedConfig): Promise<{ started: Promise<void> }> {
    if (this.closed) return { started: Promise.resolve() };
    this.invalid = invalid.map(invalidView);
    const { gone, waiting } = await this.entries.sort(
      new Map(configs.map((c) => [c.name, c])),
      async (entry, config) =>
        mayRunOnUntilTrusted(entry, config) && !(await this.deps.trust.isTrusted(serverIdentity(config))),
    );
    await this.entries.release(gone);
    // Judged together: a registry the policy reads is asked once for all of them.
    const fresh = configs.filter((c) => !this.entries.has(c.name));
    const judging = [...fresh, ...waiting.map(([, config]) => config)];
    const verdicts = await Promise.all(judging.map((c) => this.judged(c, 'start')));
    const refusals = new Map(judging.map((config, i) => [config, verdicts[i]]));
    const refused = waiting.filter(([, config]) => refusals.get(config));
    for (const [entry, config] of waiting) if (!refusals.get(config)) this.entries.setPending(entry, config);
    // A replacement the policy refuses: the file's server is refused, the running launch stops.
    await this.entries.release(refused);
    fresh.push(...refused.map(([, config]) => config));
    const starts: Promise<void>[] = [];
    for (const config of fresh) {
      const identity = serverIdentity(config);
      const trusted = config.kind === 'remote' || (await this.deps.trust.isTrusted(identity));
      const entry = this.entries.open(config, identity, { trusted, refused: refusals.get(config) });
      this.entries.set(config.name, entry);
      // A server added or edited while the app runs starts at once (if trusted); at load, startAll does.
      if (trusted && !entry.refused && this.loaded) starts.push(entry.session.start());
    }
    this.loaded = true;
    this.emitChange();
    return { started: Promise.all(starts).then(() => {}) };
  }

  /** The policy's refusal of `config`, recorded unless it is the one it had (`was`). */
  private async judged(config: ServerConfig, when: PolicyMoment, was?: ServerRefusal) {
    const { refusal } = (await this.deps.gate?.judge(config)) ?? {};
    if (refusal && refusal.reason !== was?.reason) this.deps.gate?.refused(config, when, refusal);
    return refusal;
  }

  private trusted(id: string): ServerSession {
    const entry = this.require(id);
    if (!entry.trusted || (entry.pending && !entry.pending.trusted))
      throw new Error(`${id} has not been trusted: confirm its command (Trust and start) before it runs`);
    if (entry.refused) throw new Error(`${id} does not start. ${refusalText(entry.refused)}`);
    return entry.session;
  }

  private require(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`No server named "${id}"`);
    return entry;
  }

  private emitChange(): void {
    this.changeEmitter.fire(this.views());
  }
}
