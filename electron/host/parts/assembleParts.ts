import { type Disposable, DisposableStore } from '../../mcp';
import { creationOrder } from './creationOrder';
import type { AnyPart, MadeBy, Part, UnmetBy } from './part';

/** Parts made, and the one way to let them go. */
export interface Assembly<Made> {
  /** Each part's value, by the part's name. */
  readonly made: Made;
  /** Holds something made from the parts afterwards (a served API): let go first, before any part. */
  hold<T extends Disposable>(item: T): T;
  /**
   * Lets every part go in the reverse of the order they were made, each awaited; one that fails does
   * not keep the others (its error is thrown once all are let go). A second call waits on the first.
   */
  dispose(): Promise<void>;
}

/** A list whose needs are all met compiles as is; otherwise the names of the parts left wanting. */
type Complete<Parts extends readonly AnyPart[], Given> = [UnmetBy<Parts, Given & MadeBy<Parts>>] extends [
  never,
]
  ? unknown
  : { 'needs not met for': UnmetBy<Parts, Given & MadeBy<Parts>> };

/**
 * Makes every part once its needs are made — from `given` (the owner's options) or from other parts —
 * in the order the needs give, ties in list order. A cycle, a need nothing meets or a name made twice is
 * an error naming the parts, before anything is made. A part whose `create` throws: what was made is
 * let go (in reverse) and its error thrown.
 */
export async function assembleParts<const Parts extends readonly AnyPart[], Given extends object>(
  parts: Parts & Complete<Parts, Given>,
  given: Given,
): Promise<Assembly<MadeBy<Parts>>> {
  const order = creationOrder(parts, Object.keys(given));
  const values = new Map<string, unknown>(Object.entries(given));
  const made: Record<string, unknown> = {};
  const teardowns: (() => Promise<void>)[] = [];
  for (const listed of order) {
    // A part's own types are known only to itself: the list hands it the record of what it named.
    const p = listed as Part<string, object, unknown>;
    const needs = Object.fromEntries(p.needs.map((name) => [name, values.get(name)]));
    const held = new DisposableStore();
    try {
      const value = await p.create(needs, held);
      values.set(p.name, value);
      made[p.name] = value;
      teardowns.push(async () => {
        try {
          held.dispose();
        } finally {
          await p.dispose?.(value, needs);
        }
      });
    } catch (error) {
      teardowns.push(async () => held.dispose());
      // The part that failed is the one to act on: what letting the others go says is secondary.
      await runReversed(teardowns).catch(() => {});
      throw error;
    }
  }
  const served = new DisposableStore();
  let disposing: Promise<void> | undefined;
  return {
    made: made as MadeBy<Parts>,
    hold: (item) => served.add(item),
    dispose: () => {
      // Last in the list, so first let go: nothing served outlives the parts it calls.
      disposing ??= runReversed([...teardowns, async () => served.dispose()]);
      return disposing;
    },
  };
}

/** Runs the teardowns last to first, each awaited; the errors thrown once all have run. */
async function runReversed(teardowns: readonly (() => Promise<void>)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const teardown of [...teardowns].reverse()) {
    try {
      await teardown();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} parts failed to let go`);
}
