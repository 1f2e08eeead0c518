import { createHash } from 'node:crypto';

export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;
const sanitize = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, '_');

export interface ToolRef {
  server: string;
  tool: string;
}

/**
 * The name a model sees for a server's tool: `server__tool` when that is exact and fits, otherwise a
 * sanitised, shortened prefix plus a hash of the exact pair. Deterministic, so a conversation's tool
 * names mean the same tools tomorrow; and the reverse map gives back exactly the pair it came from.
 */
export function modelToolName(ref: ToolRef, hashLength = 8, forceHash = false): string {
  const plain = `${ref.server}__${ref.tool}`;
  // Exact only if nothing was replaced and the split at the first "__" is unambiguous.
  if (!forceHash && MODEL_TOOL_NAME.test(plain) && !ref.server.includes('__') && ref.server !== '')
    return plain;
  const hash = createHash('sha256')
    .update(`${ref.server}\u0000${ref.tool}`)
    .digest('hex')
    .slice(0, hashLength);
  const prefix = sanitize(`${ref.server}__${ref.tool}`).slice(0, MAX - hashLength - 1);
  return `${prefix}_${hash}`;
}

/** Names for a whole catalog, with the way back. A hash collision (vanishingly rare) lengthens the hash. */
export class ToolNameMap {
  private readonly byName = new Map<string, ToolRef>();
  private readonly byRef = new Map<string, string>();

  constructor(refs: Iterable<ToolRef>) {
    for (const ref of refs) {
      let length = 8;
      let name = modelToolName(ref, length);
      while (this.byName.has(name)) {
        if (length >= 64) throw new Error(`cannot name tool ${ref.tool} of ${ref.server} uniquely`);
        length += 4;
        name = modelToolName(ref, length, true);
      }
      this.byName.set(name, ref);
      this.byRef.set(key(ref), name);
    }
  }

  nameOf(ref: ToolRef): string | undefined {
    return this.byRef.get(key(ref));
  }

  /** The exact server and tool behind a model-facing name; undefined for a name we never gave. */
  resolve(name: string): ToolRef | undefined {
    return this.byName.get(name);
  }
}

const key = (ref: ToolRef) => `${ref.server}\u0000${ref.tool}`;
