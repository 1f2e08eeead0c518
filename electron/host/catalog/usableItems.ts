import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../shared/json/jsonDepth';

/**
 * The items of a server's list that can be used, and why each other one is left out: one nested
 * beyond MAX_JSON_DEPTH (a tool whose schema goes 100,000 levels down) could not be shown, sent to
 * the window, offered to a model or hashed for an approval — and would take the others down with it.
 */
export function usableItems<T>(items: T[], label: (item: T) => string): { usable: T[]; leftOut: string[] } {
  const usable: T[] = [];
  const leftOut: string[] = [];
  for (const item of items) {
    if (nestedDeeperThan(item))
      leftOut.push(`${label(item)} left out: nested deeper than ${MAX_JSON_DEPTH} levels`);
    else usable.push(item);
  }
  return { usable, leftOut };
}
