import type { ActivitySource } from '../../shared/host/activity';
import type { ModelDeadlines } from '../llm/modelDeadlines';
import type { Sampler } from './consent/consentBroker';
import type { SecretStore } from './secrets/secretStore';
import type { RestartPolicy } from './servers/restartPolicy';
import type { TelemetryConfig } from './telemetry/telemetryConfig';

/** How a shell, the CLI or a test asks for its host: every part reads what it needs from here. */
export interface HostOptions {
  /** The data directory (switchboardHome()). */
  home: string;
  /** The Electron shell passes its safeStorage store; otherwise a 0600 file in `home`. */
  secrets?: SecretStore;
  resolveShellPath?: boolean;
  restart?: Partial<RestartPolicy>;
  /**
   * Answers an approved sampling request. Default: the model provider with the key from Settings.
   * `null`: sampling is not offered to servers at all.
   */
  sampler?: Sampler | null;
  /** How long a consent waits for the person before it counts as refused (default 5 min). */
  consentTimeoutMs?: number;
  /** How long a turn waits for a model list and for a reply that sends nothing (tests shorten them). */
  deadlines?: Partial<ModelDeadlines>;
  /** The managed policy file (default: policyFilePath(), which honours SWITCHBOARD_POLICY_FILE). */
  policyFile?: string;
  /**
   * The activity record: its folder (default `activity/` in `home`; a headless chat gives the person's)
   * and who writes (default the app).
   */
  activity?: { dir?: string; source?: ActivitySource; maxBytes?: number };
  /**
   * Whether servers edited in config.json while no Switchboard ran are looked for at start (default:
   * yes). `mcp install` says no: it leaves nothing in a data folder it does not change, and finds such
   * edits when it saves.
   */
  configEditsAtStart?: boolean;
  /**
   * Whether config.json is watched while the host runs, an edit made outside taken at once (default:
   * yes). `mcp install` and `mcp chat` say no: the one changes nothing it was not asked to, the other
   * runs on a copy.
   */
  watchConfig?: boolean;
  /**
   * The sandbox's places: the home folder whose secret places are hidden (default: the person's) and
   * where confined servers get folders of their own (default: the person's cache folder).
   */
  sandbox?: { personHome?: string; folder?: string };
  /**
   * Whether a new conversation is titled by its model after its first reply, as Settings say
   * (default: yes). `mcp chat` says no: its conversation goes with its folder when the run ends.
   */
  titles?: boolean;
  /**
   * OpenTelemetry export: a configuration, `null` for none, or (default) the managed policy's
   * collector, else the OTEL_* environment — off unless one of them names one (electron/host/telemetry).
   */
  telemetry?: TelemetryConfig | null;
}
