import type { AreaApi } from '../../../shared/ipc/contract';
import type { SETTINGS_METHODS } from '../../../shared/ipc/settingsContract';
import type { HostParts } from '../hostParts';
import { keyOrigin, openAIKeysOf, providerKeyId } from '../secrets/providerKey';
import type { ShellAbilities } from './shellAbilities';

/** The settings area of the contract: Settings, the model providers' keys and models, how secrets are kept. */
export function settingsApi(host: HostParts, shell: ShellAbilities) {
  return {
    async secretStorage() {
      return { encrypted: host.secrets.encrypted };
    },
    async getSettings() {
      const { settings, problems } = await host.settings.get();
      const providers = await host.providers.views();
      return {
        settings,
        problems,
        providers,
        hasApiKey: providers[0]!.hasKey,
        keyOrigin: keyOrigin(settings.anthropic.baseUrl),
      };
    },
    async saveSettings(settings) {
      const previous = (await host.settings.get()).settings;
      const before = previous.anthropic.baseUrl;
      await host.settings.set(settings);
      // A provider removed takes its keys with it — the one for its address now, and any left bound to
      // an address it had before (one added again later, anywhere, asks for its key again).
      for (const gone of previous.openai.filter((p) => !settings.openai.some((q) => q.id === p.id)))
        await host.secrets.deleteStartingWith(openAIKeysOf(gone.id));
      const after = settings.anthropic.baseUrl;
      if (keyOrigin(before) === keyOrigin(after) || !shell.confirmKeyDestination) return;
      // The key stays with the origin it was entered for unless the person says otherwise where the
      // page cannot answer for them.
      const secrets = host.secrets;
      const key = await secrets.get(providerKeyId(before));
      if (key === undefined || (await secrets.get(providerKeyId(after))) !== undefined) return;
      if (await shell.confirmKeyDestination(keyOrigin(before), keyOrigin(after)))
        await secrets.set(providerKeyId(after), key);
    },
    async setApiKey(provider, key) {
      const id = await host.providers.keyIdOf(provider);
      if (key === null) {
        await host.secrets.delete(id);
        return;
      }
      const trimmed = key.trim();
      if (!trimmed) throw new Error('The API key is empty');
      // Redacted from every log from now on, like every other secret.
      host.redactor.add(trimmed);
      await host.secrets.set(id, trimmed);
    },
    async listModels(provider) {
      const list = await (await host.providers.get(provider)).provider.listModels();
      // An API may echo the key it refused: the page never gets it.
      return list.error ? { ...list, error: host.redactor.redact(list.error) } : list;
    },
  } satisfies AreaApi<typeof SETTINGS_METHODS>;
}
