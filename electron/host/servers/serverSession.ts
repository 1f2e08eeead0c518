import {
  isRunning,
  type LogSource,
  type ServerError,
  type ServerProblemKind,
  type ServerState,
  type SignInNeeded,
} from '../../../shared/host/serverView';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../../shared/mcp/apps';
import type { CompleteParams, Era, LoggingLevel, ServerCapabilities } from '../../../shared/mcp/protocol';
import {
  type AuthStore,
  type CallOptions,
  type ClientHandlers,
  type Disposer,
  Emitter,
  listSkills,
  loadSkill,
  McpClient,
  type PingOptions,
  type SkillEntry,
  type Transport,
  traceContextFromEnv,
} from '../../mcp';
import type { ServerConfig } from '../config/serverConfig';
import type { FaultSink } from '../faults/processGuard';
import { inServerScope } from '../faults/serverScope';
import type { LogStore } from '../logs/logStore';
import type { Redactor } from '../logs/redactor';
import type { SecretStore } from '../secrets/secretStore';
import type { EraMemory } from './eraStore';
import { DEFAULT_RESTART_POLICY, type RestartPolicy, restartDelay } from './restartPolicy';
import { fetchServerIcon } from './serverIcon';
import { openTransport } from './serverLaunch';
import { unusableSelfDescription, usableResult, withoutProblem, withProblem } from './serverProblems';
import { ServerNotRunning } from './serverStateText';
import { SessionAuth, signInLostMessage } from './sessionAuth';
import { SessionLog } from './sessionLog';
import { wireClient } from './sessionWiring';
import { startError } from './startError';

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
}

/**
 * A remote server is pinged every 30 s; after a missed answer, again a second later (a restarted
 * server answers that one through a new session); two missed in a row mark it unreachable.
 */
const REMOTE_PING: PingOptions = {
  intervalMs: 30_000,
  timeoutMs: 10_000,
  maxMissed: 2,
  retryIntervalMs: 1000,
};

export type { SessionEvent } from './sessionWiring';

import type { SessionEvent } from './sessionWiring';

/** The client of the attempt under way or of the running session, with what listens to it. */
interface Live {
  client: McpClient;
  /** Which session this is: a new number each time the server starts running. */
  run: number;
  listeners: Disposer[];
}

/**
 * One configured server's session: its state, its restarts, and — only while it runs — its
 * McpClient, which nothing outside this class touches. The host asks it for the operations
 * (`callTool`, `readResource`…), which fail with one error when the server is not running, and
 * follows `onEvent` for what the live server says. Everything it logs goes through the log store
 * (redacted). Never throws from start/stop: failures become states with what went wrong.
 */
export class ServerSession {
  private readonly stateEmitter = new Emitter<ServerState>();
  readonly onStateChange = this.stateEmitter.event;
  private readonly eventEmitter = new Emitter<SessionEvent>();
  /** Lists changed, a subscribed resource changed, a URL elicitation finished: from any run. */
  readonly onEvent = this.eventEmitter.event;
  private current: ServerState;
  private live: Live | undefined;
  private runs = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private tries = 0;
  /** Bumped by every start/stop so that late results of an abandoned attempt are ignored. */
  private generation = 0;
  /** Aborts the attempt under way (stop or remove while starting ends the process at once). */
  private attempt: AbortController | undefined;
  private readonly logger: SessionLog;
  private lastError: ServerError | undefined;
  private readonly policy: RestartPolicy;
  private loggingLevel: LoggingLevel | undefined;
  /**
   * The era this server answered in (2026-07-28 basic/versioning: remembered for the life of this
   * configuration, across app restarts for a local one; a legacy server is not probed again unless
   * its initialize fails).
   */
  private era: Era | undefined;
  /** Whether the era kept from an earlier launch was read (once: after that, `era` is the truth). */
  private eraRecalled = false;
  /** Whether the wire trace is written (off by default; not kept across app restarts). */
  private tracing = false;
  /** A remote server's OAuth, kept across runs (its tokens live in the store). */
  private readonly auth: SessionAuth | undefined;

