import { type LeaveOut, overBudget } from '../../../shared/chat/toolBudget';
import { searchApplies } from '../../../shared/chat/toolSearch';
import type { SettingsStore } from '../../store/settingsStore';
import type { ToolChoiceStore } from '../../store/toolChoiceStore';
import type { Catalog, CatalogTool } from '../catalog/catalog';
import type { ProviderEntry } from '../models/modelProviders';
import { offeredTools } from './turnRequest';

/** Where the person's last choice of tools is kept, and what it is judged against. */
export interface LastToolChoiceDeps {
  toolChoices?: Pick<ToolChoiceStore, 'get' | 'remember'>;
  catalog: Pick<Catalog, 'enabledTools'>;
  settings: Pick<SettingsStore, 'get'>;
}

const NONE: LeaveOut = { servers: [], tools: [] };

/** The set of servers a choice of tools was made with: their names (each once, sorted). */
const serverSetKey = (enabled: CatalogTool[]): string =>
  JSON.stringify([...new Set(enabled.map((t) => t.server))].sort());

/** A conversation's choice of tools changed: the next conversation with these servers starts from it. */
export async function rememberToolChoice(
  deps: LastToolChoiceDeps,
  before: LeaveOut | undefined,
  after: LeaveOut | undefined,
): Promise<void> {
  const choice = after ?? NONE;
  if (JSON.stringify(before ?? NONE) === JSON.stringify(choice)) return;
  await deps.toolChoices?.remember(serverSetKey(deps.catalog.enabledTools()), choice).catch(() => {});
}

/**
 * A new conversation whose every tool would be over the provider's limit or the person's budget (and
 * that does not search them)
 * starts from the person's last choice for the same servers, rather than being refused before they
 * have said anything: they chose once, and the Tools panel shows (and changes) it.
 */
export async function lastToolChoice(
  deps: LastToolChoiceDeps,
  entry: ProviderEntry,
): Promise<LeaveOut | undefined> {
  if (!deps.toolChoices) return undefined;
  const enabled = deps.catalog.enabledTools();
  const { settings } = await deps.settings.get();
  const budget = { maxTools: entry.provider.maxTools, maxTokens: settings.toolTokenBudget };
  const all = offeredTools(enabled, undefined);
  // Searched, not sent whole: nothing to choose before the first message.
  if (searchApplies(all, settings.toolSearch) || !overBudget(all, budget, entry.name)) return undefined;
  return deps.toolChoices.get(serverSetKey(enabled)).catch(() => undefined);
}
