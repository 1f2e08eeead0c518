import {
  isRunning,
  type LogSource,
  type ServerError,
  type ServerProblemKind,
  type ServerState,
  type SignInNeeded,
} from '../../../shared/host/serverView';
import type { CompleteParams, LoggingLevel, ServerCapabilities } from '../../../shared/mcp/protocol';
import {
  type AuthStore,
  type CallOptions,
  type ClientHandlers,
  type DisposableStore,
  Emitter,
  listSkills,
  loadSkill,
  McpClient,
  type PingOptions,
  type SessionObserver,
  type SkillEntry,
  type Transport,
} from '../../mcp';
import type { ServerConfig } from '../config/serverConfig';
import type { FaultSink } from '../faults/processGuard';
import type { LogStore } from '../logs/logStore';
import type { Redactor } from '../logs/redactor';
import type { Judgment } from '../policy/policyGate';
import { type SandboxHost, ServerSandbox } from '../sandbox/serverSandbox';
import type { SecretStore } from '../secrets/secretStore';
import type { EraMemory } from './eraStore';
import { InFlight } from './inFlight';
import { KnownEra } from './knownEra';
import type { RestartPolicy } from './restartPolicy';
import { fetchServerIcon } from './serverIcon';
import { ConfigProblem, clientOptions, openTransport } from './serverLaunch';
import { refusalText } from './serverPolicy';
import { unusableSelfDescription, usableResult, withoutProblem, withProblem } from './serverProblems';
import { ServerNotRunning } from './serverStateText';
import { SessionAuth, signInLostMessage } from './sessionAuth';
import { canStart, lifecycleRules, SessionLifecycle } from './sessionLifecycle';
import { SessionLog } from './sessionLog';
import { type SessionEvent, wireClient } from './sessionWiring';
import { startError } from './startError';
import { StartingDetail } from './startingDetail';

export interface ServerSessionDeps {
  secrets: SecretStore;
  logs: LogStore;
  redactor: Redactor;
  /** The client features this server may use (roots, sampling, elicitation), bound to it. */
  handlers: ClientHandlers;
  restart?: Partial<RestartPolicy>;
  /** Started from a GUI launcher: take PATH from the login shell. */
  resolveShellPath?: boolean;
  /** How a remote server is checked while idle (a local one's process says when it is gone). */
  remotePing?: PingOptions;
  /** Where a remote server's OAuth credentials are kept. */
  authStore: AuthStore;
  /** Our Client ID Metadata Document's URL (Settings), read when a remote server first starts. */
  clientMetadataUrl?: () => Promise<string | undefined>;
  /** The era a local server answered in at an earlier launch, kept across app restarts. */
  era?: EraMemory;
  /** Where an error in handling what this server sent goes (the host's faults); else only its card. */
  fault?: FaultSink;
  /** The managed policy, asked before every spawn: a refusal stops the start; else, the program judged. */
  gate?: (config: ServerConfig) => Promise<Judgment>;
  /** Where a local server with `sandboxEnabled` is confined (absent: it cannot be, and is not started). */
  sandbox?: SandboxHost;
  /** Telemetry's observer for each start's session: spans, and trace context in every request (absent: off). */
  observe?: (config: ServerConfig) => SessionObserver;
}

export type { SessionEvent } from './sessionWiring';

/** The client of the running session, with what listens to it. */
interface Live {
  client: McpClient;
  /** Which session this is: a new number each time the server starts running. */
  run: number;
  listeners: DisposableStore;
}

/**
 * One configured server's session: its state, its restarts, and — only while it runs — its
 * McpClient, which nothing outside this class touches. The host asks it for the operations
 * (`callTool`, `readResource`…), which fail with one error when the server is not running, and
 * follows `onEvent` for what the live server says. Where it goes next is its lifecycle's to say
 * (sessionLifecycle.ts); this class does what each step needs with the client (a try, a run let
 * go). Everything it logs goes through the log store (redacted). Never throws from start/stop:
 * failures become states with what went wrong.
 */
export class ServerSession {
  private readonly lifecycle: SessionLifecycle;
  readonly onStateChange: SessionLifecycle['onChange'];
  private readonly eventEmitter = new Emitter<SessionEvent>();
  /** Lists changed, a subscribed resource changed, a URL elicitation finished: from any run. */
  readonly onEvent = this.eventEmitter.event;
  private live: Live | undefined;
  /**
   * Runs are numbered across every session of the process: a server's new launch, started beside the
   * previous one and taking its place, is a new run to whoever follows the server by name (its lists).
   */
  private static runs = 0;
  private readonly logger: SessionLog;
  private loggingLevel: LoggingLevel | undefined;
  private readonly era: KnownEra;
  private readonly starting: StartingDetail;
  /** Tool calls, reads and prompts sent and not yet answered (see settled). */
  private readonly inFlight = new InFlight();
  /** A remote server's OAuth, kept across runs (its tokens live in the store). */
  private readonly auth: SessionAuth | undefined;
  /** A local server's sandbox: whether it is confined, and what it tried beyond its rules. */
  readonly sandbox: ServerSandbox | undefined;