  constructor(
    readonly config: ServerConfig,
    private readonly deps: ServerSessionDeps,
  ) {
    this.policy = { ...DEFAULT_RESTART_POLICY, ...deps.restart };
    this.logger = new SessionLog(deps.logs, config.name, (kind, message) => this.noteProblem(kind, message));
    this.current = config.disabled ? { status: 'disabled' } : { status: 'stopped' };
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
    return this.current;
  }
  get wireTrace(): boolean {
    return this.tracing;
  }
  /** Turns the wire trace on or off; on from a start, it includes the opening exchange. */
  setWireTrace(on: boolean): void {
    if (this.tracing === on) return;
    this.tracing = on;
    this.log(
      'lifecycle',
      'info',
      on
        ? 'wire trace on: every message both ways is logged (restart the server to see its opening exchange)'
        : 'wire trace off',
    );
    this.stateEmitter.fire(this.current);
  }
  /** Which run of the server is live (a new number after every restart); undefined unless running. */
  get run(): number | undefined {
    return isRunning(this.current) ? this.live?.run : undefined;
  }
  /** What the running server offers; undefined unless running. */
  get capabilities(): ServerCapabilities | undefined {
    return isRunning(this.current) ? this.current.capabilities : undefined;
  }

  async start(): Promise<void> {
    // Restarting counts as stopped here: Start tries again now instead of waiting out the backoff.
    if (this.config.disabled || isRunning(this.current) || this.current.status === 'starting') return;
    this.cancelTimers();
    this.tries = 0;
    this.lastError = undefined;
    await this.connect(++this.generation);
  }

  /** Says so at once, then shuts the server down per its transport (which can take seconds). */
  async stop(reason = 'stopped'): Promise<void> {
    ++this.generation;
    this.cancelTimers();
    this.attempt?.abort(new Error(reason));
    this.attempt = undefined;
    const client = this.drop();
    this.setState(this.config.disabled ? { status: 'disabled' } : { status: 'stopped', reason });
    if (client) {
      this.log('lifecycle', 'info', `stopping (${reason})`);
      await client.close().catch(() => {});
    }
    this.log('lifecycle', 'info', `stopped (${reason})`);
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
    const stepUp = this.lastError?.signIn !== undefined && this.auth.signedIn !== undefined;
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
    const generation = ++this.generation;
    this.cancelTimers();
    const client = this.drop();
    const message = signInLostMessage(needed);
    this.log('lifecycle', 'warning', message);
    this.lastError = { message, stderrTail: [], at: Date.now(), permanent: true, signIn: needed };
    this.setState({ status: 'error', error: this.lastError });
    if (generation === this.generation) void client?.close().catch(() => {});
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

  readonly callTool = async (name: string, args: Record<string, unknown> = {}, options?: CallOptions) =>
    this.usable('tools/call', await this.running().callTool(name, args, options));
  readonly readResource = async (uri: string, options?: CallOptions) =>
    this.usable('resources/read', await this.running().readResource(uri, options));
  readonly getPrompt = async (name: string, args: Record<string, string>, options?: CallOptions) =>
    this.usable('prompts/get', await this.running().getPrompt(name, args, options));
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
    this.markProblem(kind, message);
  }

  /** The card says `message` for `kind` (already logged by whoever found it). */
  private markProblem(kind: ServerProblemKind, message: string): void {
    const next = isRunning(this.current) ? withProblem(this.current, kind, message) : undefined;
    if (next) this.setState(next);
  }

  /** The problem of `kind` is over (a list that failed has been read since). */
  clearProblem(kind: ServerProblemKind): void {
    const next = isRunning(this.current) ? withoutProblem(this.current, kind) : undefined;
    if (next) this.setState(next);
  }

  /** Ends every subscription; the session is not used again. */
  dispose(): void {
    this.stateEmitter.dispose();
    this.eventEmitter.dispose();
  }

  /** A result to hand on, or a JsonTooDeep naming it (said on the card): see usableResult. */
  private usable<T>(method: string, result: T): T {
    return usableResult(`the ${method} result from ${this.id}`, result, (why) =>
      this.noteProblem('result', `A ${method} result was not used: ${why}`),
    );
  }

  private running(): McpClient {
    if (!isRunning(this.current) || !this.live) throw new ServerNotRunning(this.id, this.current);
    return this.live.client;
  }

