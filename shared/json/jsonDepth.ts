/**
 * How deep a value from a server may nest (arrays and objects inside each other) for Switchboard to
 * use it: a tool's schemas, a result, a log message's data, an elicitation's schema. Real ones nest
 * a few levels, a tree of folders a few dozen; what nests deeper is refused by name, because every
 * recursive walk over it — JSON.stringify, a structured clone to the window, a form or a view built
 * from it — would overflow the stack (100,000 levels is 200 kB of text).
 */
export const MAX_JSON_DEPTH = 100;

/**
 * Whether `value` nests arrays and objects more than `max` levels deep (`[]` is one level, a scalar
 * none). Walked with a stack of its own, not by recursion, so any depth can be measured.
 */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** A value nested too deep to use, named by what it is ("the inputSchema of tool deep"). */
export class JsonTooDeep extends Error {
  constructor(readonly what: string) {
    super(`${what} is nested deeper than ${MAX_JSON_DEPTH} levels, more than Switchboard reads`);
    this.name = 'JsonTooDeep';
  }
}

/** JSON text of `value`, or a JsonTooDeep naming `what` (never a stack overflow). */
export function jsonText(value: unknown, what: string, space?: number): string {
  if (nestedDeeperThan(value)) throw new JsonTooDeep(what);
  return JSON.stringify(value, null, space);
}
