import type { LogSource, ServerError } from '../../../shared/host/serverView';
import type { LoggingLevel, LoggingMessageParams } from '../../../shared/mcp/protocol';
import {
  type ConnectionLog,
  DisposableStore,
  type Disposer,
  type Health,
  type TransportClosed,
} from '../../mcp';
import { serverListener } from '../faults/serverScope';

/** What a live server said that the host acts on, re-emitted from whichever client is live. */
export type SessionEvent =
  | { kind: 'list-changed'; list: 'tools' | 'resources' | 'prompts' }
  | { kind: 'resource-updated'; uri: string }
  | { kind: 'elicitation-complete'; elicitationId: string }
  /** The person asked to sign in: open this authorization page for them. */
  | { kind: 'open-sign-in'; url: string; issuer: string };

type On<T> = (listener: (value: T) => void) => Disposer;

/** What a session follows of its live client. */
export interface WiredClient {
  onToolsListChanged: On<void>;
  onResourcesListChanged: On<void>;
  onPromptsListChanged: On<void>;
  onResourceUpdated: On<{ uri: string }>;
  onElicitationComplete: On<{ elicitationId: string }>;
  onClose: On<TransportClosed>;
  onHealthChange: On<Health>;
  onLogMessage: On<LoggingMessageParams>;
  onProtocolLog: On<ConnectionLog>;
  close(): Promise<void>;
}

/** What the session does with what its client says. */
export interface WiringHooks {
  server: string;
  /** Whether this client's run is still the session's (a stop or restart makes it stale). */
  current(): boolean;
  /** Whether this client is the live one (not one still starting). */
  live(): boolean;
  event(event: SessionEvent): void;
  /** The run ended (the server went away, or stopped answering): restart per the policy. */
  failed(error: ServerError): void;
  serverMessage(message: LoggingMessageParams): void;
  log(source: LogSource, level: LoggingLevel, text: string): void;
  /** The client refused or set aside something the server sent (a protocol warning): its card says so. */
  refused(text: string): void;
  redact(text: string): string;
  /** Where an error in handling what the server sent goes, traced to it. */
  fault(error: unknown, during: string, server: string): void;
}

/**
 * A session's listeners on its live client. Each runs in the server's scope, so an error in what it
 * starts — a log line, a list refresh, an event the window cannot take — is traced to this server
 * (its card and log say so) and is never thrown on into the client's emitter, where nothing would
 * catch it and the host would exit.
 */
export function wireClient(client: WiredClient, hooks: WiringHooks): DisposableStore {
  const on = serverListener(hooks.server, hooks.fault);
  const fire = (event: SessionEvent) => hooks.event(event);
  const listeners = new DisposableStore();
  listeners.add(client.onToolsListChanged(on(() => fire({ kind: 'list-changed', list: 'tools' }))));
  listeners.add(client.onResourcesListChanged(on(() => fire({ kind: 'list-changed', list: 'resources' }))));
  listeners.add(client.onPromptsListChanged(on(() => fire({ kind: 'list-changed', list: 'prompts' }))));
  listeners.add(client.onResourceUpdated(on(({ uri }) => fire({ kind: 'resource-updated', uri }))));
  listeners.add(
    client.onElicitationComplete(
      on(({ elicitationId }) => fire({ kind: 'elicitation-complete', elicitationId })),
    ),
  );
  listeners.add(
    client.onClose(
      on((info) => {
        if (info.requested || !hooks.current()) return;
        hooks.failed({
          message: info.reason,
          stderrTail: (info.stderrTail ?? []).map((l) => hooks.redact(l)),
          at: Date.now(),
        });
      }),
    ),
  );
  listeners.add(
    client.onHealthChange(
      on((health) => {
        if (health.healthy || !hooks.current() || !hooks.live()) return;
        // It stopped answering: drop this session and reconnect (with backoff) until it is back.
        hooks.failed({
          message: hooks.redact(
            `Stopped answering (${health.missed} pings without an answer): ${health.lastError}`,
          ),
          stderrTail: [],
          at: Date.now(),
        });
        void client.close().catch(() => {});
      }),
    ),
  );
  listeners.add(client.onLogMessage(on((m) => hooks.serverMessage(m))));
  listeners.add(
    client.onProtocolLog(
      on((entry) => {
        hooks.log('protocol', entry.level, entry.message);
        // The library's warnings are the server's doing (a message refused, a tool left out).
        if (entry.level === 'warning') hooks.refused(entry.message);
      }),
    ),
  );
  return listeners;
}
