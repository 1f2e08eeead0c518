import type { DisposableStore } from '../../mcp';

/**
 * One piece of the host: what it needs, by name; the one value it makes, under its own name; and how
 * that value is let go. Parts are made in the order their needs give (assembleParts) and let go in the
 * reverse, so whatever a part needs is still there while it is let go.
 */
export interface Part<Name extends string, Needs extends object, Value> {
  readonly name: Name;
  /** Every value `create` is given, by name: the order of making is derived from these. */
  readonly needs: readonly (keyof Needs & string)[];
  /**
   * Makes the value. What it subscribes to or starts goes into `held`, which is let go (in the order
   * added) before `dispose` runs.
   */
  create(needs: Needs, held: DisposableStore): Value | Promise<Value>;
  /** Lets the value go, after every part that needed it has been let go. */
  dispose?(value: Value, needs: Needs): void | Promise<void>;
}

/** Any part, as a list holds it (a part's needs are only known to itself). */
export type AnyPart = Part<string, never, unknown>;

type NameOf<P> = P extends Part<infer N, never, unknown> ? N : never;
type ValueOf<P> = P extends Part<string, never, infer V> ? V : never;

/** What a list of parts makes, by name: each part's value. */
export type MadeBy<Parts extends readonly AnyPart[]> = {
  [P in Parts[number] as NameOf<P>]: ValueOf<P>;
};

/**
 * The values a list of parts makes that are something (a part that only wires others, making
 * nothing, is left out): what an owner of the parts shows.
 */
export type ValuesOf<Parts extends readonly AnyPart[]> = {
  // biome-ignore lint/suspicious/noConfusingVoidType: a part that only wires others returns void from create
  [P in Parts[number] as [ValueOf<P>] extends [void] ? never : NameOf<P>]: ValueOf<P>;
};

/** The names of the parts in `Parts` whose needs `Given` does not meet (by name and by type). */
export type UnmetBy<Parts extends readonly AnyPart[], Given> = {
  [I in keyof Parts]: Parts[I] extends Part<infer N, infer Needs, unknown>
    ? Given extends Needs
      ? never
      : N
    : never;
}[number];

/**
 * A part, its needs checked against what `create` takes: a value `create` uses that `needs` does not
 * name would be made in the wrong order, or not at all, so it does not compile (`unlisted` names it).
 */
export function part<const Name extends string, const Listed extends string, Needs extends object, Value>(
  spec: Part<Name, Needs, Value> & { readonly needs: readonly Listed[] } & ([
      Exclude<keyof Needs, Listed>,
    ] extends [never]
      ? unknown
      : { unlisted: Exclude<keyof Needs, Listed> }),
): Part<Name, Needs, Value> {
  return spec;
}
