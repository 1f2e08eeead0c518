/**
 * What has been sent to a server and not yet answered (tool calls, reads, prompts), counted, so that a
 * launch being replaced by a new one can finish what it was asked before it stops.
 */
export class InFlight {
  private count = 0;
  private readonly waiting = new Set<() => void>();

  get size(): number {
    return this.count;
  }

  /** Counts `work` until it settles; its result (or error) passes through. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work();
    } finally {
      this.count--;
      if (this.count === 0) for (const done of [...this.waiting]) done();
    }
  }

  /** Resolves once nothing is in flight, or after `ms` at most (whatever is still in flight then is not waited for). */
  settled(ms: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }
}
