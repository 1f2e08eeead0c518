import { JsonRpcConnection } from '../jsonrpc/connection';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import { hasHttpSession, type Transport } from '../transport/transport';
import { handshake } from './legacy/handshake';
import { LegacySession } from './legacy/legacySession';
import type { McpClientOptions } from './mcpClientOptions';
import { discoverModern } from './modern/discover';
import { ModernSession } from './modern/modernSession';
import type { SchemaValidator } from './schemaValidator';
import { type ElicitationTracker, registerServerRequests } from './serverRequests';
import type { Session } from './session';
import type { SessionObserver } from './sessionObserver';

/**
 * Starts the transport, finds the era the server speaks and opens a session in it. It returns only
 * a session that has finished opening; on any failure, or an abort, the transport is closed.
 */
export async function openSession(options: McpClientOptions, deps: ServerRequestDeps): Promise<Session> {
  const server = options.serverName ?? 'server';
  const { transport } = options;
  const connection = new JsonRpcConnection(transport, server);
  const { observer } = options;
  connection.observer = observer;
  if (options.onWireTrace) connection.onTrace(options.onWireTrace);
  // Until the session is open (or failed): then the client's onProtocolLog takes over.
  const opening = options.onOpeningLog ? connection.onLog(options.onOpeningLog) : undefined;
  connection.setRequestHandler('ping', () => ({}));
  registerServerRequests(connection, options.handlers ?? {}, { server, ...deps });

  const onAbort = () => void transport.close();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    await transport.start();
    const session = await openEra(connection, transport, options, server);
    if (observer) observeOpened(observer, session, transport);
    return session;
  } catch (error) {
    observer?.closed(error);
    await transport.close().catch(() => {});
    if (options.signal?.aborted && !(error instanceof McpError && error.isCancelled)) {
      throw new McpError(ErrorCode.RequestCancelled, 'Connecting was cancelled', { server, cause: error });
    }
    throw error;
  } finally {
    opening?.();
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The era probe: server/discover unless the config says legacy, or this stdio server answered as a
 * legacy one before — then initialize at once, probing only when that fails (the server may have
 * been upgraded to the modern era since). A server that does not answer the probe as a modern one
 * gets the initialize handshake (modern/discover.ts says which answers are which).
 */
async function openEra(
  connection: JsonRpcConnection,
  transport: Transport,
  options: McpClientOptions,
  server: string,
): Promise<Session> {
  const legacy = async () =>
    new LegacySession(
      connection,
      transport,
      options,
      await handshake(connection, transport, options, server),
    );
  const modern = async () => {
    const found = await discoverModern(connection, transport, options, server);
    return found && new ModernSession(connection, transport, options, found);
  };
  const protocol = options.protocol ?? 'legacy';
  if (protocol === 'legacy') return legacy();
  // stdio only: there an unanswered probe costs up to 10 s. Over HTTP it costs one round trip, and a
  // failed initialize there would already have sent the transport on to the deprecated HTTP+SSE.
  if (protocol === 'auto' && options.knownEra === 'legacy' && !hasHttpSession(transport)) {
    try {
      return await legacy();
    } catch (error) {
      options.signal?.throwIfAborted();
      if (!(error instanceof McpError) || connection.isClosed) throw error;
      const upgraded = await modern();
      if (!upgraded) throw error;
      return upgraded;
    }
  }
  return (await modern()) ?? legacy();
}

/** Tells the observer what opened, and (once) when it ends. */
function observeOpened(observer: SessionObserver, session: Session, transport: Transport): void {
  observer.opened({
    era: session.era,
    protocolVersion: session.server.protocolVersion,
    sessionId: hasHttpSession(transport) ? transport.sessionId : undefined,
  });
  // Closed by us: ended; the server or the channel went away: lost, which the observer hears as an error.
  session.onClose((info) =>
    observer.closed(
      info.requested
        ? undefined
        : new McpError(ErrorCode.ConnectionClosed, `Connection closed: ${info.reason}`, {
            server: session.serverName,
          }),
    ),
  );
}

/** What the server's requests are checked with and remembered in, shared with the client. */
export interface ServerRequestDeps {
  validator: SchemaValidator;
  elicitations: ElicitationTracker;
}
