import { isBuiltIn, type ProviderSettings } from '../../../shared/host/providerSettings';
import { providerOf, type Settings } from '../../../shared/host/settings';
import type { HostConnection } from '../../hostClient';

const last = new WeakMap<HostConnection, Promise<unknown>>();

/**
 * Saves the settings as `change` makes them from what is saved now, one write at a time per host.
 * The providers card saves at once and the page's form on "Save settings": a save started while the
 * other's is still on its way must be made on top of it, not on a copy read before it (else a model
 * just saved, or a default just picked, is silently undone).
 */
export function updateSettings(host: HostConnection, change: (current: Settings) => Settings): Promise<void> {
  const write = (last.get(host) ?? Promise.resolve())
    .catch(() => {})
    .then(async () => {
      const current = (await host.call('getSettings')).settings;
      await host.call('saveSettings', change(current));
    });
  last.set(host, write);
  return write;
}

/**
 * The providers of `saved` with the built-in ones as `form` has them: the page's form owns the built-in
 * providers (where they send, their model) and the cards the added ones, each saved on its own.
 */
export function withBuiltInsOf(form: Settings, saved: Settings): ProviderSettings[] {
  return saved.providers.map((p) => (isBuiltIn(p.id) ? (providerOf(form, p.id) ?? p) : p));
}
