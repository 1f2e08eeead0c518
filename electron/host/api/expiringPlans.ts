import { randomUUID } from 'node:crypto';

/**
 * What waits for the page's next call — a Browse's further pages, a prepared install, a link's or an
 * import's preview — each under an id the page holds, forgotten once untouched for `ttlMs` (a page
 * closed mid-way leaves nothing behind for long). Reading one that has expired finds nothing.
 */
export class ExpiringPlans<T> {
  private readonly held = new Map<string, { value: T; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps `value` under a new id, and returns the id. */
  add(value: T): string {
    const id = randomUUID();
    this.set(id, value);
    return id;
  }

  /** Keeps `value` under `id`, its time starting again (a Browse after each page). */
  set(id: string, value: T): void {
    this.forgetExpired();
    this.held.set(id, { value, at: this.now() });
  }

  get(id: string): T | undefined {
    this.forgetExpired();
    return this.held.get(id)?.value;
  }

  delete(id: string): void {
    this.held.delete(id);
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [id, { at }] of this.held) if (now - at > this.ttlMs) this.held.delete(id);
  }
}
