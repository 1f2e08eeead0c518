import { JsonTooDeep, nestedDeeperThan } from '../../shared/json/jsonDepth';

/**
 * JSON with object keys sorted at every depth and no insignificant whitespace: the same value always
 * gives the same text, so it can be hashed, compared, and frozen as "exactly what was approved".
 * A value nested beyond MAX_JSON_DEPTH is a JsonTooDeep naming `what`, never a stack overflow.
 */
export function canonicalJson(value: unknown, what = 'a value'): string {
  if (nestedDeeperThan(value)) throw new JsonTooDeep(what);
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
