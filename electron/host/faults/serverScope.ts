import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/**
 * Runs `work` as the doing of one server: whatever it calls, now or after an await or a timer, can
 * ask `currentServer()` whose message it is handling. An error nobody handled is then traced to the
 * server whose message caused it, not just logged as the host's.
 */
export function inServerScope<T>(server: string, work: () => T): T {
  return scope.run(server, work);
}

/** The server whose message is being handled, if any (see inServerScope). */
export function currentServer(): string | undefined {
  return scope.getStore();
}

/**
 * A listener to one server's client that runs in that server's scope, and whose error goes to
 * `report` (traced to the server) instead of the client's emitter, which would throw it again where
 * nothing catches it.
 */
export function serverListener(
  server: string,
  report: (error: unknown, during: string, server: string) => void,
): <T>(listener: (value: T) => void) => (value: T) => void {
  return (listener) => (value) =>
    inServerScope(server, () => {
      try {
        listener(value);
      } catch (error) {
        report(error, 'while handling a message it sent', server);
      }
    });
}
