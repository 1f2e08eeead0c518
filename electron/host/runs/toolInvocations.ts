import { randomUUID } from 'node:crypto';
import type { ActivityDecision } from '../../../shared/host/activity';
import type { ServerView } from '../../../shared/host/serverView';
import { modelMayCall, toolUi, viewMayCall } from '../../../shared/mcp/apps';
import { McpError } from '../../mcp';
import type { ActivityLog } from '../activity/activityLog';
import { decisionOf, toolCallEntry } from '../activity/toolCallEntry';
import type { Catalog } from '../catalog/catalog';
import { serverIdentity } from '../config/serverIdentity';
import type { ConsentBroker, ToolAuthorization } from '../consent/consentBroker';
import { redactedValue } from '../logs/redactedValue';
import type { ServerRegistry } from '../servers/serverRegistry';
import { viewStateText } from '../servers/serverStateText';
import { cancelReason, type PerformTool, ToolInvocation, type ToolRequest } from './toolInvocation';
import { cancelled, failed, refused, type ToolOutcome } from './toolOutcome';

export interface ToolInvocationsDeps {
  catalog: Pick<Catalog, 'resolveTool' | 'formerTool'>;
  registry: Pick<ServerRegistry, 'get' | 'describe' | 'views'>;
  consent: Pick<ConsentBroker, 'authorizeToolCall' | 'authorizeResend'>;
  /** Writes a line in a server's log: how a call no dialog asked about was consented to. */
  record?: (server: string, text: string) => void;
  /** The activity record: every call, however it ends, with its arguments redacted by `redact`. */
  activity?: Pick<ActivityLog, 'record' | 'keepsResultsWhole'>;
  redact?: (text: string) => string;
}

/** What consent said of a call, kept for its entry in the activity record. */
interface Asked {
  decision?: ActivityDecision;
  serverIdentity?: string;
}

/**
 * Every tool call under way, the model's and the person's alike, by an id its starter chooses
 * (`chat:<conversation>:<tool use>`, `run:<call id>`), so a cancel reaches exactly one. Each call:
 * the model-facing name resolved to its server and tool, consent asked (or a standing approval
 * found), and exactly the approved arguments sent.
 */
export class ToolInvocations {
  private readonly running = new Map<string, ToolInvocation>();
  private readonly perform: PerformTool = async (request, call) => {
    const startedAt = Date.now();
    const asked: Asked = {};
    const outcome = await this.carryOut(request, call, asked);
    const { activity, redact = (text: string) => text } = this.deps;
    activity?.record(
      toolCallEntry(
        request,
        outcome,
        asked,
        { startedAt, endedAt: Date.now() },
        redact,
        activity.keepsResultsWhole,
      ),
    );
    return outcome;
  };

  constructor(private readonly deps: ToolInvocationsDeps) {}

  /**
   * Starts a call under `id`. With `parent`, aborting that signal cancels the call too (a chat's
   * Stop), with the signal's reason.
   */
  start(id: string, request: ToolRequest, parent?: AbortSignal): ToolInvocation {
    if (this.running.has(id)) throw new Error(`A tool call ${id} is already running`);
    const invocation = new ToolInvocation(request, this.perform);
    this.running.set(id, invocation);
    const onParentAbort = () => invocation.cancel(cancelReason(parent!));
    if (parent?.aborted) onParentAbort();
    else parent?.addEventListener('abort', onParentAbort, { once: true });
    void invocation.outcome.finally(() => {
      parent?.removeEventListener('abort', onParentAbort);
      this.running.delete(id);
    });
    return invocation;
  }

  /** A call nobody will cancel or watch: its outcome. */
  call(request: ToolRequest): Promise<ToolOutcome> {
    return this.start(randomUUID(), request).outcome;
  }

  /** Cancels the call under `id`; an unknown or finished id is ignored (it may just have ended). */
  cancel(id: string, reason: string): void {
    this.running.get(id)?.cancel(reason);
  }

  /** Cancels every call (the app is closing). */
  dispose(): void {
    for (const invocation of this.running.values()) invocation.cancel('Switchboard is closing.');
  }

