import type { TelemetrySource, TelemetryView } from '../../../shared/host/telemetryView';
import type { SessionObserver } from '../../mcp';
import type { ServerConfig } from '../config/serverConfig';
import { Redactor } from '../logs/redactor';
import { readPolicy } from '../policy/policyFile';
import { ActivityTelemetry } from './activityTelemetry';
import { ChatTelemetry } from './chatTelemetry';
import { type ToolConsent, tracedConsent } from './consentTelemetry';
import { ContentCapture } from './contentCapture';
import type { ExportCounts } from './exportCounts';
import { McpClientTelemetry, type McpTarget } from './mcpClientTelemetry';
import { Telemetry } from './telemetry';
import { type TelemetryConfig, telemetryFromEnv, telemetryFromPolicy } from './telemetryConfig';
import { ViewTelemetry } from './viewTelemetry';

/**
 * Telemetry as one configuration of a host (or one CLI run) holds it: the SDK from its
 * configuration and the observers made on it — each chat turn's, each server session's, the activity
 * record's. Off (undefined) when nothing is configured: then no request carries anything of ours. A
 * host holds it through LiveTelemetry, which replaces it when Settings change it.
 */
export class HostTelemetry {
  /** Each chat turn's spans: the turn, its model requests and tool uses. */
  readonly chat: ChatTelemetry;
  /** Views' tool calls, in their conversation's trace. */
  readonly views: ViewTelemetry;
  /** The activity record as log records, each in the trace it was recorded in. */
  readonly activity: ActivityTelemetry;

  private constructor(
    readonly telemetry: Telemetry,
    private readonly mcp: McpClientTelemetry,
    /** Who configured it: the managed policy, Settings, the environment, or the host's caller. */
    readonly from: TelemetrySource,
    content: ContentCapture | undefined,
  ) {
    this.views = new ViewTelemetry(telemetry);
    this.chat = new ChatTelemetry(telemetry, this.views, content);
    this.activity = new ActivityTelemetry(telemetry);
  }

  /**
   * `given`: a configuration, `null` for none whatever the environment says, undefined to read the
   * managed policy's (`policyFile`: an administrator's collector, which the person cannot turn off)
   * and else `env` (a CLI run; the app reads Settings too, through LiveTelemetry). What could not be
   * used is said through `warn`, one line each. `redact`: what content capture sends goes through it.
   */
  static async fromPolicyOrEnv(
    given: TelemetryConfig | null | undefined,
    warn: (problem: string) => void,
    policyFile?: string,
    env: NodeJS.ProcessEnv = process.env,
    // A CLI run holds no secret store: what looks like a key (a bearer token, an sk-…) is still hidden.
    redact: (text: string) => string = (text) => new Redactor().redact(text),
  ): Promise<HostTelemetry | undefined> {
    if (given === null) return undefined;
    let config = given;
    let from: TelemetrySource = 'host';
    if (!config) {
      const policy = policyFile ? await readPolicy(policyFile) : undefined;
      const byPolicy = policy?.kind === 'active' ? policy.policy.telemetry : undefined;
      const read = byPolicy ? telemetryFromPolicy(byPolicy, env) : telemetryFromEnv(env);
      for (const problem of read.problems) warn(`OpenTelemetry: ${problem}`);
      config = read.config;
      from = byPolicy ? 'policy' : 'environment';
    }
    if (!config) return undefined;
    return HostTelemetry.start(config, from, env, redact);
  }

  /** Starts the SDK for `config`; `env` gives a launcher's trace (TRACEPARENT), `redact` content capture's redaction. */
  static start(
    config: TelemetryConfig,
    from: TelemetrySource,
    env: NodeJS.ProcessEnv,
    redact: (text: string) => string,
  ): HostTelemetry {
    const telemetry = Telemetry.start(config);
    const content = config.captureContent ? new ContentCapture(redact) : undefined;
    return new HostTelemetry(
      telemetry,
      new McpClientTelemetry(telemetry, McpClientTelemetry.launcherContext(env), content),
      from,
      content,
    );
  }

  /** The broker the tool invocations ask, each consent a span of its own. */
  consent(broker: ToolConsent): ToolConsent {
    return tracedConsent(broker, this.telemetry);
  }

  /** The observer of one connect attempt at a server. */
  observe(target: McpTarget): SessionObserver {
    return this.mcp.observer(target);
  }

  /** The observer of one start of a configured server. */
  observeServer(config: ServerConfig): SessionObserver {
    return this.mcp.observer({ name: config.name, ...(config.kind === 'remote' ? { url: config.url } : {}) });
  }

  counts(): Promise<ExportCounts> {
    return this.telemetry.counts();
  }

  /** What Settings shows: where each signal goes (no headers, no credentials in a URL) and the counts. */
  async view(): Promise<TelemetryView> {
    const { config } = this.telemetry;
    const { spans, logs } = await this.counts();
    const targets = Object.entries(config.targets).map(([signal, target]) => {
      const url = new URL(target.url);
      return {
        signal: signal as 'traces' | 'metrics' | 'logs',
        url: `${url.origin}${url.pathname}`,
        protocol: target.protocol,
      };
    });
    return {
      on: true,
      from: this.from,
      serviceName: config.serviceName,
      targets,
      captureContent: config.captureContent === true,
      spans,
      logs,
    };
  }

  /** Sends what waits, within the deadline, and stops (Telemetry.shutdown): what it left unsent is counted. */
  shutdown(): ReturnType<Telemetry['shutdown']> {
    return this.telemetry.shutdown();
  }
}
