import { LOGGING_LEVELS, type LoggingLevel, type LoggingMessageParams } from '../../../shared/mcp/protocol';
import { DisposableStore } from '../disposableStore';
import { type Disposer, Emitter } from '../emitter';
import type { ElicitationTracker } from './serverRequests';
import type { Session } from './session';

const isLoggingLevel = (v: string): v is LoggingLevel => (LOGGING_LEVELS as readonly string[]).includes(v);

/**
 * What a server says unasked, as events: a list changed, a subscribed resource was updated, a log
 * message, a URL-mode elicitation finished (only one it named to us: the tracker knows which).
 */
export class ServerNotifications {
  private readonly toolsChanged = new Emitter<void>();
  private readonly resourcesChanged = new Emitter<void>();
  private readonly promptsChanged = new Emitter<void>();
  private readonly resourceUpdated = new Emitter<{ uri: string }>();
  private readonly logMessage = new Emitter<LoggingMessageParams>();
  private readonly elicitationComplete = new Emitter<{ elicitationId: string }>();
  readonly onToolsListChanged = this.toolsChanged.event;
  readonly onResourcesListChanged = this.resourcesChanged.event;
  readonly onPromptsListChanged = this.promptsChanged.event;
  readonly onResourceUpdated = this.resourceUpdated.event;
  readonly onLogMessage = this.logMessage.event;
  readonly onElicitationComplete = this.elicitationComplete.event;

  /** Hears the session's notifications until the returned disposer is called. */
  listen(session: Pick<Session, 'onNotification'>, elicitations: ElicitationTracker): Disposer {
    const store = new DisposableStore();
    const on = (method: string, fn: (p: Record<string, unknown>) => void) =>
      store.add(session.onNotification(method, fn));
    on('notifications/tools/list_changed', () => this.toolsChanged.fire());
    on('notifications/resources/list_changed', () => this.resourcesChanged.fire());
    on('notifications/prompts/list_changed', () => this.promptsChanged.fire());
    on('notifications/resources/updated', (p) => {
      if (typeof p.uri === 'string') this.resourceUpdated.fire({ uri: p.uri });
    });
    on('notifications/message', (p) => {
      if (typeof p.level !== 'string') return;
      // A level outside the spec's eight is kept as info rather than dropped.
      const level = isLoggingLevel(p.level) ? p.level : 'info';
      const message: LoggingMessageParams = {
        level,
        ...(typeof p.logger === 'string' ? { logger: p.logger } : {}),
        data: p.data,
      };
      this.logMessage.fire(message);
    });
    on('notifications/elicitation/complete', (p) => {
      if (elicitations.complete(p.elicitationId)) {
        this.elicitationComplete.fire({ elicitationId: p.elicitationId as string });
      }
    });
    return () => store.dispose();
  }
}
