/**
 * One timer for many deadlines. Arming a timer per request costs a native timer start and stop each
 * time the list of pending requests empties (every request, when they run one after another); this
 * keeps a single timer aimed at the earliest deadline and lets the owner sweep what is due.
 */
export class DeadlineTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedFor = Number.POSITIVE_INFINITY;

  /** `sweep` expires what is due at `now` and returns the next deadline (Infinity: none). */
  constructor(private readonly sweep: (now: number) => number) {}

  /** Make sure the timer fires no later than `deadline` (a performance.now() time). */
  ensure(deadline: number): void {
    if (deadline >= this.armedFor) return;
    this.arm(deadline);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
  }

  private arm(deadline: number): void {
    clearTimeout(this.timer);
    this.armedFor = deadline;
    this.timer = setTimeout(this.fire, Math.max(0, deadline - performance.now()));
    // The transport keeps the process alive while requests are pending; the timer alone must not.
    this.timer.unref?.();
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const next = this.sweep(performance.now());
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
  };
}
