import { context } from '@opentelemetry/api';
import type { TelemetrySettings } from '../../../shared/host/telemetrySettings';
import type { TelemetrySource, TelemetryView } from '../../../shared/host/telemetryView';
import type { RequestId } from '../../../shared/mcp/protocol';
import type { OpenedSession, SessionObserver } from '../../mcp';
import type { ActivityObserver } from '../activity/activityLog';
import type { ServerConfig } from '../config/serverConfig';
import type { PolicyTelemetry } from '../policy/managedPolicy';
import { readPolicy } from '../policy/policyFile';
import type { ToolInvocations } from '../runs/toolInvocations';
import type { ChatTelemetry } from './chatTelemetry';
import type { ToolConsent } from './consentTelemetry';
import { HostTelemetry } from './hostTelemetry';
import type { TelemetryConfig } from './telemetryConfig';
import { chooseTelemetry } from './telemetryPrecedence';

type StartTools = Pick<ToolInvocations, 'start'>;

/** What the host's telemetry is made from: fixed by its caller, or chosen (policy > Settings > environment). */
export interface TelemetrySources {
  /** A configuration (a test's collector), or null for none: then Settings change nothing. */
  given: TelemetryConfig | null | undefined;
  policyFile: string | undefined;
  env: NodeJS.ProcessEnv;
  /** Settings → Telemetry as saved now, with its headers' stored values. */
  settings: () => Promise<{ telemetry: TelemetrySettings | undefined; headers: Record<string, string> }>;
  /** Takes stored secrets out of what content capture sends (the activity record's redaction). */
  redact: (text: string) => string;
  warn: (problem: string) => void;
}

/** What earlier configurations of this run sent and lost, so a reconfigure never hides a loss. */
interface Earlier {
  spans: { exported: number; dropped: number };
  logs: { exported: number; dropped: number };
  /** Spans begun under an earlier configuration and not ended when it stopped: never sent. */
  unfinished: number;
}

/**
 * The host's telemetry, one owner for the life of the host however often Settings change it: the
 * seams the rest of the host was given (the chat's turns, the consent, the Views' calls, each server
 * session's observer, the activity record's observer) ask it for the configuration in force at each
 * step, so a change applies to what happens next without a restart and without rewiring anything.
 * `reconfigure` stops the one in force — its batches flushed within Telemetry's deadline, what was
 * lost counted — and starts the next. Off (no HostTelemetry) costs each seam one check.
 */
export class LiveTelemetry {
  private now: HostTelemetry | undefined;
  private from: TelemetrySource | undefined;
  private policy: PolicyTelemetry | undefined;
  private readonly earlier: Earlier = {
    spans: { exported: 0, dropped: 0 },
    logs: { exported: 0, dropped: 0 },
    unfinished: 0,
  };
  /** The sessions open now: each rolls over to the next configuration when it changes. */
  private readonly sessions = new Set<LiveSession>();
  /** Reconfigures one at a time, in the order they were asked. */
  private changing: Promise<void> = Promise.resolve();

  private constructor(private readonly sources: TelemetrySources) {}

  static async start(sources: TelemetrySources): Promise<LiveTelemetry> {
    const live = new LiveTelemetry(sources);
    if (sources.given === undefined && sources.policyFile) {
      // Read once: a change to the policy file takes effect at the next start (as every policy field).
      const policy = await readPolicy(sources.policyFile);
      live.policy = policy.kind === 'active' ? policy.policy.telemetry : undefined;
    }
    await live.apply();
    return live;
  }

  /** The configuration in force (undefined: off). */
  get current(): HostTelemetry | undefined {
    return this.now;
  }

  /**
   * Applies Settings as saved now: the configuration in force is shut down (its batches flushed
   * within the deadline) and the new one started. Nothing changes when the host's caller fixed it or
   * the managed policy sets it (the person cannot turn that off).
   */
  reconfigure(): Promise<void> {
    const next = this.changing.then(() => this.apply());
    this.changing = next.catch(() => {});
    return next;
  }

  private async apply(): Promise<void> {
    const { given, env, warn } = this.sources;
    let config: TelemetryConfig | undefined;
    let from: TelemetrySource;
    if (given !== undefined) {
      if (this.from !== undefined) return;
      config = given ?? undefined;
      from = 'host';
    } else {
      if (this.policy && this.from === 'policy') return;
      const saved = this.policy ? { telemetry: undefined, headers: {} } : await this.sources.settings();
      const chosen = chooseTelemetry({ policy: this.policy, ...saved, env });
      for (const problem of chosen.problems) warn(`OpenTelemetry: ${problem}`);
      config = chosen.config;
      from = chosen.from;
    }
    const before = this.now;
    this.now = config ? HostTelemetry.start(config, from, env, this.sources.redact) : undefined;
    this.from = from;
    // Open sessions end their span under the old configuration and go on under the new one.
    for (const session of this.sessions) session.rollOver();
    if (before) await this.retire(before);
  }

