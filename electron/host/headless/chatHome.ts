import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ANTHROPIC, type Settings } from '../../../shared/host/settings';
import { parseSettings } from '../../store/settingsStore';
import { FileSecretStore } from '../secrets/fileSecretStore';
import { openAIKeyId, providerKeyId } from '../secrets/providerKey';
import type { SecretStore } from '../secrets/secretStore';

/** The OpenAI-compatible provider a headless chat adds when none in Settings sends to that address. */
const CHAT_OPENAI = 'cli-openai';
const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';
/** What a headless chat takes from the person's data folder when it runs their configured servers. */
const CONFIGURED = ['config.json', 'trusted-servers.json', 'tool-settings.json', 'roots.json'];

/** What a headless chat was asked for: a provider (else Settings' default), where, which model. */
export interface ChatModelChoice {
  provider: 'anthropic' | 'openai' | undefined;
  baseUrl: string | undefined;
  model: string | undefined;
  /** The environment variable whose key goes to the chosen address, whatever it is (said explicitly). */
  keyEnv?: string | undefined;
}

/** Where each provider's own key variable may go without being named: its vendor's API. */
const VENDOR = { anthropic: 'https://api.anthropic.com', openai: 'https://api.openai.com' };
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
  if (
    choice.provider === 'anthropic' ||
    (!choice.provider && choice.baseUrl && mine.defaultProvider === ANTHROPIC)
  ) {
    if (choice.baseUrl) settings.anthropic.baseUrl = choice.baseUrl;
    if (choice.model) settings.anthropic.defaultModel = choice.model;
    settings.defaultProvider = ANTHROPIC;
    return { settings, providerId: ANTHROPIC };
  }
  if (choice.provider === 'openai' || (!choice.provider && choice.baseUrl)) {
    const baseUrl = choice.baseUrl ?? OPENAI_DEFAULT_URL;
    const origin = new URL(baseUrl).origin;
    // One the person set up for that address keeps its stored key; else one of the chat's own.
    const known = settings.openai.find((p) => new URL(p.baseUrl).origin === origin);
    const entry = known ?? { id: CHAT_OPENAI, name: `the OpenAI-compatible API at ${origin}`, baseUrl };
    entry.baseUrl = baseUrl;
    if (choice.model) entry.defaultModel = choice.model;
    if (!known) settings.openai.push(entry);
    settings.defaultProvider = entry.id;
    return { settings, providerId: entry.id };
  }
  // Switchboard's default provider, its model unless the chat names one.
  const id = settings.defaultProvider;
  if (choice.model) {
    if (id === ANTHROPIC) settings.anthropic.defaultModel = choice.model;
    else for (const p of settings.openai) if (p.id === id) p.defaultModel = choice.model;
  }
  return { settings, providerId: id };
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
  const anthropic = providerId === ANTHROPIC;
  const openai = settings.openai.find((p) => p.id === providerId);
  const baseUrl = anthropic ? settings.anthropic.baseUrl : openai!.baseUrl;
  const origin = new URL(baseUrl).origin;
  const variable = anthropic ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
  const own = origin === (anthropic ? VENDOR.anthropic : VENDOR.openai);
  const key = choice.keyEnv ? env[choice.keyEnv] : own ? env[variable] : undefined;
  if (choice.keyEnv && key === undefined)
    throw new Error(`The environment variable ${choice.keyEnv} is not set`);
  const keys = new Map<string, string>();
  if (key) keys.set(anthropic ? providerKeyId(baseUrl) : openAIKeyId(openai!.id, baseUrl), key);
  return {
    providerId,
    secrets: new EnvKeys(FileSecretStore.inHome(personal), keys),
    keyHelp: own
      ? `set ${variable} or store one in Switchboard's Settings`
      : `${variable} goes only to ${anthropic ? VENDOR.anthropic : VENDOR.openai}; store the key for ${origin} in Switchboard's Settings, or name the variable that holds it with --api-key-env`,
  };
}
