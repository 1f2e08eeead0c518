import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../shared/json/jsonDepth';

/** How many times JSON held in a string (holding JSON in a string…) is opened to redact inside it. */
const MAX_JSON_IN_STRING = 3;

/** What stands where a value nests past what Switchboard reads: it is never walked, so never shown. */
export const TOO_DEEP = `[nested deeper than ${MAX_JSON_DEPTH} levels: not kept]`;

/**
 * A value with its secrets hidden before it is serialised: every string in it — and every key — through
 * `redact`, so a secret is found as it is, never as JSON escaped it (a quote, a backslash, a line break).
 * A string that holds JSON is read, redacted inside and written again (only when something in it was
 * hidden, so an untouched string stays as it came). Walked no deeper than MAX_JSON_DEPTH: what nests
 * past it is TOO_DEEP, never a stack overflow. Names are not judged: a `maxTokens` is no secret.
 */
export function redactedValue(value: unknown, redact: (text: string) => string): unknown {
  return walk(value, redact, 0, 0);
}

function walk(value: unknown, redact: (text: string) => string, depth: number, opened: number): unknown {
  if (typeof value === 'string') return redactedString(value, redact, opened);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => walk(v, redact, depth + 1, opened));
  // fromEntries, not assignment: a key "__proto__" stays a key, never the object's prototype.
  const entries = Object.entries(value);
  const keys = distinctKeys(entries.map(([key]) => redact(key)));
  return Object.fromEntries(entries.map(([, v], i) => [keys[i]!, walk(v, redact, depth + 1, opened)]));
}

/**
 * Keys as redacted, each kept apart: two keys hidden alike (or one hidden into a key the object has)
 * would otherwise leave one value out of the record — one the server was sent.
 */
function distinctKeys(keys: string[]): string[] {
  const seen = new Set<string>();
  return keys.map((key) => {
    let kept = key;
    for (let n = 2; seen.has(kept); n++) kept = `${key} (${n})`;
    seen.add(kept);
    return kept;
  });
}

function redactedString(text: string, redact: (text: string) => string, opened: number): string {
  const plain = redact(text);
  const start = plain.trimStart()[0];
  if (opened >= MAX_JSON_IN_STRING || (start !== '{' && start !== '[')) return plain;
  let json: unknown;
  try {
    json = JSON.parse(plain);
  } catch {
    return plain;
  }
  // Too deep to write again: left as text (the text itself is redacted).
  if (nestedDeeperThan(json)) return plain;
  const inside = JSON.stringify(walk(json, redact, 0, opened + 1));
  return inside === JSON.stringify(json) ? plain : inside;
}
