import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  builtInOfKind,
  PROVIDER_KIND_LABELS,
  type ProviderKind,
  type ProviderSettings,
} from '../../../shared/host/providerSettings';
import { providerOf, type Settings } from '../../../shared/host/settings';
import { providerKind } from '../../llm/providerKinds';
import { parseSettings } from '../../store/settingsStore';
import { FileSecretStore } from '../secrets/fileSecretStore';
import { providerKeyId } from '../secrets/providerKey';
import type { SecretStore } from '../secrets/secretStore';

/** The kind of provider each `--provider` names. */
const FLAG_KINDS = { anthropic: 'anthropic', openai: 'openai-compatible' } as const satisfies Record<
  string,
  ProviderKind
>;
/**
 * What a headless chat takes from the person's data folder when it runs their configured servers
 * (installed-servers.json: where each came from, which the managed policy judges by).
 */
const CONFIGURED = [
  'config.json',
  'trusted-servers.json',
  'installed-servers.json',
  'tool-settings.json',
  'roots.json',
];

/** What a headless chat was asked for: a provider (else Settings' default), where, which model. */
export interface ChatModelChoice {
  provider: keyof typeof FLAG_KINDS | undefined;
  baseUrl: string | undefined;
  model: string | undefined;
  /** The environment variable whose key goes to the chosen address, whatever it is (said explicitly). */
  keyEnv?: string | undefined;
}

/** The key ids of the time before keys were bound to origins: never adopted by a headless chat's address. */
const LEGACY_IDS = new Set(['anthropic/api-key']);

/**
 * Keys given in the environment, over the person's store: read first, never written (the store is
 * read and written through, so an OAuth refresh during the chat is kept).
 */
class EnvKeys implements SecretStore {
  constructor(
    private readonly base: SecretStore,
    private readonly keys: ReadonlyMap<string, string>,
  ) {}
  get encrypted() {
    return this.base.encrypted;
  }
  async get(id: string) {
    if (LEGACY_IDS.has(id)) return undefined;
    return this.keys.get(id) ?? (await this.base.get(id));
  }
  set(id: string, value: string) {
    return this.base.set(id, value);
  }
  delete(id: string) {
    return this.base.delete(id);
  }
  deleteStartingWith(prefix: string) {
    return this.base.deleteStartingWith(prefix);
  }
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.base.exclusive ? this.base.exclusive(task) : task();
  }
  async values() {
    return [...this.keys.values(), ...(await this.base.values())];
  }
}

/** The person's settings with the chat's choice applied (written only into the chat's own folder). */
function chatSettings(mine: Settings, choice: ChatModelChoice): { settings: Settings; providerId: string } {
  const settings = structuredClone(mine);
  const chosen = (entry: ProviderSettings) => {
    if (choice.model) entry.defaultModel = choice.model;
    settings.defaultProvider = entry.id;
    return { settings, providerId: entry.id };
  };
  // A base URL alone goes to a provider of the default provider's kind.
  const kind = choice.provider
    ? FLAG_KINDS[choice.provider]
    : choice.baseUrl
      ? providerOf(settings, settings.defaultProvider)?.kind
      : undefined;
  // Switchboard's default provider, its model unless the chat names one.
  if (!kind) return chosen(providerOf(settings, settings.defaultProvider)!);
  const builtIn = builtInOfKind(kind);
  if (builtIn) {
    const entry = providerOf(settings, builtIn.id)!;
    if (choice.baseUrl) entry.baseUrl = choice.baseUrl;
    return chosen(entry);
  }
  const baseUrl = choice.baseUrl ?? providerKind(kind).vendor?.baseUrl;
  if (!baseUrl) throw new Error(`--base-url is needed for ${PROVIDER_KIND_LABELS[kind]} providers`);
  const origin = new URL(baseUrl).origin;
  // One the person set up for that address keeps its stored key; else one of the chat's own.
  const known = settings.providers.find((p) => p.kind === kind && new URL(p.baseUrl).origin === origin);
  const flag = Object.entries(FLAG_KINDS).find(([, k]) => k === kind)?.[0] ?? kind;
  // What every kind's entries have (their own settings are optional).
  const own = {
    id: `cli-${flag}`,
    kind,
    name: `the ${PROVIDER_KIND_LABELS[kind]} API at ${origin}`,
    baseUrl,
  };
  const entry = known ?? (own as ProviderSettings);
  entry.baseUrl = baseUrl;
  if (!known) settings.providers.push(entry);
  return chosen(entry);
}

/**
 * Prepares a headless chat's own data folder `home` from the person's (`personal`): their settings
 * with the chat's choice, and either the one server given (`server`, named so) or their configured
 * and confirmed servers; the secrets are their store's, with ANTHROPIC_API_KEY / OPENAI_API_KEY from
 * `env` in front for the provider in use. Nothing in `personal` is changed.
 */
export async function prepareChatHome(options: {
  personal: string;
  home: string;
  server: Record<string, unknown> | undefined;
  choice: ChatModelChoice;
  env: NodeJS.ProcessEnv;
}): Promise<{ providerId: string; secrets: SecretStore; keyHelp: string }> {
  const { personal, home, server, choice, env } = options;
  const mine = parseSettings(
    await readFile(path.join(personal, 'settings.json'), 'utf8').then(
      (t) => JSON.parse(t) as unknown,
      () => undefined,
    ),
  ).settings;
  const { settings, providerId } = chatSettings(mine, choice);
  await writeFile(path.join(home, 'settings.json'), JSON.stringify(settings));
  if (server) await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: { server } }));
  else
    for (const file of CONFIGURED)
      await copyFile(path.join(personal, file), path.join(home, file)).catch(() => {});
  // A vendor's key variable goes to its vendor's API only; anywhere else only a variable named with
  // --api-key-env — neither a typed URL nor a settings file (which someone else may have written:
  // threat model §2) takes a key along. A key stored for another address is bound to it, as in the app.
  const { baseUrl, kind } = providerOf(settings, providerId)!;
  const origin = new URL(baseUrl).origin;
  const vendor = providerKind(kind).vendor;
  const vendorOrigin = vendor && new URL(vendor.baseUrl).origin;
  const own = origin === vendorOrigin;
  const key = choice.keyEnv ? env[choice.keyEnv] : own && vendor ? env[vendor.keyVariable] : undefined;
  if (choice.keyEnv && key === undefined)
    throw new Error(`The environment variable ${choice.keyEnv} is not set`);
  const keys = new Map<string, string>();
  if (key) keys.set(providerKeyId(providerId, baseUrl), key);
  return {
    providerId,
    secrets: new EnvKeys(FileSecretStore.inHome(personal), keys),
    keyHelp: !vendor
      ? `store the key for ${origin} in Switchboard's Settings, or name the variable that holds it with --api-key-env`
      : own
        ? `set ${vendor.keyVariable} or store one in Switchboard's Settings`
        : `${vendor.keyVariable} goes only to ${vendorOrigin}; store the key for ${origin} in Switchboard's Settings, or name the variable that holds it with --api-key-env`,
  };
}
