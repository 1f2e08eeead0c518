/** Whether two JSON values are the same (object keys in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * Whether `text` is `value` serialised (any spacing or key order): a tool result's text block that
 * only repeats its structuredContent, as servers SHOULD add for older clients.
 */
export function isSerializedJson(text: string, value: unknown): boolean {
  try {
    return sameJson(JSON.parse(text), value);
  } catch {
    return false;
  }
}
