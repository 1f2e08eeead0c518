import type { ServerCapabilities } from '../../../../shared/mcp/protocol';
import { McpError } from '../../mcpError';
import type { ListenFilter } from '../clientRequests';

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A stream that stayed up this long after its acknowledgement worked: the pauses start over. */
const STABLE_MS = 30_000;

/**
 * A modern server's change notifications: one `subscriptions/listen` stream asking for every list
 * the server says can change and the resources subscribed to, opened again (with a fresh request)
 * whenever that set changes, and re-opened with backoff when the stream drops or the server ends it.
 * What arrives on it is the legacy notifications (`notifications/tools/list_changed`…), which the
 * client already routes.
 */
export class SubscriptionListener {
  private readonly resources = new Set<string>();
  private current: AbortController | undefined;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private acknowledgedAt: number | undefined;

  constructor(
    private readonly capabilities: ServerCapabilities,
    private readonly listen: (filter: ListenFilter, signal: AbortSignal) => Promise<unknown>,
    private readonly log: (text: string) => void,
  ) {}

  /** The filter for what the server offers and what is subscribed; undefined: nothing to hear. */
  filter(): ListenFilter | undefined {
    const c = this.capabilities;
    const filter: ListenFilter = {
      ...(c.tools?.listChanged ? { toolsListChanged: true as const } : {}),
      ...(c.prompts?.listChanged ? { promptsListChanged: true as const } : {}),
      ...(c.resources?.listChanged ? { resourcesListChanged: true as const } : {}),
      ...(this.resources.size > 0 ? { resourceSubscriptions: [...this.resources].sort() } : {}),
    };
    return Object.keys(filter).length > 0 ? filter : undefined;
  }

  start(): void {
    this.open();
  }

  subscribe(uri: string): void {
    if (this.resources.has(uri)) return;
    this.resources.add(uri);
    this.open();
  }

  unsubscribe(uri: string): void {
    if (!this.resources.delete(uri)) return;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.current?.abort(new Error('stopped listening'));
    this.current = undefined;
  }

  /** (Re)opens the stream with the current filter; the one before is cancelled. */
  private open(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.current?.abort(new Error('the subscriptions changed'));
    const filter = this.filter();
    if (!filter) {
      this.current = undefined;
      return;
    }
    const mine = new AbortController();
    this.current = mine;
    this.listen(filter, mine.signal).then(
      () => {
        // The server ended it gracefully (a shutdown, say): listen again after a pause.
        if (this.current === mine) this.retry('the server ended the subscription');
      },
      (error: unknown) => {
        if (this.current !== mine || mine.signal.aborted) return;
        if (error instanceof McpError && error.isConnectionClosed) return;
        this.retry(error instanceof Error ? error.message : String(error));
      },
    );
  }

  private retry(why: string): void {
    if (this.stopped) return;
    // Acknowledged, then dropped at once (again and again): still a failure, the pause grows.
    if (this.acknowledgedAt !== undefined && Date.now() - this.acknowledgedAt >= STABLE_MS) this.failures = 0;
    this.acknowledgedAt = undefined;
    const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]!;
    this.failures++;
    this.log(`subscriptions/listen ended (${why}); listening again in ${delay / 1000} s`);
    this.timer = setTimeout(() => this.open(), delay);
    this.timer.unref?.();
  }

  /** The stream was acknowledged: if it then stays up a while, the backoff starts over. */
  acknowledged(): void {
    this.acknowledgedAt = Date.now();
  }
}
