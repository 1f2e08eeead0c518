import type { ModelPreferences } from '../../shared/mcp/protocol';

export type Tier = 'opus' | 'sonnet' | 'haiku';

/**
 * The model for a sampling request (spec: hints are substrings matched in order, then the cost,
 * speed and intelligence priorities). The person's explicit choice always wins; then the first hint
 * that names an available model; then a tier from the priorities; then the default.
 */
export function chooseModel(
  preferences: ModelPreferences | undefined,
  available: readonly string[],
  fallback: string,
  chosen?: string,
): string {
  if (chosen) return chosen;
  for (const hint of preferences?.hints ?? []) {
    const name = hint.name?.trim().toLowerCase();
    if (!name) continue;
    const match = available.find((m) => m.toLowerCase().includes(name));
    if (match) return match;
  }
  const tier = tierFor(preferences);
  if (tier) {
    // Listed newest first by the API: the first of the tier is its newest.
    const match = available.find((m) => m.toLowerCase().includes(tier));
    if (match) return match;
  }
  return fallback;
}

/** Intelligence above the others → opus; cost or speed above intelligence → haiku; else none. */
export function tierFor(p: ModelPreferences | undefined): Tier | undefined {
  if (!p) return undefined;
  const intelligence = p.intelligencePriority ?? 0;
  const cheapFast = Math.max(p.costPriority ?? 0, p.speedPriority ?? 0);
  if (intelligence === 0 && cheapFast === 0) return undefined;
  if (intelligence >= 0.7 && intelligence > cheapFast) return 'opus';
  if (cheapFast >= 0.7 && cheapFast > intelligence) return 'haiku';
  return 'sonnet';
}
