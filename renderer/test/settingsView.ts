import {
  DEFAULT_SETTINGS,
  type ProviderView,
  type Settings,
  type SettingsView,
} from '../../shared/host/settings';

/** Anthropic with a key stored, as Settings shows it. */
export const ANTHROPIC_VIEW: ProviderView = {
  id: 'anthropic',
  kind: 'anthropic',
  name: 'Anthropic',
  baseUrl: 'https://api.anthropic.com',
  hasKey: true,
  local: false,
  keyOrigin: 'https://api.anthropic.com',
};

/** Ollama on this computer (no key needed), an OpenAI-compatible provider. */
export const OLLAMA_VIEW: ProviderView = {
  id: 'ollama',
  kind: 'openai-compatible',
  name: 'Ollama',
  baseUrl: 'http://127.0.0.1:11434/v1',
  hasKey: false,
  local: true,
  keyOrigin: 'http://127.0.0.1:11434',
};

/** What getSettings answers in component tests: the defaults with `settings` over them, and `providers`. */
export const settingsViewOf = (
  settings: Partial<Settings> = {},
  providers: ProviderView[] = [ANTHROPIC_VIEW],
): SettingsView => ({
  settings: { ...DEFAULT_SETTINGS, ...settings },
  providers,
  problems: [],
  registry: { url: 'https://registry.modelcontextprotocol.io', from: 'default', envName: 'X' },
});
