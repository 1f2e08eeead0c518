import { createHash } from 'node:crypto';

/** What model APIs accept as a tool name (Anthropic's rule; OpenAI's is the same). */
export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;
/** 80 bits: nobody can make a tool whose hash equals another's (a second preimage) on purpose. */
const HASH_LENGTH = 20;

/**
 * A server name that may stand before "__" and still be split off exactly: words of letters,
 * digits and hyphens joined by single underscores. With no "__" inside and no "_" at either end, the
 * first "__" in `server__tool` is always the separator, whatever the tool is called.
 */
const PLAIN_SERVER = /^[a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*$/;
const PLAIN_TOOL = /^[a-zA-Z0-9_-]+$/;

export interface ToolRef {
  server: string;
  tool: string;
}

/**
 * The name a model sees for a server's tool, decided by that pair alone (never by which other
 * servers run or in what order they came up), so a name means the same tool in every conversation.
 *
 * - `server__tool` when that spells the pair exactly (see PLAIN_SERVER): reading up to the first
 *   "__" gives the server back, so two such names are different whenever their pairs are.
 * - Otherwise a readable hint, then a hash of the exact pair: `my_server-get_data-<20 hex>`. These
 *   never contain "__" (runs of "_" are squeezed, the parts joined by "-"), so no server can name a
 *   tool to spell one of them out; two of them meet only if an 80-bit hash does.
 *
 * Escaping underscores in every server name would also be injective, but would make the common
 * `brave_search__web_search` unreadable; hashing only what cannot be spelled keeps it.
 */
export function modelToolName(ref: ToolRef): string {
  const plain = `${ref.server}__${ref.tool}`;
  if (PLAIN_SERVER.test(ref.server) && PLAIN_TOOL.test(ref.tool) && plain.length <= MAX) return plain;
  const hint = `${squeeze(ref.server)}-${squeeze(ref.tool)}`.slice(0, MAX - HASH_LENGTH - 1);
  return `${hint}-${pairHash(ref).slice(0, HASH_LENGTH)}`;
}

const squeeze = (s: string) => s.replace(/[^a-zA-Z0-9-]+/g, '_');
// JSON keeps the pair exact: no separator a name could contain, and lone surrogates stay distinct.
const pairKey = (ref: ToolRef) => JSON.stringify([ref.server, ref.tool]);
const pairHash = (ref: ToolRef) => createHash('sha256').update(pairKey(ref)).digest('hex');

/**
 * Names for a whole catalog, with the way back. Should two pairs ever get the same name (an 80-bit
 * hash collision), neither keeps it, whatever the order: each takes its whole SHA-256 in hex, 64
 * characters with neither "__" nor "-", so it can be no other pair's name.
 */
export class ToolNameMap {
  private readonly byName = new Map<string, ToolRef>();
  private readonly byRef = new Map<string, string>();

  /** `nameFor` is only replaced by tests, to make the collision that no hash gives on demand. */
  constructor(refs: Iterable<ToolRef>, nameFor: (ref: ToolRef) => string = modelToolName) {
    const claims = new Map<string, Map<string, ToolRef>>();
    for (const ref of refs) {
      const name = nameFor(ref);
      const pairs = claims.get(name) ?? new Map<string, ToolRef>();
      pairs.set(pairKey(ref), { server: ref.server, tool: ref.tool });
      claims.set(name, pairs);
    }
    for (const [name, pairs] of claims) {
      for (const [key, ref] of pairs) {
        const given = pairs.size === 1 ? name : pairHash(ref);
        this.byName.set(given, ref);
        this.byRef.set(key, given);
      }
    }
  }

  nameOf(ref: ToolRef): string | undefined {
    return this.byRef.get(pairKey(ref));
  }

  /** The exact server and tool behind a model-facing name; undefined for a name we never gave. */
  resolve(name: string): ToolRef | undefined {
    return this.byName.get(name);
  }
}
