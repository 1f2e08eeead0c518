import type { TelemetryView } from '../../../shared/host/telemetryView';
import type { SessionObserver } from '../../mcp';
import type { ServerConfig } from '../config/serverConfig';
import { ActivityTelemetry } from './activityTelemetry';
import { ChatTelemetry } from './chatTelemetry';
import { type ToolConsent, tracedConsent } from './consentTelemetry';
import type { ExportCounts } from './exportCounts';
import { McpClientTelemetry, type McpTarget } from './mcpClientTelemetry';
import { Telemetry } from './telemetry';
import { type TelemetryConfig, telemetryFromEnv } from './telemetryConfig';
import { ViewTelemetry } from './viewTelemetry';

/**
 * Telemetry as one host (or one CLI run) holds it: the SDK from its configuration — the standard
 * OTEL_* environment unless the caller gives one (a test's collector; Settings and the managed policy
 * later) — and the MCP client observer every server session gets. Off (undefined) when nothing is
 * configured: then no session has an observer, and no request carries anything of ours.
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
  ) {
    this.views = new ViewTelemetry(telemetry);
    this.chat = new ChatTelemetry(telemetry, this.views);
    this.activity = new ActivityTelemetry(telemetry);
  }

  /**
   * `given`: a configuration, `null` for none whatever the environment says, undefined to read `env`.
   * What the environment set that could not be used is said through `warn`, one line each.
   */
  static start(
    given: TelemetryConfig | null | undefined,
    warn: (problem: string) => void,
    env: NodeJS.ProcessEnv = process.env,
  ): HostTelemetry | undefined {
    if (given === null) return undefined;
    let config = given;
    if (!config) {
      const read = telemetryFromEnv(env);
      for (const problem of read.problems) warn(`OpenTelemetry: ${problem}`);
      config = read.config;
    }
    if (!config) return undefined;
    const telemetry = Telemetry.start(config);
    return new HostTelemetry(
      telemetry,
      new McpClientTelemetry(telemetry, McpClientTelemetry.launcherContext(env)),
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
    return { on: true, serviceName: config.serviceName, targets, spans, logs };
  }

  /** Sends what waits, within the deadline (Telemetry.shutdown). */
  shutdown(): Promise<void> {
    return this.telemetry.shutdown();
  }
}
