/**
 * At most `limit` in any window of `windowMs`, weighed by cost: a sliding window over what was let
 * through. The app's one rate limit — sampling and elicitation per server (Settings' "at most N a
 * minute"), a View's calls, messages and log characters, the faults the host logs.
 *
 * A sliding window rather than a token bucket: a bucket of `burst` refilled at `rate` lets through
 * `burst` + `rate` × T in any interval T, so "N a minute" as a bucket lets nearly 2N through in one
 * minute; this window never more than `limit` in any `windowMs`, which is what a per-minute setting
 * promises, and gives a per-second limit the bucket's bound (`limit` at once, `limit / windowMs` on
 * average). Ours, not a package's: forty lines with no Node API (the page uses it too), and the
 * common npm limiters (limiter, bottleneck, p-throttle) are token buckets or queues that delay a call
 * instead of refusing it.
 */
export class RateLimit {
  /** When each take let through was, oldest first, and its cost; entries before `head` have left the window. */
  private readonly times: number[] = [];
  private readonly costs: number[] = [];
  private head = 0;
  private inWindow = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether `cost` more (one, unless said) are allowed now — counted if so. `limit` is the
   * constructor's unless given: a setting read at each request, judged against what its window holds.
   */
  take(cost = 1, limit = this.limit): boolean {
    const now = this.now();
    while (this.head < this.times.length && now - this.times[this.head]! >= this.windowMs) {
      this.inWindow -= this.costs[this.head]!;
      this.head++;
    }
    // What has left the window is dropped in batches: a take costs O(1) however long the flood.
    if (this.head >= 1024 && this.head * 2 >= this.times.length) {
      this.times.splice(0, this.head);
      this.costs.splice(0, this.head);
      this.head = 0;
    }
    if (this.inWindow + cost > limit) return false;
    this.inWindow += cost;
    // Takes in one millisecond share an entry: the window holds at most one per millisecond it spans.
    if (this.times.length > this.head && this.times.at(-1) === now)
      this.costs[this.costs.length - 1]! += cost;
    else {
      this.times.push(now);
      this.costs.push(cost);
    }
    return true;
  }
}