  constructor(
    readonly config: ServerConfig,
    private readonly deps: ServerSessionDeps,
  ) {
    this.logger = new SessionLog(deps.logs, config.name, (kind, message) => this.noteProblem(kind, message));
    this.lifecycle = new SessionLifecycle(config.name, lifecycleRules(config, deps.restart), (level, text) =>
      this.log('lifecycle', level, text),
    );
    this.onStateChange = this.lifecycle.onChange;
    this.starting = new StartingDetail(this.logger, deps.redactor, (change) =>
      this.lifecycle.step({ kind: 'starting', change }),
    );
    this.era = new KnownEra(deps.era, config.kind === 'stdio');
    if (config.kind === 'stdio' && deps.sandbox) this.sandbox = new ServerSandbox(config, deps.sandbox);
    if (config.kind === 'remote')
      this.auth = SessionAuth.forServer(config, deps, {
        log: (text) => this.log('lifecycle', 'info', text),
        open: (url, issuer) => this.eventEmitter.fire({ kind: 'open-sign-in', url, issuer }),
        needed: (needed) => this.signInLost(needed),
      });
  }

  get id(): string {
    return this.config.name;
  }
  get state(): ServerState {
    return this.lifecycle.state;
  }
  get wireTrace(): boolean {
    return this.logger.wireTrace;
  }
  /** Turns the wire trace on or off; on from a start, it includes the opening exchange. */
  setWireTrace(on: boolean): void {
    if (this.logger.setWireTrace(on)) this.lifecycle.announce();
  }
  /** Which run of the server is live (a new number after every restart or switch); undefined unless running. */
  get run(): number | undefined {
    return isRunning(this.state) ? this.live?.run : undefined;
  }
  /** What the running server offers; undefined unless running. */
  get capabilities(): ServerCapabilities | undefined {
    return isRunning(this.state) ? this.state.capabilities : undefined;
  }

  async start(): Promise<void> {
    if (!canStart(this.state)) return;
    const generation = this.lifecycle.renew();
    this.lifecycle.step({ kind: 'start' });
    await this.connect(generation);
  }

  /** Says so at once, then shuts the server down per its transport (which can take seconds). */
  async stop(reason = 'stopped'): Promise<void> {
    this.lifecycle.abort(reason);
    const client = this.drop();
    this.lifecycle.step({ kind: 'stop', reason });
    if (client) {
      this.log('lifecycle', 'info', `stopping (${reason})`);
      await client.close().catch(() => {});
    }
    this.log('lifecycle', 'info', `stopped (${reason})`);
  }

  /** Resolves once every tool call, read and prompt sent to it is answered, or after `ms` at most. */
  settled(ms: number): Promise<void> {
    return this.inFlight.settled(ms);
  }

  async restart(): Promise<void> {
    await this.stop('restart');
    await this.start();
  }

  /**
   * Starts again, this time allowed to open the authorization server's sign-in page (the person
   * asked for it, having seen with whom and for which scopes).
   */
  async signIn(): Promise<void> {
    if (!this.auth) throw new Error(`Server "${this.id}" is not a remote server`);
    // Signed in but refused for scope: this sign-in is a step-up.
    const stepUp = this.lifecycle.lastError?.signIn !== undefined && this.auth.signedIn !== undefined;
    await this.stop('signing in');
    await this.auth.interactively(() => this.start(), stepUp);
  }

  /** Forgets (and revokes, where offered) this server's tokens; the next start asks for a sign-in. */
  async signOut(): Promise<void> {
    if (!this.auth) throw new Error(`Server "${this.id}" is not a remote server`);
    await this.stop('signed out');
    await this.auth.signOut();
    this.log('lifecycle', 'info', 'signed out');
    await this.start();
  }

  /** For a server being removed: its tokens revoked (where offered) and forgotten, nothing started. */
  async forgetSignIn(): Promise<void> {
    await this.auth?.signOut();
  }