  private async carryOut(
    request: ToolRequest,
    call: Parameters<PerformTool>[1],
    asked: Asked,
  ): Promise<ToolOutcome> {
    const { name } = request;
    const entry = this.deps.catalog.resolveTool(name);
    if (!entry) {
      const former = this.deps.catalog.formerTool(name);
      const away = former && this.deps.registry.views().find((v) => v.id === former.server);
      // Its server runs, and lists no such tool (any more): not a matter of waiting for it.
      if (away?.state.status === 'running')
        return refused(`The server "${away.id}" offers no tool named "${former!.tool}" (any more).`, {
          server: away.id,
          tool: former!.tool,
        });
      return away
        ? refused(notRunning(name, away), { server: away.id, tool: former.tool })
        : refused(`There is no tool named ${name}.`);
    }
    const where = { server: entry.server, tool: entry.tool.name };
    if (!entry.enabled) return refused(`The tool ${name} is turned off.`, where);
    // MCP Apps: a tool only its View may call is never the model's, and a View calls only its own kind.
    const asker = request.asker ?? 'person';
    if (asker === 'model' && !modelMayCall(entry.tool))
      return refused(`The tool ${name} is for its server's View only, not for the model.`, where);
    if (typeof asker === 'object' && !viewMayCall(entry.tool))
      return refused(`The tool ${name} may be called by the model only, not from a View.`, where);
    const session = this.deps.registry.get(entry.server);
    const server = this.deps.registry.describe(entry.server);
    const view = this.deps.registry.views().find((v) => v.id === entry.server);
    if (session?.run === undefined || !server || !view) {
      return refused(view ? notRunning(name, view) : `The server of ${name} is not running.`, where);
    }
    asked.serverIdentity = server.identity;
    let auth: ToolAuthorization;
    try {
      auth = await this.deps.consent.authorizeToolCall({
        server,
        tool: entry.tool,
        args: request.args,
        conversationId: request.conversationId,
        ...(typeof asker === 'object' ? { fromView: asker.view } : {}),
        ...(asker === 'runner' ? { handRun: true } : {}),
        signal: call.signal,
      });
    } catch (error) {
      // Arguments or a definition nested beyond reason: never asked, never sent, said why.
      return refused(`The tool call could not be asked for: ${messageOf(error)}`, where);
    }
    asked.decision = decisionOf(auth);
    if (call.signal.aborted) return refused(cancelReason(call.signal), where);
    if (!auth.allowed)
      return refused(
        auth.reason === 'denied'
          ? 'The user denied this tool call.'
          : `The tool call was not approved (${auth.reason}).`,
        where,
      );
    if (auth.decision === 'hand-run') {
      // Secrets hidden in the values before they are written out (a quote in one would escape the redactor).
      const shown = JSON.stringify(redactedValue(auth.arguments, this.deps.redact ?? ((text) => text)));
      this.deps.record?.(
        entry.server,
        `Tool ${entry.tool.name} run by hand in the tool runner (the person's Run is its consent), arguments ${clip(shown)}`,
      );
    }
    const viewUri = toolUi(entry.tool).resourceUri;
    const sent = {
      ...where,
      argumentsJson: auth.argumentsJson,
      sentAt: Date.now(),
      ...(viewUri !== undefined ? { viewUri, viewServer: serverIdentity(session.config) } : {}),
    };
    try {
      const result = await session.callTool(
        entry.tool.name,
        { ...auth.arguments },
        {
          signal: call.signal,
          onProgress: call.onProgress,
          resetTimeoutOnProgress: true,
          // Tools that require a task run as one (their status shows); "optional" ones run as plain calls,
          // so a cancel is the request's own notifications/cancelled.
          onTask: (t) =>
            call.onProgress({
              progress: 0,
              ...(t.statusMessage ? { message: t.statusMessage } : {}),
              task: { taskId: t.taskId, status: t.status },
            }),
          // A 2026-07-28 call whose answer the connection lost: sent again only if the person says so.
          confirmResend: () =>
            this.deps.consent.authorizeResend({
              server,
              tool: entry.tool,
              argumentsJson: auth.argumentsJson,
              ...(request.conversationId !== undefined ? { conversationId: request.conversationId } : {}),
              signal: call.signal,
            }),
        },
      );
      return { status: 'done', result, ...sent };
    } catch (error) {
      if (call.signal.aborted) return cancelled(cancelReason(call.signal), sent);
      return failed(messageOf(error), sent, error instanceof McpError ? error.code : undefined);
    }
  }
}

/** Arguments as the log shows them: whole up to a screenful, then cut, saying how much more. */
const clip = (json: string) =>
  json.length <= 2000 ? json : `${json.slice(0, 2000)}… (${json.length - 2000} more characters)`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A call to a tool whose server is not running now: where the server is, and what to do. */
const notRunning = (name: string, view: ServerView) =>
  `The tool ${name} cannot run now: its server "${view.id}" ${viewStateText(view)}. Try again once it is running.`;
