import type { ProviderView, SettingsView } from './settings';

/** Whether a provider can be asked now: a key is stored for it, or it needs none (on this computer). */
export const isUsable = (p: Pick<ProviderView, 'hasKey' | 'local'>): boolean => p.hasKey || p.local;

/**
 * The default provider once providers or keys changed: the current one while it can be asked; else
 * the first that can (in Settings' order) — a person whose only provider is a local server must not
 * find new chats going to an Anthropic that has no key; else the current one (nothing better).
 */
export function settledDefault(current: string, providers: readonly ProviderView[]): string {
  const now = providers.find((p) => p.id === current);
  if (now && isUsable(now)) return current;
  return providers.find(isUsable)?.id ?? current;
}

/** What the Getting started checklist says of the model step. */
export interface ModelSetup {
  /** New conversations will work: the default provider can be asked. */
  ready: boolean;
  /** The default provider's name. */
  defaultName: string;
  /** A provider that can be asked, when the default cannot (then choosing it in Settings is the step). */
  instead?: string;
}

export function modelSetup(view: Pick<SettingsView, 'settings' | 'providers'>): ModelSetup {
  const current = view.providers.find((p) => p.id === view.settings.defaultProvider);
  const defaultName = current?.name ?? view.settings.defaultProvider;
  if (current && isUsable(current)) return { ready: true, defaultName };
  const instead = view.providers.find(isUsable);
  return { ready: false, defaultName, ...(instead ? { instead: instead.name } : {}) };
}

/**
 * A provider to offer a conversation whose provider `id` cannot be asked: the default when it can be,
 * else the first that can; none when `id` can be asked after all (a key added since) or nothing can.
 */
export function usableInsteadOf(
  id: string,
  view: Pick<SettingsView, 'settings' | 'providers'>,
): ProviderView | undefined {
  const asked = view.providers.find((p) => p.id === id);
  if (asked && isUsable(asked)) return undefined;
  const others = view.providers.filter((p) => p.id !== id && isUsable(p));
  return others.find((p) => p.id === view.settings.defaultProvider) ?? others[0];
}
