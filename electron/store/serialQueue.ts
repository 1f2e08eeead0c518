/**
 * Runs tasks one after another, in the order they were given: each read-modify-write of a file sees
 * what the one before it wrote. A failed task fails only its own caller; the queue goes on.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => {});
    return result;
  }
}
