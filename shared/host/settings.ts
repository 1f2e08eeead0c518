import type { ToolSearchMode } from '../chat/toolSearch';
import { isPlainHttpOffLoopback } from '../loopback';
import { ANTHROPIC, BUILT_IN_PROVIDERS, type ProviderKind, type ProviderSettings } from './providerSettings';
import type { TelemetrySettings } from './telemetrySettings';
import type { TelemetryView } from './telemetryView';

/** What the person sets in Settings. API keys are not here: they live in the SecretStore, write-only. */
export interface Settings {
  /**
   * The model providers: the built-in ones (Anthropic) and the ones the person added, in that order,
   * each of a kind (`shared/host/providerSettings.ts`). No id twice.
   */
  providers: ProviderSettings[];
  /** The provider new conversations (and sampling) start with: one of `providers`' ids. */
  defaultProvider: string;
  oauth: {
    /**
     * Where our Client ID Metadata Document is published (an https URL whose document's client_id is
     * that URL; resources/oauth-client-metadata.json is the one to publish). Absent: Switchboard
     * registers itself dynamically with each authorization server instead.
     */
    clientMetadataUrl?: string;
  };
  /**
   * At most this many tokens of tool definitions in one request (absent: no budget of the person's).
   * More, and the conversation asks which servers and tools to offer.
   */
  toolTokenBudget?: number;
  /**
   * Past a size the model searches the conversation's tools instead of receiving them all
   * (`shared/chat/toolSearch.ts`). Absent: 'auto'.
   */
  toolSearch?: ToolSearchMode;
  /**
   * After a new conversation's first reply, its own model is asked once for a short title (absent:
   * yes). Off, or until the title comes, a conversation is named after its first line.
   */
  titleWithModel?: boolean;
  sampling: {
    /** A server's maxTokens is lowered to this. */
    maxTokensCap: number;
    /** Sampling requests one server may make per minute; more are refused before any dialog. */
    perServerPerMinute: number;
  };
  elicitation: {
    /** Elicitations one server may make per minute; more are refused before any dialog. */
    perServerPerMinute: number;
  };
  /** The activity record: how long its older files are kept, and what it keeps of a result. */
  activity: ActivitySettings;
  /**
   * The MCP Registry Browse reads (absent: the official one, DEFAULT_REGISTRY_URL). The environment
   * variable SWITCHBOARD_REGISTRY_URL, when set, overrides it.
   */
  registryUrl?: string;
  /**
   * OpenTelemetry export as set in Settings → Telemetry (absent: never set there, the OTEL_*
   * environment applies; the managed policy comes before both).
   */
  telemetry?: TelemetrySettings;
}

export interface ActivitySettings {
  /** Older files of the record are removed once their newest entry is this many days old (0: never). */
  keepDays: number;
  /** The older files together are kept under this many megabytes, the oldest removed first (0: no limit). */
  keepMegabytes: number;
  /** A tool call's or a sampling answer's whole result is recorded (redacted), not only its digest. */
  keepResultsWhole: boolean;
}

/** The official MCP Registry: what Browse reads unless Settings or the environment say otherwise. */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';
/** Overrides the registryUrl setting: a test registry, a company mirror, a subregistry. */
export const REGISTRY_URL_ENV = 'SWITCHBOARD_REGISTRY_URL';

/** The registry Browse reads, as Settings shows it: where the address came from, and what is wrong with it. */
export interface RegistryAddressView {
  url: string;
  from: 'env' | 'setting' | 'default';
  /** The environment variable that overrides the setting. */
  envName: string;
  /** Why the address in effect cannot be used (Browse says so too). */
  problem?: string;
}

export const DEFAULT_SETTINGS: Settings = {
  providers: [...BUILT_IN_PROVIDERS],
  defaultProvider: ANTHROPIC,
  oauth: {},
  sampling: { maxTokensCap: 4096, perServerPerMinute: 10 },
  elicitation: { perServerPerMinute: 10 },
  activity: { keepDays: 365, keepMegabytes: 500, keepResultsWhole: false },
};

/** A provider as Settings and the Model form show it (whether a key is stored, never the key). */
export interface ProviderView {
  id: string;
  kind: ProviderKind;
  name: string;
  baseUrl: string;
  defaultModel?: string;
  /** A key is stored for this provider at its base URL's origin. */
  hasKey: boolean;
  /** On this computer (loopback): asked without a key when none is stored. */
  local: boolean;
  /** The origin its key is sent to. */
  keyOrigin: string;
  /** The most tools it takes in one request, where it has a limit. */
  maxTools?: number;
}

export interface SettingsView {
  settings: Settings;
  /** Every provider, in the order of `settings.providers`. */
  providers: ProviderView[];
  /** What was wrong in the settings file (those values fell back to their defaults). */
  problems: string[];
  /** The registry Browse reads. */
  registry: RegistryAddressView;
  /** OpenTelemetry export: off, or where it goes and what was lost (absent: a host that does not say). */
  telemetry?: TelemetryView;
  /** Settings → Telemetry's headers: whether a value is stored for the endpoint's origin (never the value). */
  telemetryHeaders?: { name: string; stored: boolean }[];
}

/**
 * Checks a base URL: https (plain http only to this computer, where no one on the network can read
 * the key), no credentials, no query. Returns what is wrong, or undefined.
 */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.protocol} is not http or https`;
  if (isPlainHttpOffLoopback(url))
    return `plain http sends the API key unencrypted: use https for ${url.host} (http is allowed only for this computer: localhost, 127.0.0.1, [::1])`;
  if (url.username || url.password) return 'a base URL must not carry a user name or password';
  if (url.search || url.hash) return 'a base URL must not have a query or fragment';
  return undefined;
}

/**
 * Checks a Client ID Metadata Document URL as the draft requires of a client_id URL: https, a path
 * (the document, not a site's root), no fragment, no user name or password. Returns what is wrong.
 */
export function clientMetadataUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return `"${value}" is not a URL`;
  const url = new URL(value);
  if (url.protocol !== 'https:') return 'must be an https:// URL';
  if (url.pathname === '/' || url.pathname === '') return 'must name the document (a path), not the site';
  if (url.hash) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry a user name or password';
  return undefined;
}

/**
 * Checks a registry's address, where Switchboard takes what to run from: https (plain http only on this
 * computer, as anyone on the way could change what a page says to run), no user name or password, no
 * query or fragment (the API's paths and parameters are added to it). Returns what is wrong, to follow
 * the address in a sentence.
 */
export function registryUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return `is not a URL: give one like ${DEFAULT_REGISTRY_URL}`;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// address';
  if (isPlainHttpOffLoopback(url))
    return 'uses plain http to another computer: use https (plain http only on this computer)';
  if (url.username || url.password) return 'must not hold a user name or password';
  if (url.search || url.hash) return 'must not have a query (?…) or fragment (#…)';
  return undefined;
}

/** The provider `id` of `settings`, if it is there. */
export const providerOf = (settings: Pick<Settings, 'providers'>, id: string): ProviderSettings | undefined =>
  settings.providers.find((p) => p.id === id);

/** `settings` with provider `id` changed by `patch` (the others as they are). */
export const withProvider = (
  settings: Settings,
  id: string,
  patch: Partial<Omit<ProviderSettings, 'id' | 'kind'>>,
): Settings => ({
  ...settings,
  providers: settings.providers.map((p) => (p.id === id ? ({ ...p, ...patch } as ProviderSettings) : p)),
});
