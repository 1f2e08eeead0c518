import { RateLimit } from '../../../shared/rateLimit';

/**
 * Settings' "at most N a minute" for one kind of server request (sampling, elicitation): each server
 * counted apart, in any sliding minute, N read from Settings at each request (a changed setting
 * holds at once).
 */
export class PerServerPerMinute {
  private readonly windows = new Map<string, RateLimit>();

  constructor(
    private readonly perMinute: () => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `server` if it is allowed; says whether, and the limit it was judged by. */
  async take(server: string): Promise<{ allowed: boolean; perMinute: number }> {
    const perMinute = await this.perMinute();
    const window = this.windows.get(server) ?? new RateLimit(perMinute, 60_000, this.now);
    this.windows.set(server, window);
    return { allowed: window.take(1, perMinute), perMinute };
  }
}
