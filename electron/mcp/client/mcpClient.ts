import type {
  CallToolResult,
  CompleteParams,
  CompleteResult,
  Era,
  GetPromptResult,
  Implementation,
  LoggingLevel,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '../../../shared/mcp/protocol';
import { DisposableStore } from '../disposableStore';
import type { Disposer } from '../emitter';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import { abortable } from './abortable';
import type { ClientMethod, ParamsOf, ResultOf } from './clientRequests';
import { type Health, HealthMonitor } from './healthMonitor';
import type { CallOptions, McpClientOptions } from './mcpClientOptions';
import { openSession } from './openSession';
import { collectPages } from './pagination';
import { toolResultProblem } from './resultShapes';
import { SchemaValidator } from './schemaValidator';
import { ServerNotifications } from './serverNotifications';
import { ElicitationTracker } from './serverRequests';
import type { HeldList, Session, ToolDefinitions } from './session';
import { structuredContentProblem } from './toolResultShape';

/**
 * One open MCP session with one server, typed: lists, calls with their results checked, events.
 * Only `McpClient.connect` makes one, and it returns once the session is open (the handshake or the
 * probe done), so no method can run against a half-opened session. Which era the server speaks is
 * the session's business (client/session.ts), not this class's.
 */
export class McpClient {
  private readonly notifications = new ServerNotifications();
  readonly onToolsListChanged = this.notifications.onToolsListChanged;
  readonly onResourcesListChanged = this.notifications.onResourcesListChanged;
  readonly onPromptsListChanged = this.notifications.onPromptsListChanged;
  readonly onResourceUpdated = this.notifications.onResourceUpdated;
  readonly onLogMessage = this.notifications.onLogMessage;
  readonly onElicitationComplete = this.notifications.onElicitationComplete;

  /** The tools as last listed, by name: for their outputSchema, and for what a session needs of them. */
  private toolCache: Map<string, Tool> | undefined;
  /** The listing toolDefinition waits for, while one is under way. */
  private toolListing: Promise<Tool[]> | undefined;
  private readonly tools: ToolDefinitions = {
    definition: (name, options) => this.toolDefinition(name, options),
    list: (options) => this.listTools(options),
  };
  private readonly monitor: HealthMonitor | undefined;
  private readonly disposables = new DisposableStore();

  static async connect(options: McpClientOptions): Promise<McpClient> {
    const validator = new SchemaValidator();
    const elicitations = new ElicitationTracker();
    const session = await openSession(options, { validator, elicitations });
    return new McpClient(session, options, validator, elicitations);
  }

  private constructor(
    private readonly session: Session,
    private readonly options: McpClientOptions,
    private readonly validator: SchemaValidator,
    private readonly elicitations: ElicitationTracker,
  ) {
    this.disposables.add(this.notifications.listen(session, elicitations));
    // Heard before anyone else: a host that lists again on the event gets the new definitions.
    this.disposables.add(this.onToolsListChanged(() => (this.toolCache = undefined)));
    // A new session may list other tools (legacy HTTP: the server ended ours).
    this.disposables.add(session.onRenewed(() => (this.toolCache = undefined)));
    if (options.ping) {
      const monitor = new HealthMonitor((timeoutMs) => this.ping({ timeoutMs }), options.ping);
      this.monitor = monitor;
      this.disposables.add(() => monitor.stop());
      monitor.start();
    }
    this.disposables.add(session.onClose(() => this.disposables.dispose()));
  }

  // ---- what the server said about itself ------------------------------------------------------

  /** Which era the server speaks (modern: no session, `_meta` on every request). */
  get era(): Era {
    return this.session.era;
  }
  /** The server's configured name, for errors and logs. */
  get serverName(): string {
    return this.session.serverName;
  }
  get protocolVersion(): string {
    return this.session.server.protocolVersion;
  }
  get serverInfo(): Implementation {
    return this.session.server.serverInfo;
  }
  get serverCapabilities(): ServerCapabilities {
    return this.session.server.capabilities;
  }
  get instructions(): string | undefined {
    return this.session.server.instructions;
  }
  get isClosed(): boolean {
    return this.session.isClosed;
  }
  /** Messages from the server refused or dropped so far (malformed, too deep…), each also logged. */
  get refusedMessages(): number {
    return this.session.refusedMessages;
  }
  get health(): Health {
    return this.monitor?.health ?? { healthy: true };
  }
  readonly onHealthChange = (listener: (h: Health) => void): Disposer =>
    this.monitor ? this.monitor.onChange(listener) : () => {};
  readonly onClose: Session['onClose'] = (listener) => this.session.onClose(listener);
  /** Protocol diagnostics: malformed input, unknown ids, ignored notifications. */
  readonly onProtocolLog: Session['onProtocolLog'] = (listener) => this.session.onProtocolLog(listener);
  /** Every message both ways (debug level); costs nothing while nobody listens. */
  readonly onWireTrace: Session['onWireTrace'] = (listener) => this.session.onWireTrace(listener);
  /** stderr lines and transport lifecycle. */
  readonly onTransportLog: Session['onTransportLog'] = (listener) => this.session.onTransportLog(listener);

  // ---- requests -------------------------------------------------------------------------------

  /** Any request, with capability checks and the client's default timeouts applied. */
  request<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: CallOptions = {},
  ): Promise<ResultOf<M>> {
    return this.session.request(method, params, options);
  }

  /**
   * Whether the host should list again before using what it holds: a modern server's list whose
   * ttlMs has run out (a legacy server's lists live until its list_changed).
   */
  listIsStale(method: HeldList): boolean {
    return this.session.listIsStale(method);
  }

  /** Checks the server answers: `ping`, or `server/discover` for a modern server (which has no ping). */
  ping(options: CallOptions = {}): Promise<void> {
    return this.session.ping(options);
  }

  async listTools(options: CallOptions = {}): Promise<Tool[]> {
    const tools = this.session.acceptTools(await collectPages(this, 'tools/list', options));
    this.toolCache = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  /**
   * Calls a tool. A tool error (isError) is a result, not an exception, so the model can see it.
   * structuredContent is checked against the tool's outputSchema; a mismatch is an InvalidResult
   * McpError whose data keeps the whole result.
   */
  async callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<CallToolResult> {
    const result = await this.session.callTool(name, args, options, this.tools);
    const fail = (problem: string) =>
      new McpError(ErrorCode.InvalidResult, `Tool ${name} returned ${problem}`, {
        server: this.serverName,
        method: 'tools/call',
        data: { result },
      });
    const problem = toolResultProblem(result);
    if (problem) throw fail(`a result that does not follow the MCP schema: ${problem}`);
    // Cached after the first listing: no extra await on the hot path.
    const tool = this.toolCache ? this.toolCache.get(name) : await this.toolDefinition(name, options);
    const mismatch = tool && structuredContentProblem(tool, result, this.validator);
    if (mismatch) throw fail(mismatch);
    return result;
  }

  listResources(options: CallOptions = {}): Promise<Resource[]> {
    return collectPages(this, 'resources/list', options);
  }
  listResourceTemplates(options: CallOptions = {}): Promise<ResourceTemplate[]> {
    return collectPages(this, 'resources/templates/list', options);
  }
  /** Reads a resource; a server's "no such resource" (-32602 now, -32002 before) is ResourceNotFound. */
  async readResource(uri: string, options: CallOptions = {}): Promise<ReadResourceResult> {
    try {
      return await this.request('resources/read', { uri }, options);
    } catch (error) {
      if (
        error instanceof McpError &&
        (error.code === ErrorCode.InvalidParams || error.code === ErrorCode.ResourceNotFound)
      )
        throw new McpError(
          ErrorCode.ResourceNotFound,
          `Resource not found: ${uri} — the server said: ${error.reason}`,
          {
            server: this.serverName,
            method: 'resources/read',
            data: error.data,
            cause: error,
          },
        );
      throw error;
    }
  }
  subscribeResource(uri: string, options: CallOptions = {}): Promise<void> {
    return this.session.subscribe(uri, options);
  }
  unsubscribeResource(uri: string, options: CallOptions = {}): Promise<void> {
    return this.session.unsubscribe(uri, options);
  }
  listPrompts(options: CallOptions = {}): Promise<Prompt[]> {
    return collectPages(this, 'prompts/list', options);
  }
  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: CallOptions = {},
  ): Promise<GetPromptResult> {
    return this.request('prompts/get', { name, arguments: args }, options);
  }
  complete(params: CompleteParams, options: CallOptions = {}): Promise<CompleteResult> {
    // `context` exists from 2025-06-18 on; older servers get the request they know.
    const sent: CompleteParams =
      params.context && this.protocolVersion >= '2025-06-18'
        ? { ref: params.ref, argument: params.argument, context: params.context }
        : { ref: params.ref, argument: params.argument };
    return this.request('completion/complete', sent, options);
  }
  /** The server's log level: logging/setLevel, or (modern) asked for with each request. */
  setLoggingLevel(level: LoggingLevel, options: CallOptions = {}): Promise<void> {
    return this.session.setLoggingLevel(level, options);
  }

  /** Tell the server our roots changed (only when we declared roots.listChanged). */
  async notifyRootsListChanged(): Promise<void> {
    if (!this.options.handlers?.roots || this.options.handlers.roots.listChanged === false) return;
    await this.session.rootsListChanged();
  }

  /**
   * Remember URL-mode elicitations a server named in a -32042 error, so that their
   * notifications/elicitation/complete is recognised.
   */
  trackUrlElicitations(error: McpError): void {
    if (error.code !== ErrorCode.UrlElicitationRequired) return;
    const list = (error.data as { elicitations?: { elicitationId?: unknown }[] } | undefined)?.elicitations;
    for (const e of list ?? [])
      if (typeof e.elicitationId === 'string') this.elicitations.add(e.elicitationId);
  }

  /** Shuts the session down per the transport's rules; pending requests reject as closed. */
  async close(): Promise<void> {
    this.disposables.dispose();
    await this.session.close();
  }

  // ---- internals ------------------------------------------------------------------------------

  private async toolDefinition(name: string, options: CallOptions): Promise<Tool | undefined> {
    if (!this.toolCache) {
      // Calls answered together before the first listing share one: 64 first calls at once list the
      // tools once, not 64 times. Shared, it is not stopped by one caller's signal; that caller stops
      // waiting for it (its result is checked against the definition it would have read).
      this.toolListing ??= this.listTools().finally(() => (this.toolListing = undefined));
      await abortable(this.toolListing, options.signal);
    }
    return this.toolCache?.get(name);
  }
}
