import type { ProviderKind, SettingsOfKind } from '../../shared/host/providerSettings';
import type { ModelProvider } from './modelProvider';

/** Where one provider's requests go now and with which key: its entry in Settings, its stored key. */
interface ProviderNow<S> {
  settings: S;
  apiKey: string | undefined;
}

/**
 * One kind of model provider (`anthropic`, `openai-compatible`, …): how a provider of this kind is
 * made from its settings, and how its key binds. Each lives in its vendor's folder
 * (electron/llm/<vendor>/<vendor>Kind.ts) and is listed in electron/llm/providerKinds.ts; its settings,
 * in shared/host/providerSettings.ts. A key is always bound to the provider and the origin it was
 * entered for (electron/host/secrets/providerKey.ts): a kind says only when none is needed.
 */
export interface ModelProviderKind<K extends ProviderKind = ProviderKind> {
  /**
   * The provider that answers for one entry of Settings, under the name the person gave it. `now`
   * is read on every request — where it sends and with which key are Settings' and the SecretStore's,
   * never kept.
   */
  create(name: string, now: () => Promise<ProviderNow<SettingsOfKind<K>>>): ModelProvider;
  /** Whether it is asked without a key at `baseUrl` when none is stored (a server on this computer). */
  keyless(baseUrl: string): boolean;
  /**
   * The vendor's own API, where the vendor's environment variable may send its key unasked (the
   * headless `mcp chat`); anywhere else a key goes only when stored for that address or named.
   */
  vendor?: { baseUrl: string; keyVariable: string };
}
