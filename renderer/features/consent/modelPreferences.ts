import type { ModelPreferences } from '../../../shared/mcp/protocol';

const level = (v: number) =>
  v >= 0.75 ? 'matters a lot' : v >= 0.4 ? 'matters somewhat' : v > 0 ? 'matters little' : 'does not matter';

/** A server's model preferences in words: its name hints, then each priority it set. */
export function explainModelPreferences(p: ModelPreferences | undefined): string[] {
  if (!p) return ['The server states no preference: your default model is used.'];
  const lines: string[] = [];
  const hints = (p.hints ?? [])
    .map((h) => h.name)
    .filter((n): n is string => typeof n === 'string' && n !== '');
  if (hints.length > 0)
    lines.push(`Suggested models, in order: ${hints.join(', ')} (hints, matched loosely).`);
  const priorities: [string, number | undefined][] = [
    ['Cost', p.costPriority],
    ['Speed', p.speedPriority],
    ['Intelligence', p.intelligencePriority],
  ];
  for (const [name, value] of priorities)
    if (typeof value === 'number') lines.push(`${name} ${level(value)} (${value}).`);
  return lines.length > 0 ? lines : ['The server states no preference: your default model is used.'];
}
