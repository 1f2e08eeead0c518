import type { ConsentServer } from '../../../shared/host/consent';
import type { ServerProblemKind } from '../../../shared/host/serverView';
import type { ElicitParams, ElicitResult } from '../../../shared/mcp/protocol';
import { ErrorCode, McpError } from '../../mcp';
import type { SettingsStore } from '../../store/settingsStore';
import type { ActivityLog } from '../activity/activityLog';
import type { ConsentBroker } from './consentBroker';
import { PerServerPerMinute } from './perServerPerMinute';

/**
 * At most this many of one server's elicitations wait for the person at once. A form is a question
 * to a person, who answers one at a time: three is room for a server that asks while an earlier
 * answer is on its way, and no server can bury the others' dialogs (one asked 1,000 in a repro).
 */
export const MAX_PENDING_ELICITATIONS = 3;

/**
 * Whether a server's elicitation reaches the person at all, as SamplingPolicy is for sampling: one
 * whose form cannot be built as sent (a `pattern` that is no regular expression) is refused with
 * why; then Settings' per-minute count per server (what passes it counts) and at most
 * MAX_PENDING_ELICITATIONS waiting at once, each refused before any dialog with a JSON-RPC error naming the limit — and said on the
 * server's card. The message itself is shown with its hidden characters as markers (the dialogs).
 */
export class ElicitationPolicy {
  private readonly limit = new PerServerPerMinute(
    async () => (await this.settings.get()).settings.elicitation.perServerPerMinute,
  );
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly consent: Pick<ConsentBroker, 'elicit'>,
    private readonly settings: SettingsStore,
    private readonly noteProblem: (
      server: string,
      kind: ServerProblemKind,
      message: string,
    ) => void = () => {},
    /** The activity record: every question, however it ends (secrets in its text redacted by `redact`). */
    private readonly activity?: Pick<ActivityLog, 'record'>,
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  async elicit(server: ConsentServer, params: ElicitParams, signal?: AbortSignal): Promise<ElicitResult> {
    const startedAt = Date.now();
    try {
      const result = await this.ask(server, params, signal);
      this.record(server, params, startedAt, result.action);
      return result;
    } catch (error) {
      this.record(server, params, startedAt, 'cancel', error);
      throw error;
    }
  }

  private async ask(
    server: ConsentServer,
    params: ElicitParams,
    signal?: AbortSignal,
  ): Promise<ElicitResult> {
    const malformed = params.mode === 'url' ? undefined : formProblem(params.requestedSchema);
    if (malformed) throw this.refuse(server, ErrorCode.InvalidParams, malformed);
    const { allowed, perMinute } = await this.limit.take(server.id);
    if (!allowed) {
      throw this.refuse(
        server,
        ErrorCode.InternalError,
        `too many from ${server.id}: at most ${perMinute} a minute (Settings)`,
      );
    }
    // Checked and counted with no await between: a burst cannot slip past the cap.
    const waiting = this.pending.get(server.id) ?? 0;
    if (waiting >= MAX_PENDING_ELICITATIONS)
      throw this.refuse(
        server,
        ErrorCode.InternalError,
        `too many at once from ${server.id}: at most ${MAX_PENDING_ELICITATIONS} wait for an answer`,
      );
    this.pending.set(server.id, waiting + 1);
    try {
      return await this.consent.elicit(server, params, signal);
    } finally {
      const left = (this.pending.get(server.id) ?? 1) - 1;
      if (left > 0) this.pending.set(server.id, left);
      else this.pending.delete(server.id);
    }
  }

  /** The question in the activity record: its fields or page (never what was typed), and the answer. */
  private record(
    server: ConsentServer,
    params: ElicitParams,
    startedAt: number,
    action: ElicitResult['action'],
    error?: unknown,
  ): void {
    if (!this.activity) return;
    const { redact } = this;
    const fields = (params as { requestedSchema?: { properties?: unknown } }).requestedSchema?.properties;
    this.activity.record({
      kind: 'elicitation',
      server: server.id,
      serverIdentity: server.identity,
      mode: params.mode === 'url' ? 'url' : 'form',
      message: redact(String(params.message ?? '')),
      ...(params.mode === 'url'
        ? { url: redact(String(params.url)) }
        : { fields: fields && typeof fields === 'object' ? Object.keys(fields) : [] }),
      action,
      outcome: error !== undefined ? 'refused' : action === 'cancel' ? 'cancelled' : 'ok',
      ...(error !== undefined
        ? { reason: redact(error instanceof Error ? error.message : String(error)) }
        : {}),
      startedAt,
      endedAt: Date.now(),
    });
  }

  private refuse(server: ConsentServer, code: number, why: string): McpError {
    this.noteProblem(server.id, 'request', `An elicitation was refused: ${why}`);
    return new McpError(code, `elicitation/create refused: ${why}`);
  }
}

/**
 * Why a form cannot be built as the server wrote it, if it cannot: a field's `pattern` that does not
 * compile (as the form compiles it, with the `u` flag) would leave the field unchecked, or fail in
 * the window.
 */
export function formProblem(schema: unknown): string | undefined {
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (typeof properties !== 'object' || properties === null) return undefined;
  for (const [name, field] of Object.entries(properties)) {
    const pattern = (field as { pattern?: unknown } | null)?.pattern;
    if (typeof pattern !== 'string') continue;
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      return `the pattern of field ${JSON.stringify(name)} is not a valid regular expression (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return undefined;
}
