import { Emitter } from '../emitter';

export interface PingOptions {
  /** How often to ping. */
  intervalMs: number;
  /** How long one ping may take (default: the interval). */
  timeoutMs?: number;
  /** Consecutive misses that mark the connection unhealthy (default 3). */
  maxMissed?: number;
  /**
   * How soon to ping again after a miss, and on while unhealthy (default: the interval). Short, it
   * finds a server back within that time of its return: a remote server restarted meanwhile is
   * answered through a new session (the client initializes again on its own), so the same client
   * turns healthy again — no need to wait out the interval, or to reconnect.
   */
  retryIntervalMs?: number;
}

export type Health = { healthy: true } | { healthy: false; missed: number; lastError: string };

/** Periodic ping: a connection that stops answering is marked unhealthy, and healthy again when it answers. */
export class HealthMonitor {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private missed = 0;
  private current: Health = { healthy: true };
  private stopped = false;
  private readonly emitter = new Emitter<Health>();
  readonly onChange = this.emitter.event;

  constructor(
    private readonly ping: (timeoutMs: number) => Promise<unknown>,
    private readonly options: PingOptions,
  ) {}

  get health(): Health {
    return this.current;
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.emitter.dispose();
  }

  private schedule(): void {
    if (this.stopped) return;
    const { intervalMs, retryIntervalMs = intervalMs } = this.options;
    this.timer = setTimeout(() => void this.tick(), this.missed > 0 ? retryIntervalMs : intervalMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    try {
      const { intervalMs, retryIntervalMs = intervalMs } = this.options;
      await this.ping(this.options.timeoutMs ?? (this.missed > 0 ? retryIntervalMs : intervalMs));
      this.missed = 0;
      if (!this.current.healthy) this.set({ healthy: true });
    } catch (error) {
      this.missed++;
      if (this.missed >= (this.options.maxMissed ?? 3)) {
        this.set({ healthy: false, missed: this.missed, lastError: (error as Error).message });
      }
    }
    this.schedule();
  }

  private set(health: Health): void {
    if (this.stopped) return;
    this.current = health;
    this.emitter.fire(health);
  }
}
