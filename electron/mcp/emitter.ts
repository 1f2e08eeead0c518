export type Disposer = () => void;
export type Listener<T> = (value: T) => void;

/** Multi-subscriber event: subscribing returns a disposer; a throwing listener never stops the others. */
export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** Subscribe. The returned function unsubscribes (idempotent). */
  readonly event = (listener: Listener<T>): Disposer => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  fire(value: T): void {
    // Events fire per message: iterate the set itself (no copy). A listener added while firing
    // may be called this once too; one removed is skipped, as Set iteration defines.
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        // A faulty subscriber must not break delivery to the others or the protocol loop.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
