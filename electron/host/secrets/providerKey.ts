import type { SecretStore } from './secretStore';

/** Where keys were stored before they were bound to an origin (read once, then moved). */
const LEGACY_ANTHROPIC_KEY = 'anthropic/api-key';

/**
 * The SecretStore id of the model API key for one base URL: the key is bound to the origin it was
 * entered for. Pointing the base URL elsewhere (from the page or by editing settings.json) finds no
 * key there, so the key never leaves for a host the person did not give it to; switching back finds
 * it again.
 */
export function providerKeyId(baseUrl: string): string {
  return `anthropic/api-key@${new URL(baseUrl).origin}`;
}

/**
 * The SecretStore id of an OpenAI-compatible provider's key: bound to the provider (two providers
 * at one gateway keep their own keys) and to the origin it was entered for, as Anthropic's is.
 */
export function openAIKeyId(providerId: string, baseUrl: string): string {
  return `${openAIKeysOf(providerId)}${new URL(baseUrl).origin}`;
}

/** What every key id of one OpenAI-compatible provider starts with, whatever origin it is bound to. */
export function openAIKeysOf(providerId: string): string {
  return `openai/${providerId}/api-key@`;
}

/** The origin a base URL sends its key to, as a person reads it. */
export function keyOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/**
 * A key stored before keys were bound to origins belongs to the base URL in use when it is first
 * read after the upgrade (the one it has been going to all along).
 */
export async function adoptLegacyKey(secrets: SecretStore, baseUrl: string): Promise<void> {
  const legacy = await secrets.get(LEGACY_ANTHROPIC_KEY).catch(() => undefined);
  if (legacy === undefined) return;
  const id = providerKeyId(baseUrl);
  if ((await secrets.get(id)) === undefined) await secrets.set(id, legacy);
  await secrets.delete(LEGACY_ANTHROPIC_KEY);
}
