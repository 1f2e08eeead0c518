import { createHash } from 'node:crypto';
import type { ActivityBody } from '../../../shared/host/activity';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../shared/json/jsonDepth';

/** The most JSON one value of an entry keeps (a tool's arguments, a whole result): past it, a stub. */
export const MAX_KEPT_BYTES = 1024 * 1024;

/**
 * How deep an entry may nest: the depth Switchboard reads, less the envelope that carries entries to
 * the page (a WebSocket answer, its result, its list), so every entry kept can also be shown.
 */
const ENTRY_DEPTH = MAX_JSON_DEPTH - 8;

/**
 * How many levels of an entry are its own structure (the entry, then a field such as `arguments`,
 * `request` or `result`): below them a value that cannot be kept is replaced whole, above them only
 * the part that cannot be — so a call's server, tool, asker and decision always stay.
 */
const STRUCTURE_LEVELS = 2;

/** What stands in for a value the record cannot keep, saying why (a string: no real value there is one). */
const notRecorded = (why: string) => `[not recorded: ${why}]`;

/**
 * The body as the record can keep it: every value that cannot be hashed and written — nested deeper
 * than the record reads, larger than MAX_KEPT_BYTES, not JSON at all — replaced by a stub that says
 * why, everything else as it was. The same body when all of it can be kept (almost always).
 */
export function keptBody(body: ActivityBody): ActivityBody {
  // The chain's fields (at, source, prev, hash) add no level; under the limit whole, every value is too.
  if (whyNotKept(body, ENTRY_DEPTH, MAX_KEPT_BYTES) === undefined) return body;
  // Its kind and the host's own fields are short strings and numbers, always kept as they are.
  return Object.fromEntries(Object.entries(body).map(([key, v]) => [key, kept(v, 1)])) as ActivityBody;
}

function kept(value: unknown, level: number): unknown {
  const why = whyNotKept(value, ENTRY_DEPTH - level, MAX_KEPT_BYTES);
  if (why === undefined) return value;
  if (level < STRUCTURE_LEVELS && isPlainObject(value)) {
    try {
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, kept(v, level + 1)]));
    } catch {
      // A field that throws when read: the whole of what holds it is the stub.
    }
  }
  return notRecorded(why);
}

/** Why `value` cannot be kept with `room` levels left and at most `bytes` of JSON, or undefined. */
function whyNotKept(value: unknown, room: number, bytes: number): string | undefined {
  let json: string | undefined;
  try {
    if (nestedDeeperThan(value, room)) return `nested deeper than the ${ENTRY_DEPTH} levels the record keeps`;
    json = JSON.stringify(value);
  } catch (error) {
    return `not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const size = json === undefined ? 0 : Buffer.byteLength(json);
  if (size > bytes)
    return `${size} bytes of JSON, more than the ${bytes} the record keeps of one value; its sha256 is ${createHash('sha256').update(json!).digest('hex')}`;
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