  /**
   * A running server's token was refused and could not be renewed (revoked, expired for good): the
   * session ends in "Sign in required", as at start; it is not retried until the person signs in.
   */
  private signInLost(needed: SignInNeeded): void {
    if (this.run === undefined) return; // a start under way reports it through its own failure
    const generation = this.lifecycle.renew();
    const client = this.drop();
    const message = signInLostMessage(needed);
    this.lifecycle.step({
      kind: 'sign-in-lost',
      error: { message, stderrTail: [], at: Date.now(), permanent: true, signIn: needed },
    });
    if (this.lifecycle.isCurrent(generation)) void client?.close().catch(() => {});
  }

  /** Kept for later runs too; sent now when the server is running and logs. */
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    this.loggingLevel = level;
    if (this.capabilities?.logging) await this.running().setLoggingLevel(level);
  }

  async notifyRootsChanged(): Promise<void> {
    if (this.run !== undefined)
      await this.running()
        .notifyRootsListChanged()
        .catch(() => {});
  }

  // ---- operations on the running server (each fails with ServerNotRunning otherwise) ----------

  readonly callTool = (name: string, args: Record<string, unknown> = {}, options?: CallOptions) =>
    this.inFlight.track(async () =>
      this.usable('tools/call', await this.running().callTool(name, args, options)),
    );
  readonly readResource = (uri: string, options?: CallOptions) =>
    this.inFlight.track(async () =>
      this.usable('resources/read', await this.running().readResource(uri, options)),
    );
  readonly getPrompt = (name: string, args: Record<string, string>, options?: CallOptions) =>
    this.inFlight.track(async () =>
      this.usable('prompts/get', await this.running().getPrompt(name, args, options)),
    );
  readonly complete = async (params: CompleteParams, options?: CallOptions) =>
    this.usable('completion/complete', await this.running().complete(params, options));
  readonly setSubscribed = async (uri: string, subscribed: boolean) =>
    subscribed ? this.running().subscribeResource(uri) : this.running().unsubscribeResource(uri);
  readonly listTools = async (options?: { fresh?: boolean }) => this.running().listTools(options);
  /** Whether a list should be asked for again before use (a modern server's ttlMs ran out). */
  listIsStale(list: Parameters<McpClient['listIsStale']>[0]): boolean {
    return this.live?.client.listIsStale(list) ?? false;
  }
  readonly listResources = async (options?: { fresh?: boolean }) => this.running().listResources(options);
  readonly listResourceTemplates = async (options?: { fresh?: boolean }) =>
    this.running().listResourceTemplates(options);
  readonly listPrompts = async (options?: { fresh?: boolean }) => this.running().listPrompts(options);
  /** The server's skills (SEP-2640): the listing only. */
  readonly listSkills = async (options?: { fresh?: boolean }) => {
    const listed = await listSkills(this.running(), options);
    for (const why of listed.refused) this.log('protocol', 'warning', `skill left out: ${why}`);
    return listed;
  };
  /**
   * One skill a person chose, every file verified against its entry — the entry as the server lists
   * it now (a skill updated since the catalog listed it loads in its new version).
   */
  readonly loadSkill = async (entry: SkillEntry) => {
    const { skills } = await this.listSkills({ fresh: true });
    const current = skills.find((s) => s.uri === entry.uri);
    if (!current)
      throw new Error(`Skill "${entry.frontmatter.name}" is no longer offered by ${this.id} (${entry.uri})`);
    return loadSkill(this.running(), current);
  };

  /**
   * Says on the running server's card what it sent that could not be used, and why (the latest of
   * each kind), and logs it. A server not running has no card to say it on: its log says it.
   */
  noteProblem(kind: ServerProblemKind, message: string): void {
    this.log('protocol', 'error', message);
    this.lifecycle.step({ kind: 'card', change: (state) => withProblem(state, kind, message) });
  }

  /** The problem of `kind` is over (a list that failed has been read since). */
  clearProblem(kind: ServerProblemKind): void {
    this.lifecycle.step({ kind: 'card', change: (state) => withoutProblem(state, kind) });
  }

  /**
   * Ends everything the session holds, at once and silently: a try under way, the wait before the
   * next, the run (its client closed, its process ended), every subscription to it. It is not used
   * again.
   */
  dispose(): void {
    this.sandbox?.dispose();
    this.lifecycle.dispose();
    this.starting.dispose();
    void this.drop()
      ?.close()
      .catch(() => {});
    this.eventEmitter.dispose();
  }

  /** A result to hand on, or a JsonTooDeep naming it (said on the card): see usableResult. */
  private usable<T>(method: string, result: T): T {
    return usableResult(`the ${method} result from ${this.id}`, result, (why) =>
      this.noteProblem('result', `A ${method} result was not used: ${why}`),
    );
  }

  private running(): McpClient {
    if (!isRunning(this.state) || !this.live) throw new ServerNotRunning(this.id, this.state);
    return this.live.client;
  }

  /** Lets go of the live client (its listeners too) and hands it back to be closed. */
  private drop(): McpClient | undefined {
    const live = this.live;
    this.live = undefined;
    live?.listeners.dispose();
    return live?.client;
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  private async connect(generation: number): Promise<void> {
    this.logger.newAttempt();
    const signal = this.lifecycle.try();
    let transport: Transport;
    let client: McpClient;
    const era = await this.era.known();
    try {
      const judged = await this.deps.gate?.(this.config);
      if (judged?.refusal) throw new ConfigProblem(refusalText(judged.refusal));
      if (this.config.kind === 'stdio' && this.config.sandboxEnabled && !this.sandbox)
        throw new ConfigProblem(
          'it is set to run sandboxed, and this host has no sandbox: it was not started unconfined',
        );
      transport = await openTransport(
        this.config,
        this.deps,
        await this.auth?.http(),
        judged?.program,
        this.sandbox?.wrap(),
      );
      this.logger.followTransport(transport);
      this.sandbox?.follow(transport);
      client = await McpClient.connect(
        clientOptions(this.config, this.deps, {
          transport,
          era,
          signal,
          onWireTrace: (trace) => this.logger.wire(trace),
          // What it sent before its first answer that was refused (junk on stdout, a bad line).
          onOpeningLog: (entry) => this.log('protocol', entry.level, entry.message),
          onOpeningRequest: (request, ms) => this.starting.waiting(request, ms),
        }),
      );
    } catch (error) {
      // Stopped while starting: that says nothing about the server.
      if (!this.lifecycle.isCurrent(generation)) return;
      this.era.forget();
      this.failed(generation, startError(error, this.logger.tail, this.deps.redactor));
      return;
    }
    if (!this.lifecycle.isCurrent(generation)) {
      await client.close();
      return;
    }
    const unusable = unusableSelfDescription(client.serverInfo, client.serverCapabilities);
    if (unusable) {
      await client.close();
      this.failed(generation, { message: unusable, stderrTail: [], at: Date.now(), permanent: true });
      return;
    }
    this.era.answered(client.era);
    this.live = { client, run: ++ServerSession.runs, listeners: this.wire(client, generation) };
    if (this.loggingLevel && client.serverCapabilities.logging) {
      await client.setLoggingLevel(this.loggingLevel).catch(() => {});
    }
    this.lifecycle.running({
      status: 'running',
      protocolVersion: client.protocolVersion,
      serverInfo: client.serverInfo,
      capabilities: client.serverCapabilities,
      ...(client.instructions !== undefined ? { instructions: client.instructions } : {}),
      since: Date.now(),
      ...(this.auth?.signedIn ? { auth: this.auth.signedIn } : {}),
    });
    if (this.config.kind === 'remote' && client.serverInfo.icons?.length)
      void fetchServerIcon(this.config.url, client.serverInfo.icons).then((icon) => {
        if (icon && this.lifecycle.isCurrent(generation))
          this.lifecycle.step({ kind: 'card', change: (state) => ({ ...state, icon }) });
      });
  }

  /** The session's listeners on its live client (see wireClient). */
  private wire(client: McpClient, generation: number): DisposableStore {
    return wireClient(client, {
      server: this.id,
      current: () => this.lifecycle.isCurrent(generation),
      live: () => this.live?.client === client,
      event: (event) => this.eventEmitter.fire(event),
      failed: (error) => this.failed(generation, error),
      serverMessage: (m) => this.logger.serverMessage(m),
      log: (source, level, text) => this.log(source, level, text),
      redact: (text) => this.deps.redactor.redact(text),
      refused: (text) =>
        this.lifecycle.step({
          kind: 'card',
          change: (state) =>
            withProblem(
              state,
              'protocol',
              `Refused, against the protocol: ${this.deps.redactor.redact(text)}`,
            ),
        }),
      fault:
        this.deps.fault ?? ((e, during) => this.noteProblem('fault', `Switchboard failed ${during}: ${e}`)),
    });
  }

  private failed(generation: number, error: ServerError): void {
    this.drop();
    this.lifecycle.failed(generation, error, () => void this.connect(generation));
  }

  private log(source: LogSource, level: LoggingLevel, text: string): void {
    this.logger.write(source, level, text);
  }
}
