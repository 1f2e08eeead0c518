import type { Disposer } from './emitter';

/** What a store can hold: a disposer (an event subscription's), or anything with `dispose()`. */
export type Disposable = Disposer | { dispose(): void };

const disposeOf = (item: Disposable): void => (typeof item === 'function' ? item() : item.dispose());

/**
 * The listeners, timers and children one owner holds, let go together (VS Code's DisposableStore):
 * everything added is disposed once, in the order it was added, when the store is; disposing again
 * does nothing; whatever is added to a disposed store is disposed at once, so nothing outlives its
 * owner because it arrived late. One item that throws does not keep the others alive.
 */
export class DisposableStore {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Holds `item` until the store is disposed (or disposes it now, if the store already is). */
  add<T extends Disposable>(item: T): T {
    if (this.disposed) disposeOf(item);
    else this.items.add(item);
    return item;
  }

  /** Disposes one item now and stops holding it (a timer that fired, a child that ended). */
  delete(item: Disposable): void {
    if (this.items.delete(item)) disposeOf(item);
  }

  /** Disposes what is held and goes on holding what is added after (a store reused per generation). */
  clear(): void {
    const items = [...this.items];
    this.items.clear();
    const errors: unknown[] = [];
    for (const item of items) {
      try {
        disposeOf(item);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposers failed`);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clear();
  }
}
