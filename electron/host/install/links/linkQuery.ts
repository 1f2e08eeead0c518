import { LinkError } from './linkTypes';

export interface LinkQuery {
  /** A parameter given once (or not at all); given twice is refused. */
  one(name: string): string | undefined;
  /** A parameter that may repeat (Goose's `arg`, `env`, `header`), in order. */
  all(name: string): string[];
  /** Parameters neither asked for by `one` nor `all` so far. */
  unused(): string[];
}

/**
 * A link's query. A parameter the format takes once but the link gives twice is refused: which of the
 * two a preview shows and which one an app installs must never be able to differ.
 */
export function linkQuery(url: URL): LinkQuery {
  const params = url.searchParams;
  const asked = new Set<string>();
  return {
    one(name) {
      asked.add(name);
      const values = params.getAll(name);
      if (values.length > 1) throw new LinkError(`the link gives "${name}" ${values.length} times`);
      return values[0];
    },
    all(name) {
      asked.add(name);
      return params.getAll(name);
    },
    unused() {
      return [...new Set(params.keys())].filter((k) => !asked.has(k));
    },
  };
}