  private async retire(telemetry: HostTelemetry): Promise<void> {
    const { counts, unfinished } = await telemetry.shutdown();
    this.earlier.unfinished += unfinished;
    for (const signal of ['spans', 'logs'] as const) {
      this.earlier[signal].exported += counts?.[signal].exported ?? 0;
      // What still waited or was being sent when the deadline came is lost with the old exporter.
      const left = counts ? counts[signal].queued + counts[signal].inflight : 0;
      this.earlier[signal].dropped += (counts?.[signal].dropped ?? 0) + left;
    }
  }

  /** The chat's turns and steps, traced by the configuration in force when each begins. */
  readonly chat: Pick<ChatTelemetry, 'turn' | 'observer'> = {
    turn: (conversationId, run) => (this.now ? this.now.chat.turn(conversationId, run) : run()),
    observer: (provider) => ({
      modelRequest: (request) => this.now?.chat.observer(provider).modelRequest(request) ?? { end: () => {} },
      toolUse: (use, run) => (this.now ? this.now.chat.observer(provider).toolUse(use, run) : run()),
    }),
  };

  /** The activity record's entries as log records, while logs are sent. */
  readonly activity: ActivityObserver = {
    recorded: () => (this.now ? this.now.activity.recorded() : context.active()),
    written: (entry, recorded) => this.now?.activity.written(entry, recorded),
  };

  /** The broker the tool invocations ask: each consent a span while telemetry is on. */
  consent(broker: ToolConsent): ToolConsent {
    const now = () => (this.now ? this.now.consent(broker) : broker);
    return {
      authorizeToolCall: (input) => now().authorizeToolCall(input),
      authorizeResend: (input) => now().authorizeResend(input),
    };
  }

  /** The tool invocations a Views' host is given: a View's calls traced while telemetry is on. */
  viewTools(tools: StartTools): StartTools {
    return {
      start: (id, request, parent) => (this.now?.views.tools(tools) ?? tools).start(id, request, parent),
    };
  }

  /** The observer of one start of a configured server: it follows every reconfigure while the session lasts. */
  observeServer(config: ServerConfig): SessionObserver {
    return new LiveSession(this, config, this.sessions);
  }

  /** What Settings shows: the configuration in force, with what earlier ones of this run sent and lost. */
  async view(): Promise<TelemetryView> {
    if (!this.now) return { on: false, ...this.earlierView() };
    const view = await this.now.view();
    if (!view.on) return view;
    for (const signal of ['spans', 'logs'] as const) {
      view[signal].exported += this.earlier[signal].exported;
      view[signal].dropped += this.earlier[signal].dropped;
    }
    return { ...view, ...this.earlierView() };
  }

  private earlierView() {
    return this.earlier.unfinished ? { unfinishedAtChange: this.earlier.unfinished } : {};
  }

  /** Sends what waits, within the deadline, and stops (the host's shutdown). */
  async shutdown(): Promise<void> {
    await this.changing;
    const last = this.now;
    this.now = undefined;
    if (last) await this.retire(last);
  }
}

/**
 * One server session's observer across reconfigures: it hands each step to the observer made for the
 * session by the configuration in force, making one (told what the session opened as) when the
 * configuration changes, and ending the old one's session span first so it is sent with its batch.
 */
class LiveSession implements SessionObserver {
  private made: HostTelemetry | undefined;
  private inner: SessionObserver | undefined;
  private openedAs: OpenedSession | undefined;

  constructor(
    private readonly live: LiveTelemetry,
    private readonly config: ServerConfig,
    private readonly sessions: Set<LiveSession>,
  ) {
    sessions.add(this);
    this.rollOver();
  }

  /** Follows the configuration in force now. */
  rollOver(): void {
    const now = this.live.current;
    if (now === this.made) return;
    this.inner?.closed(undefined);
    this.made = now;
    this.inner = now?.observeServer(this.config);
    if (this.inner && this.openedAs) this.inner.opened(this.openedAs);
  }

  request(...args: Parameters<SessionObserver['request']>) {
    return this.inner?.request(...args);
  }

  handle<T>(
    method: string,
    id: RequestId,
    meta: Readonly<Record<string, unknown>> | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    const inner = this.inner;
    return inner?.handle ? inner.handle(method, id, meta, run) : run();
  }

  opened(session: OpenedSession): void {
    this.openedAs = session;
    this.inner?.opened(session);
  }

  closed(error: unknown): void {
    this.sessions.delete(this);
    this.inner?.closed(error);
    this.inner = undefined;
  }
}
