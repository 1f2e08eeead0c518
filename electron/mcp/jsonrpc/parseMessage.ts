import type { RequestId } from '../../../shared/mcp/protocol';
import type { MalformedInput, NamedMessage } from '../transport/transport';

/**
 * How deep one message may nest, counting every object and array from the JSON-RPC envelope down.
 * A tool's inputSchema sits five levels below the envelope and real schemas add a dozen more; 100
 * leaves room for any real schema or structured result, while everything downstream that recurses
 * (JSON.stringify, structured clone over IPC, schema compilers, renderers) overflows its stack
 * thousands of levels further down. JSON.parse itself would take 100,000 levels, but slowly
 * (seconds for a 10 MiB message) and to hand on a value that crashes whatever touches it next.
 */
export const MAX_MESSAGE_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const EXCERPT_CHARS = 200;

export type ParsedMessage = { ok: true; value: unknown } | { ok: false; malformed: MalformedInput };

/**
 * One message's text to a JSON value, refusing what is nested deeper than MAX_MESSAGE_DEPTH before
 * parsing it (the scan is a loop, not recursion, so no input can overflow it). A refused message
 * still names, where its top level can be read, the ids it answers or asks: the connection fails
 * that request of ours, or answers that request of the server's, at once.
 */
export function parseMessage(text: string): ParsedMessage {
  if (exceedsDepth(text, MAX_MESSAGE_DEPTH)) {
    return {
      ok: false,
      malformed: {
        kind: 'depth',
        reason: `message nested deeper than ${MAX_MESSAGE_DEPTH} levels (the most a message may be)`,
        excerpt: text.slice(0, EXCERPT_CHARS),
        named: namedAtTopLevel(text),
      },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const named = namedAtTopLevel(text, true);
    return {
      ok: false,
      malformed: {
        kind: 'parse',
        reason: `not JSON: ${(error as Error).message}`,
        excerpt: text.slice(0, EXCERPT_CHARS),
        ...(named.length > 0 ? { named } : {}),
      },
    };
  }
}

/**
 * Whether the text opens more than `max` objects and arrays at once, brackets inside strings not
 * counted. Text that is not JSON gives no reliable answer, which is fine: JSON.parse refuses it.
 * Strings are skipped with indexOf, so a large payload (base64, long texts) costs little.
 */
export function exceedsDepth(text: string, max: number): boolean {
  if (text.length <= max) return false; // each level costs at least one character
  let depth = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
      if (i === -1) return false;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** The index of the quote that closes the string opened at `open`; -1 when it never closes. */
function endOfString(text: string, open: number): number {
  let i = open;
  for (;;) {
    i = text.indexOf('"', i + 1);
    if (i === -1) return -1;
    let backslashes = 0;
    for (let j = i - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if ((backslashes & 1) === 0) return i;
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isId = (v: unknown): v is RequestId =>
  typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

/**
 * The `id` and whether there is a `method` of the top-level object (or of each object in a
 * top-level array), read without parsing what lies deeper: one pass, strings skipped as above.
 * `partial`: the text may be cut short or broken (a line cut off, over the size cap, not UTF-8):
 * an object left open still names its id — but only once a `method`, `result` or `error` key has
 * said whether it is the server's request or an answer to ours, so a cut-off message is never taken
 * for an answer it may not have been.
 */
export function namedAtTopLevel(text: string, partial = false): NamedMessage[] {
  const named: NamedMessage[] = [];
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  const target = text.charCodeAt(start) === OPEN_BRACKET ? 2 : 1;
  let depth = 0;
  let current: { id?: unknown; method: boolean; answer?: boolean } | undefined;
  let key: string | undefined;
  let expectValue = false;
  for (let i = start, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (current && depth === target) {
      if (expectValue) {
        expectValue = false;
        if (key === 'method') current.method = true;
        if (key === 'result' || key === 'error') current.answer = true;
        if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
          // A string or a literal: read it whole, keep it only when it is the id.
          let end = i;
          if (c === QUOTE) end = endOfString(text, i) + 1;
          else while (end < n && !isDelimiter(text.charCodeAt(end))) end++;
          if (end === 0) break;
          if (key === 'id') current.id = parseOrUndefined(text.slice(i, end));
          i = end - 1;
          continue;
        }
      } else if (c === QUOTE) {
        const end = endOfString(text, i);
        if (end === -1) break;
        key = parseOrUndefined(text.slice(i, end + 1)) as string | undefined;
        i = end;
        continue;
      } else if (c === 0x3a /* : */) {
        expectValue = true;
        continue;
      }
    }
    if (c === QUOTE) {
      i = endOfString(text, i);
      if (i === -1) break;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth === target && c === OPEN_BRACE) current = { method: false };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === target && current) {
        if (isId(current.id)) named.push({ id: current.id, request: current.method });
        current = undefined;
      }
      depth--;
    }
  }
  if (partial && current && isId(current.id) && (current.method || current.answer))
    named.push({ id: current.id, request: current.method });
  return named;
}

const isDelimiter = (c: number) => c === 0x2c || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c);

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
