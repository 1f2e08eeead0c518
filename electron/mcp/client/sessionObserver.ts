import type { Era } from '../../../shared/mcp/protocol';
import type { RequestObserver } from '../jsonrpc/requestObserver';

/** What a session turned out to be, once open. */
export interface OpenedSession {
  era: Era;
  protocolVersion: string;
  /** The HTTP session the server gave (legacy Streamable HTTP's `Mcp-Session-Id`); none over stdio or in 2026-07-28. */
  sessionId: string | undefined;
}

/**
 * Who hears of one connect attempt's session (the host's telemetry), from before its transport starts
 * until it ends: every request it sends (the opening ones included), what it opened as, and its end.
 * The library calls it and knows nothing else of it; a client without one pays one check per request.
 */
export interface SessionObserver extends RequestObserver {
  /** The session is open (the handshake or the probe done). */
  opened(session: OpenedSession): void;
  /**
   * The session is over: closed by us (`error` undefined), lost (the server or the channel went
   * away: a ConnectionClosed McpError), or failed to open (the error it failed with). Called once.
   */
  closed(error: unknown): void;
}
