/** At most `limit()` events per key in any sliding minute (sampling requests per server). */
export class RateLimiter {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly limit: () => number | Promise<number>,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for `key` and says whether it is allowed. */
  async take(key: string): Promise<boolean> {
    const limit = await this.limit();
    const now = this.now();
    const recent = (this.times.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= limit) {
      this.times.set(key, recent);
      return false;
    }
    recent.push(now);
    this.times.set(key, recent);
    return true;
  }
}
