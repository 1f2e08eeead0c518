import { providerOf, type Settings } from '../../../shared/host/settings';
import type { AreaApi } from '../../../shared/ipc/contract';
import type { SETTINGS_METHODS } from '../../../shared/ipc/settingsContract';
import type { HostParts } from '../hostParts';
import { registryAddressView } from '../install/registryAddressView';
import { keyOrigin, providerKeyId, providerKeysOf } from '../secrets/providerKey';
import { telemetryHeaderId, telemetryHeaderIdsOf } from '../secrets/telemetryHeader';
import type { ShellAbilities } from './shellAbilities';

/** The settings area of the contract: Settings, the model providers' keys and models, how secrets are kept. */
export function settingsApi(host: HostParts, shell: ShellAbilities) {
  /** Where the person says so, a key goes with its provider to the new origin of its base URL. */
  async function moveKeys(previous: Settings, saved: Settings): Promise<void> {
    const { secrets } = host;
    if (!shell.confirmKeyDestination) return;
    for (const before of previous.providers) {
      const after = providerOf(saved, before.id);
      if (!after || keyOrigin(before.baseUrl) === keyOrigin(after.baseUrl)) continue;
      // The key stays with the origin it was entered for unless the person says otherwise where the
      // page cannot answer for them.
      const key = await secrets.get(providerKeyId(before.id, before.baseUrl));
      const there = providerKeyId(after.id, after.baseUrl);
      if (key === undefined || (await secrets.get(there)) !== undefined) continue;
      if (await shell.confirmKeyDestination(keyOrigin(before.baseUrl), keyOrigin(after.baseUrl)))
        await secrets.set(there, key);
    }
  }

  /** Each header of Settings → Telemetry, and whether a value is stored for the endpoint's origin (never the value). */
  async function telemetryHeaders(settings: Settings) {
    const telemetry = settings.telemetry;
    if (!telemetry) return [];
    return Promise.all(
      telemetry.headerNames.map(async (name) => ({
        name,
        stored:
          URL.canParse(telemetry.endpoint) &&
          (await host.secrets.get(telemetryHeaderId(name, telemetry.endpoint))) !== undefined,
      })),
    );
  }

  return {
    async secretStorage() {
      // The person's secrets: the shell's own (its session key) are not theirs to be told about.
      const own = await Promise.all((shell.ownSecrets ?? []).map((id) => host.secrets.get(id)));
      const stored = (await host.secrets.values()).length;
      return {
        encrypted: host.secrets.encrypted,
        holdsSecrets: stored > own.filter((v) => v !== undefined).length,
      };
    },
    async getSettings() {
      const { settings, problems } = await host.settings.get();
      return {
        settings,
        problems,
        providers: await host.providers.views(),
        registry: registryAddressView(settings.registryUrl),
        telemetry: await host.telemetry.view(),
        telemetryHeaders: await telemetryHeaders(settings),
      };
    },
    async saveSettings(settings) {
      const previous = (await host.settings.get()).settings;
      await host.settings.set(settings);
      // As saved (a built-in provider left out stands, with its key).
      const saved = (await host.settings.get()).settings;
      const { secrets } = host;
      // A provider removed takes its keys with it — the one for its address now, and any left bound to
      // an address it had before (one added again later, anywhere, asks for its key again).
      for (const gone of previous.providers.filter((p) => !providerOf(saved, p.id))) {
        await secrets.deleteStartingWith(providerKeysOf(gone.id));
        host.activity.record({ kind: 'key', provider: gone.id, change: 'removed' });
      }
      await moveKeys(previous, saved);
      await host.activity.retain(saved.activity);
      // A header taken off the list takes its stored values with it.
      const kept = new Set(saved.telemetry?.headerNames.map((n) => n.toLowerCase()) ?? []);
      for (const name of previous.telemetry?.headerNames ?? [])
        if (!kept.has(name.toLowerCase())) await secrets.deleteStartingWith(telemetryHeaderIdsOf(name));
      // Applied now, without a restart: the export in force is flushed and the new one started — only
      // when telemetry's settings changed (a restart of export ends every session's span).
      if (JSON.stringify(previous.telemetry) !== JSON.stringify(saved.telemetry))
        await host.telemetry.reconfigure();
      // A provider added, removed or pointed elsewhere may leave the default one that cannot be asked.
      await host.providers.settleDefault();
    },
    async setApiKey(provider, key) {
      const id = await host.providers.keyIdOf(provider);
      if (key === null) await host.secrets.delete(id);
      else {
        const trimmed = key.trim();
        if (!trimmed) throw new Error('The API key is empty');
        // Redacted from every log from now on, like every other secret.
        host.redactor.add(trimmed);
        await host.secrets.set(id, trimmed);
      }
      host.activity.record({ kind: 'key', provider, change: key === null ? 'removed' : 'stored' });
      await host.providers.settleDefault();
    },
    async setTelemetryHeader(name, value) {
      const { telemetry } = (await host.settings.get()).settings;
      if (!telemetry?.endpoint)
        throw new Error('Save an endpoint for telemetry first: a header value is kept for its address');
      if (!telemetry.headerNames.some((n) => n.toLowerCase() === name.toLowerCase()))
        throw new Error(
          `The header "${name}" is not one of Settings → Telemetry's headers: add it there first`,
        );
      const id = telemetryHeaderId(name, telemetry.endpoint);
      if (value === null) await host.secrets.delete(id);
      else {
        const trimmed = value.trim();
        if (!trimmed) throw new Error(`The value of the header "${name}" is empty`);
        // Redacted from every log and from content capture from now on, like every other secret.
        host.redactor.add(trimmed);
        await host.secrets.set(id, trimmed);
      }
      await host.telemetry.reconfigure();
    },
    async listModels(provider) {
      const list = await (await host.providers.get(provider)).provider.listModels();
      // An API may echo the key it refused: the page never gets it.
      return list.error ? { ...list, error: host.redactor.redact(list.error) } : list;
    },
  } satisfies AreaApi<typeof SETTINGS_METHODS>;
}
