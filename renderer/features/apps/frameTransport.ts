import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { RateLimit } from '../../../shared/rateLimit';

/** Messages a View may send, before they are dropped: 200 in any 2 s (100 a second on average). */
const PER_SECOND = 100;
const WINDOW_MS = 2_000;
/** Dropped messages within one second that mean a flood: the View is closed. */
const FLOOD = 500;

/**
 * The AppBridge's transport to one View's sandbox frame: it takes a message only when it comes
 * from that frame's window *and* that View's own origin (nothing else on the page can speak for
 * it), only JSON-RPC, and only so many per second — a View that floods is cut off (`onFlood`).
 * What it sends goes to that origin only.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly limit = new RateLimit((PER_SECOND * WINDOW_MS) / 1000, WINDOW_MS);
  private dropped = { second: 0, count: 0 };
  private closed = false;

  constructor(
    private readonly frame: () => Window | null | undefined,
    private readonly origin: string,
    private readonly onFlood: () => void,
  ) {}

  private readonly listener = (event: MessageEvent) => {
    const source = this.frame();
    if (this.closed || !source || event.source !== source || event.origin !== this.origin) return;
    if (!this.limit.take()) {
      const second = Math.floor(Date.now() / 1000);
      if (second !== this.dropped.second) this.dropped = { second, count: 0 };
      if (++this.dropped.count === FLOOD) {
        // Cut off for good: nothing more is heard from it.
        void this.close();
        this.onFlood();
      }
      return;
    }
    const data: unknown = event.data;
    if (!isJsonRpc(data)) {
      this.onerror?.(new Error('The view sent something that is not a JSON-RPC message.'));
      return;
    }
    this.onmessage?.(data);
  };

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.closed) this.frame()?.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }
}

function isJsonRpc(data: unknown): data is JSONRPCMessage {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const m = data as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return false;
  if ('method' in m) return typeof m.method === 'string' && m.method.length <= 256;
  return 'id' in m && ('result' in m || 'error' in m);
}
