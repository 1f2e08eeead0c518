import { ANTHROPIC } from '../../../shared/host/providerSettings';
import { providerOf, type Settings } from '../../../shared/host/settings';
import type { SecretStore } from './secretStore';

/** Where keys were stored before they were bound to an origin (read once, then moved). */
const LEGACY_ANTHROPIC_KEY = 'anthropic/api-key';

/**
 * The SecretStore id of provider `id`'s API key at `baseUrl` — the one rule for every provider of
 * every kind: a key is bound to its provider (two providers at one gateway keep their own keys) and to
 * the origin it was entered for. Pointing the base URL elsewhere (from the page or by editing
 * settings.json) finds no key there, so the key never leaves for a host the person did not give it
 * to; switching back finds it again.
 */
export function providerKeyId(id: string, baseUrl: string): string {
  return `${providerKeysOf(id)}${new URL(baseUrl).origin}`;
}

/**
 * What every key id of provider `id` starts with, whatever origin it is bound to. The ids are the ones
 * keys have been stored under since they were bound to origins, so every stored key is still found:
 * the Anthropic provider's `anthropic/api-key@…`, every other provider's `openai/<id>/api-key@…` (the
 * namespace of the providers the person adds, whatever their kind; named when OpenAI-compatible
 * ones were the only such).
 */
export function providerKeysOf(id: string): string {
  return id === ANTHROPIC ? 'anthropic/api-key@' : `openai/${id}/api-key@`;
}

/** The origin a base URL sends its key to, as a person reads it. */
export function keyOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/**
 * A key stored before keys were bound to origins (always Anthropic's) belongs to the base URL in use when it is first
 * read after the upgrade (the one it has been going to all along).
 */
export async function adoptLegacyKey(secrets: SecretStore, settings: Settings): Promise<void> {
  const legacy = await secrets.get(LEGACY_ANTHROPIC_KEY).catch(() => undefined);
  const anthropic = providerOf(settings, ANTHROPIC);
  if (legacy === undefined || !anthropic) return;
  const id = providerKeyId(ANTHROPIC, anthropic.baseUrl);
  if ((await secrets.get(id)) === undefined) await secrets.set(id, legacy);
  await secrets.delete(LEGACY_ANTHROPIC_KEY);
}
