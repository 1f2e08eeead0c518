import type { Disposer } from '../../mcp';
import { currentServer } from './serverScope';

/** Where an error nobody handled goes: `server` when it arose while handling that server's message. */
export type FaultSink = (error: unknown, during: string, server: string | undefined) => void;

const sinks = new Set<FaultSink>();

/** A host hears the process's unhandled errors while it runs (the returned function stops it). */
export function followProcessFaults(sink: FaultSink): Disposer {
  sinks.add(sink);
  return () => {
    sinks.delete(sink);
  };
}

type Proc = Pick<NodeJS.Process, 'on' | 'off'>;

/**
 * The process policy of every shell (browser, Electron, CLI): an exception nobody caught, or a
 * promise rejection nobody awaited, is logged — by the running host, which traces it to a server
 * where it can — and the process goes on. Node's default, exiting with code 1, would let any one
 * server's malformed message (or any listener's bug) end every other server and the person's work.
 */
export function keepProcessAlive(
  proc: Proc = process,
  stderr: (text: string) => void = (text) => process.stderr.write(text),
): Disposer {
  const report = (error: unknown, during: string) => {
    const server = currentServer();
    let told = false;
    for (const sink of sinks) {
      try {
        sink(error, during, server);
        told = true;
      } catch {
        // A sink that fails must not make this handler throw (that would end the process).
      }
    }
    if (!told) stderr(`${new Date().toISOString()} error: ${during}: ${errorText(error)}\n`);
  };
  const onException = (error: unknown) => report(error, 'with an exception nobody caught');
  const onRejection = (reason: unknown) => report(reason, 'with a promise rejection nobody handled');
  proc.on('uncaughtException', onException);
  proc.on('unhandledRejection', onRejection);
  return () => {
    proc.off('uncaughtException', onException);
    proc.off('unhandledRejection', onRejection);
  };
}

/** An error's stack (its message when it has none), for a log line. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return 'an unprintable value';
  }
}
