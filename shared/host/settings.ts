import { isPlainHttpOffLoopback } from '../loopback';

/** What the person sets in Settings. The API key is not here: it lives in the SecretStore, write-only. */
export interface Settings {
  anthropic: {
    /** Where requests (and the key) go: changeable only here, for Anthropic-compatible gateways. */
    baseUrl: string;
    /** The model for new conversations and for sampling when a server states no preference. */
    defaultModel?: string;
  };
  oauth: {
    /**
     * Where our Client ID Metadata Document is published (an https URL whose document's client_id is
     * that URL; resources/oauth-client-metadata.json is the one to publish). Absent: Switchboard
     * registers itself dynamically with each authorization server instead.
     */
    clientMetadataUrl?: string;
  };
  sampling: {
    /** A server's maxTokens is lowered to this. */
    maxTokensCap: number;
    /** Sampling requests one server may make per minute; more are refused before any dialog. */
    perServerPerMinute: number;
  };
}

export const DEFAULT_SETTINGS: Settings = {
  anthropic: { baseUrl: 'https://api.anthropic.com' },
  oauth: {},
  sampling: { maxTokensCap: 4096, perServerPerMinute: 10 },
};

export interface SettingsView {
  settings: Settings;
  /** Whether a key is stored for the base URL's origin (a key is bound to the origin it was entered for). */
  hasApiKey: boolean;
  /** The origin the key is sent to. */
  keyOrigin: string;
  /** What was wrong in the settings file (those values fell back to their defaults). */
  problems: string[];
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
