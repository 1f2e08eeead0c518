import { isPlainHttpOffLoopback } from '../loopback';

/** The Anthropic provider's id (the other providers' ids are the person's, see `providerIdProblem`). */
export const ANTHROPIC = 'anthropic';

/**
 * An OpenAI-compatible Chat Completions API the person added: OpenAI itself, or any compatible base
 * URL (Ollama, LM Studio, vLLM, OpenRouter, a company gateway). Its key, like Anthropic's, lives in
 * the SecretStore, bound to this provider and the origin it was entered for.
 */
export interface OpenAICompatibleProvider {
  /** Stable, the person's choice at creation: lower-case letters, digits and dashes. */
  id: string;
  /** As the person reads it: "OpenAI", "Ollama on this computer". */
  name: string;
  /** Where requests (and the key) go, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  /** The model new conversations with this provider start with. */
  defaultModel?: string;
  /** false: its models do not read images (a tool's image is described to them in text instead). */
  images?: false;
}

/** What the person sets in Settings. API keys are not here: they live in the SecretStore, write-only. */
export interface Settings {
  anthropic: {
    /** Where requests (and the key) go: changeable only here, for Anthropic-compatible gateways. */
    baseUrl: string;
    /** The model for new conversations and for sampling when a server states no preference. */
    defaultModel?: string;
  };
  /** OpenAI-compatible providers, in the order the person added them. */
  openai: OpenAICompatibleProvider[];
  /** The provider new conversations start with: `anthropic` or one of `openai`'s ids. */
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
}

export const DEFAULT_SETTINGS: Settings = {
  anthropic: { baseUrl: 'https://api.anthropic.com' },
  openai: [],
  defaultProvider: ANTHROPIC,
  oauth: {},
  sampling: { maxTokensCap: 4096, perServerPerMinute: 10 },
  elicitation: { perServerPerMinute: 10 },
};

/** A provider as Settings and the Model form show it (whether a key is stored, never the key). */
export interface ProviderView {
  id: string;
  kind: 'anthropic' | 'openai';
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
  /** Every provider, Anthropic first. */
  providers: ProviderView[];
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

/** Whether any provider can be asked: a key stored, or a server on this computer. */
export const anyProviderReady = (view: Pick<SettingsView, 'providers'>): boolean =>
  view.providers.some((p) => p.hasKey || p.local);

/** Checks a new provider id: what is wrong, or undefined. */
export function providerIdProblem(id: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id))
    return `"${id}" is not a provider id (lower-case letters, digits and dashes, at most 40)`;
  if (id === ANTHROPIC) return `"${ANTHROPIC}" is the Anthropic provider's id`;
  return undefined;
}

/** Checks the OpenAI-compatible providers as a whole: each one's fields, and no id twice. */
export function openAIProvidersProblems(list: readonly OpenAICompatibleProvider[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((p, i) => {
    const where = `openai[${i}]`;
    const idProblem = providerIdProblem(p.id);
    if (idProblem) problems.push(`${where}.id: ${idProblem}`);
    else if (seen.has(p.id)) problems.push(`${where}.id: "${p.id}" is used twice`);
    seen.add(p.id);
    if (!p.name.trim()) problems.push(`${where}.name: empty`);
    const urlProblem = baseUrlProblem(p.baseUrl);
    if (urlProblem) problems.push(`${where}.baseUrl: ${urlProblem}`);
  });
  return problems;
}