  /** Lets go of the live client (its listeners too) and hands it back to be closed. */
  private drop(): McpClient | undefined {
    const live = this.live;
    this.live = undefined;
    for (const off of live?.listeners ?? []) off();
    return live?.client;
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  private async connect(generation: number): Promise<void> {
    this.tries++;
    this.logger.newAttempt();
    const attempt = new AbortController();
    this.attempt = attempt;
    this.setState({
      status: 'starting',
      attempt: this.tries,
      ...(this.tries > 1 && this.lastError ? { lastError: this.lastError } : {}),
    });
    this.log('lifecycle', 'info', this.tries === 1 ? 'starting' : `starting (try ${this.tries})`);
    let transport: Transport;
    let client: McpClient;
    if (!this.eraRecalled && this.config.kind === 'stdio') {
      this.eraRecalled = true;
      this.era ??= await this.deps.era?.recall().catch(() => undefined);
    }
    try {
      transport = await openTransport(this.config, this.deps, await this.auth?.http());
      this.logger.followTransport(transport);
      client = await McpClient.connect({
        transport,
        serverName: this.id,
        handlers: this.deps.handlers,
        // Views render in the conversation (MCP Apps): servers may offer their tools with one.
        extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } },
        requestTimeoutMs: this.config.requestTimeoutMs,
        maxTotalTimeoutMs: this.config.maxTotalTimeoutMs,
        protocol: this.config.protocol ?? 'auto',
        ...(this.era ? { knownEra: this.era } : {}),
        traceContext: traceContextFromEnv,
        // Only while the person has it on (the Logs page): a trace doubles what a busy server logs.
        onWireTrace: (trace) => {
          if (this.tracing) this.logger.wire(trace);
        },
        // What it sent before its first answer that was refused (junk on stdout, a bad line).
        onOpeningLog: (entry) => this.log('protocol', entry.level, entry.message),
        signal: attempt.signal,
        ...(this.config.kind === 'remote' ? { ping: this.deps.remotePing ?? REMOTE_PING } : {}),
      });
    } catch (error) {
      // Stopped while starting: that says nothing about the server.
      if (generation !== this.generation) return;
      // What answered before may not be what is there now: the next start finds out again.
      if (this.era) void this.deps.era?.remember(undefined).catch(() => {});
      this.era = undefined;
      this.failed(generation, startError(error, this.logger.tail, this.deps.redactor));
      return;
    }
    if (generation !== this.generation) {
      await client.close();
      return;
    }
    const unusable = unusableSelfDescription(client.serverInfo, client.serverCapabilities);
    if (unusable) {
      await client.close();
      this.failed(generation, { message: unusable, stderrTail: [], at: Date.now(), permanent: true });
      return;
    }
    if (client.era !== this.era && this.config.kind === 'stdio')
      void this.deps.era?.remember(client.era).catch(() => {});
    this.era = client.era;
    const listeners = wireClient(client, {
      server: this.id,
      current: () => generation === this.generation,
      live: () => this.live?.client === client,
      event: (event) => this.eventEmitter.fire(event),
      failed: (error) => this.failed(generation, error),
      serverMessage: (m) => this.logger.serverMessage(m),
      log: (source, level, text) => this.log(source, level, text),
      redact: (text) => this.deps.redactor.redact(text),
      refused: (text) =>
        this.markProblem('protocol', `Refused, against the protocol: ${this.deps.redactor.redact(text)}`),
      fault:
        this.deps.fault ?? ((e, during) => this.noteProblem('fault', `Switchboard failed ${during}: ${e}`)),
    });
    this.live = { client, run: ++this.runs, listeners };
    if (this.loggingLevel && client.serverCapabilities.logging) {
      await client.setLoggingLevel(this.loggingLevel).catch(() => {});
    }
    this.setState({
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
        if (icon && generation === this.generation && isRunning(this.current))
          this.setState({ ...this.current, icon });
      });
    const info = client.serverInfo;
    this.log(
      'lifecycle',
      'info',
      `running: ${info.title ?? info.name} ${info.version}, protocol ${client.protocolVersion}`,
    );
    this.stableTimer = setTimeout(() => {
      this.tries = 0;
    }, this.policy.stableAfterMs);
    this.stableTimer.unref?.();
  }

  private failed(generation: number, error: ServerError): void {
    this.drop();
    this.lastError = error;
    clearTimeout(this.stableTimer);
    this.log('lifecycle', 'error', error.message);
    if (error.permanent) {
      this.log('lifecycle', 'error', 'not restarting: starting it again would fail the same way');
      this.setState({ status: 'error', error });
      return;
    }
    const inMs = restartDelay(this.policy, this.tries, this.config.kind === 'remote');
    if (inMs === undefined) {
      this.log('lifecycle', 'error', `giving up after ${this.policy.maxTries} restarts`);
      this.setState({ status: 'error', error });
      return;
    }
    this.setState({ status: 'restarting', attempt: this.tries, inMs, lastError: error });
    this.log(
      'lifecycle',
      'warning',
      `restarting in ${inMs} ms (restart ${this.tries} of ${this.policy.maxTries})`,
    );
    this.timer = setTimeout(() => {
      if (generation === this.generation) void this.connect(generation);
    }, inMs);
  }

  private setState(state: ServerState): void {
    this.current = state;
    inServerScope(this.id, () => this.stateEmitter.fire(state));
  }

  private cancelTimers(): void {
    clearTimeout(this.timer);
    clearTimeout(this.stableTimer);
    this.timer = undefined;
  }

  private log(source: LogSource, level: LoggingLevel, text: string): void {
    this.logger.write(source, level, text);
  }
}
