import type { SettingsStore } from '../../store/settingsStore';
import { RegistryClient } from './registry';
import { registryAddressView } from './registryAddressView';

/**
 * A client of the registry Browse reads — the environment variable, else Settings, else the official
 * one — for every install that asks it (an entry, a bundle from an entry); refused, with the reason,
 * when that address is.
 */
export async function configuredRegistry(settings: Pick<SettingsStore, 'get'>): Promise<RegistryClient> {
  const address = registryAddressView((await settings.get()).settings.registryUrl);
  if (address.problem) throw new Error(address.problem);
  return new RegistryClient({ baseUrl: address.url });
}
