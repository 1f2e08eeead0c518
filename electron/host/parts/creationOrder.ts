import type { AnyPart } from './part';

/**
 * The parts in an order where each comes after what it needs, list order where the needs allow (so the
 * order is the same each time). `given` names what the owner hands in. Two parts of one name, a need
 * nothing meets and a cycle are errors naming the parts.
 */
export function creationOrder(parts: readonly AnyPart[], given: readonly string[]): AnyPart[] {
  const byName = new Map<string, AnyPart>();
  for (const p of parts) {
    if (byName.has(p.name) || given.includes(p.name)) throw new Error(`two parts are named '${p.name}'`);
    byName.set(p.name, p);
  }
  for (const p of parts)
    for (const need of p.needs)
      if (!byName.has(need) && !given.includes(need))
        throw new Error(`part '${p.name}' needs '${need}', which no part makes and nothing gives`);
  const order: AnyPart[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (p: AnyPart): void => {
    if (done.has(p.name)) return;
    if (path.includes(p.name))
      throw new Error(
        `parts need each other in a cycle: ${[...path.slice(path.indexOf(p.name)), p.name].join(' → ')}`,
      );
    path.push(p.name);
    for (const need of p.needs) {
      const needed = byName.get(need);
      if (needed) visit(needed);
    }
    path.pop();
    done.add(p.name);
    order.push(p);
  };
  for (const p of parts) visit(p);
  return order;
}
