import {
  type CallToolResult,
  type CompleteParams,
  type CompleteResult,
  type Era,
  type GetPromptResult,
  type Implementation,
  type InitializeResult,
  LOGGING_LEVELS,
  type LoggingLevel,
  type LoggingMessageParams,
  META,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type ServerCapabilities,
  type Tool,
} from '../../../shared/mcp/protocol';
import { type Disposer, Emitter } from '../emitter';

const isLoggingLevel = (v: string): v is LoggingLevel => (LOGGING_LEVELS as readonly string[]).includes(v);

import {
  type ConnectionLog,
  DEFAULT_MAX_TOTAL_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  JsonRpcConnection,
  type RequestOptions,
  type WireTrace,
} from '../jsonrpc/connection';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import {
  hasHttpSession,
  type Transport,
  type TransportClosed,
  type TransportLog,
} from '../transport/transport';
import { assertServerCapability } from './capabilities';
import type { ClientMethod, ParamsOf, ResultOf } from './clientRequests';
import { modernMeta, offersOurVersion, openEra, traceMeta } from './discover';
import type { ClientHandlers } from './handlers';
import { handshake } from './handshake';
import { type Health, HealthMonitor, type PingOptions } from './healthMonitor';
import { answerInputRequests, type InputRequired, isInputMethod, type MrtrRound } from './inputRequests';
import { collectPages } from './pagination';
import { CACHEABLE_METHODS, ResultCache } from './resultCache';
import { checkedResult } from './resultShapes';
import { SchemaValidator } from './schemaValidator';
import { ElicitationTracker, registerServerRequests } from './serverRequests';
import { SubscriptionListener } from './subscriptions';
import {
  callsAsTask,
  callToolAsTask,
  followModernTask,
  type ModernTaskPeer,
  type TaskPeer,
  type TaskState,
  taskStateOf,
} from './tasks';
import { type HeaderParam, headerParamsOf, paramHeaders } from './toolHeaders';
import { toolResultProblem } from './toolResultShape';

export interface McpClientOptions {
  transport: Transport;
  /** A name for errors and logs: the server's configured name. */
  serverName?: string;
  clientInfo?: Implementation;
  handlers?: ClientHandlers;
  /**
   * Extensions the application handles, advertised under `capabilities.extensions` in both eras
   * (e.g. MCP Apps: `io.modelcontextprotocol/ui` with the View MIME types it renders).
   */
  extensions?: Record<string, object>;
  /** Per-request default (60 s); each call may override it. */
  requestTimeoutMs?: number;
  /** Hard ceiling for requests whose timer progress resets (10 min). */
  maxTotalTimeoutMs?: number;
  /** The legacy revision we ask for in initialize; the latest unless a test says otherwise. */
  protocolVersion?: string;
  /**
   * Which era to speak: `legacy` (initialize; the default for now), `modern` (2026-07-28 only), or
   * `auto` (probe with server/discover, fall back to initialize: see client/discover.ts).
   */
  protocol?: 'auto' | 'modern' | 'legacy';
  /**
   * With `auto`: the era this server answered in before (remembered by the caller for the same
   * server configuration). `legacy` goes straight to initialize, without the probe, and probes
   * only if that fails; `modern` changes nothing (the probe is its first request anyway).
   */
  knownEra?: Era;
  /**
   * Every message both ways from the very first (the probe, initialize): for a wire trace that must
   * include the opening exchange. `onWireTrace` on the client sees only what comes after connect.
   */
  onWireTrace?: (trace: WireTrace) => void;
  /** W3C trace context to carry in each modern request's `_meta` (`traceparent`, `tracestate`). */
  traceContext?: () => { traceparent: string; tracestate?: string } | undefined;
  ping?: PingOptions;
  /** Aborts connecting (and closes the transport). */
  signal?: AbortSignal;
}

export type CallOptions = Omit<RequestOptions, 'timeoutMs'> & {
  timeoutMs?: number;
  /** Ask the server even when a cached result is still fresh (a person's Refresh). */
  fresh?: boolean;
  /** tools/call: run a tool whose taskSupport is "optional" as a task ("required" ones always are). */
  preferTask?: boolean;
  /** tools/call run as a task: each new state of the task (status and message). */
  onTask?: (state: TaskState) => void;
  /**
   * 2026-07-28: the response stream broke before the answer of a call that may act (not a read, not
   * a tool marked read-only or idempotent). The spec has it sent again as a new request; this says
   * whether it may be (the host asks the person). Without it, it is not sent again.
   */
  confirmResend?: () => Promise<boolean>;
};
/** A broken response stream (2026-07-28 HTTP) loses the request: it is sent again this many times. */
const MAX_REISSUES = 2;
/**
 * Requests that only read (and tasks/cancel, harmless twice), sent again freely when their answer is
 * lost. Anything else — a tool call above all, whatever its annotations claim (hints, not trusted
 * for this) — may already have acted: sent again only when the caller's `confirmResend` allows.
 */
const RESENDABLE_METHODS = new Set<string>([
  'server/discover',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'skills/list',
  'tasks/get',
  'tasks/cancel',
  'ping',
]);

/** 2026-07-28: the requests a server may answer with `input_required`. */
const MRTR_METHODS = new Set<string>(['tools/call', 'prompts/get', 'resources/read']);
/** A person answers each round; a server that keeps asking is stopped after this many. */
const MAX_MRTR_ROUNDS = 10;

/**
 * One initialised MCP session with one server. Only `McpClient.connect` makes one, and it returns
 * after the handshake has finished, so no method can run against a half-initialised session.
 */
export class McpClient {
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

  private toolCache: Map<string, Tool> | undefined;
  /** Modern: what every request's _meta carries (version, capabilities, who we are): built once. */
  private readonly baseMeta: Record<string, unknown>;
  /** Modern results kept while their ttlMs says they are fresh. */
  private readonly cache = new ResultCache();
  /** Modern HTTP: each listed tool's x-mcp-header parameters, and the tools refused for theirs. */
  private readonly headerParams = new Map<string, HeaderParam[]>();
  private readonly refusedTools = new Map<string, string>();
  private readonly warnings = new Emitter<ConnectionLog>();
  /** Modern: the subscriptions/listen stream that brings list changes and resource updates. */
  private readonly listener: SubscriptionListener | undefined;
  private readonly monitor: HealthMonitor | undefined;
  private renewing: Promise<void> | undefined;

  static async connect(options: McpClientOptions): Promise<McpClient> {
    const server = options.serverName ?? 'server';
    const { transport } = options;
    const handlers = options.handlers ?? {};
    const validator = new SchemaValidator();
    const elicitations = new ElicitationTracker();
    const connection = new JsonRpcConnection(transport, server);
    if (options.onWireTrace) connection.onTrace(options.onWireTrace);
    connection.setRequestHandler('ping', () => ({}));
    registerServerRequests(connection, handlers, { server, validator, elicitations });

    const onAbort = () => void transport.close();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      options.signal?.throwIfAborted();
      await transport.start();
      const { result, modern } = await openEra(connection, transport, options, server);
      return new McpClient(
        connection,
        transport,
        result,
        options,
        server,
        validator,
        elicitations,
        modern ? 'modern' : 'legacy',
      );
    } catch (error) {
      await transport.close().catch(() => {});
      if (options.signal?.aborted && !(error instanceof McpError && error.isCancelled)) {
        throw new McpError(ErrorCode.RequestCancelled, 'Connecting was cancelled', { server, cause: error });
      }
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private constructor(
    private readonly connection: JsonRpcConnection,
    private readonly transport: Transport,
    private init: InitializeResult,
    private readonly options: McpClientOptions,
    readonly serverName: string,
    private readonly validator: SchemaValidator,
    private readonly elicitations: ElicitationTracker,
    /** Which era the server speaks (modern: no session, `_meta` on every request). */
    readonly era: Era,
  ) {
    this.baseMeta = modernMeta(options);
    const on = (method: string, fn: (p: Record<string, unknown>) => void) =>
      connection.onNotification(method, fn);
    on('notifications/tools/list_changed', () => {
      this.toolCache = undefined;
      this.cache.invalidate('tools/list');
      this.toolsChanged.fire();
    });
    on('notifications/resources/list_changed', () => {
      this.cache.invalidate('resources/list');
      this.cache.invalidate('resources/templates/list');
      this.resourcesChanged.fire();
    });
    on('notifications/prompts/list_changed', () => {
      this.cache.invalidate('prompts/list');
      this.promptsChanged.fire();
    });
    on('notifications/resources/updated', (p) => {
      if (typeof p.uri !== 'string') return;
      this.cache.invalidate('resources/read', p.uri);
      this.resourceUpdated.fire({ uri: p.uri });
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
      if (this.elicitations.complete(p.elicitationId)) {
        this.elicitationComplete.fire({ elicitationId: p.elicitationId as string });
      }
    });
    if (options.ping) {
      this.monitor = new HealthMonitor((timeoutMs) => this.ping({ timeoutMs }), options.ping);
      this.monitor.start();
    }
    connection.onClose(() => this.dispose());
    if (era === 'modern' && hasHttpSession(transport)) {
      transport.setParamHeaders((tool, args) => paramHeaders(this.headerParams.get(tool) ?? [], args));
    }
    if (era === 'modern') {
      const listener = new SubscriptionListener(
        init.capabilities,
        (filter, signal) =>
          this.request(
            'subscriptions/listen',
            { notifications: filter },
            { signal, timeoutMs: Number.POSITIVE_INFINITY, maxTotalTimeoutMs: Number.POSITIVE_INFINITY },
          ),
        (message) => this.warnings.fire({ level: 'info', message }),
      );
      this.listener = listener;
      on('notifications/subscriptions/acknowledged', () => listener.acknowledged());
      listener.start();
    }
  }

  /** Modern Streamable HTTP mirrors tool parameters into headers; other transports may ignore them. */
  private get mirrorsParams(): boolean {
    return this.era === 'modern' && hasHttpSession(this.transport);
  }

  // ---- what the server said about itself ------------------------------------------------------

  /** The log level a modern server is asked for on each request (there is no logging/setLevel). */
  private logLevel: LoggingLevel | undefined;

  get protocolVersion(): string {
    return this.init.protocolVersion;
  }
  get serverInfo(): Implementation {
    return this.init.serverInfo;
  }
  get serverCapabilities(): ServerCapabilities {
    return this.init.capabilities;
  }
  get instructions(): string | undefined {
    return this.init.instructions;
  }
  get isClosed(): boolean {
    return this.connection.isClosed;
  }
  /** Messages from the server refused or dropped so far (malformed, too deep…), each also logged. */
  get refusedMessages(): number {
    return this.connection.refusedCount;
  }
  get health(): Health {
    return this.monitor?.health ?? { healthy: true };
  }
  readonly onHealthChange = (listener: (h: Health) => void): Disposer =>
    this.monitor ? this.monitor.onChange(listener) : () => {};
  readonly onClose = (listener: (info: TransportClosed) => void): Disposer =>
    this.connection.onClose(listener);
  /** Protocol diagnostics: malformed input, unknown ids, ignored notifications. */
  readonly onProtocolLog = (listener: (entry: ConnectionLog) => void): Disposer => {
    const off = [this.connection.onLog(listener), this.warnings.event(listener)];
    return () => {
      for (const d of off) d();
    };
  };
  /** Every message both ways (debug level); costs nothing while nobody listens. */
  readonly onWireTrace = (listener: (trace: WireTrace) => void): Disposer =>
    this.connection.onTrace(listener);
  /** stderr lines and transport lifecycle. */
  readonly onTransportLog = (listener: (entry: TransportLog) => void): Disposer =>
    this.transport.onLog(listener);

  // ---- requests -------------------------------------------------------------------------------

  /** Any request, with capability checks and the client's default timeouts applied. */
  request<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: CallOptions = {},
  ): Promise<ResultOf<M>> {
    try {
      assertServerCapability(this.init.capabilities, this.init.protocolVersion, method, this.serverName);
    } catch (error) {
      return Promise.reject(error);
    }
    const full: RequestOptions & Pick<CallOptions, 'fresh' | 'confirmResend'> = {
      ...options,
      timeoutMs: options.timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      maxTotalTimeoutMs:
        options.maxTotalTimeoutMs ?? this.options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS,
    };
    if (this.era === 'modern') return this.modernRequest(method, params, full);
    const send = () => this.connection.request<ResultOf<M>>(method, params, full);
    const check = (result: ResultOf<M>) => checkedResult(method, result, this.serverName);
    if (!hasHttpSession(this.transport) || !this.transport.sessionful) return send().then(check);
    // The server ended our session (HTTP 404): one new initialize, one retry; a second 404 is an error.
    return send()
      .catch(async (error: unknown) => {
        if (!(error instanceof McpError) || error.code !== ErrorCode.SessionExpired) throw error;
        await this.renewSession();
        return send();
      })
      .then(check);
  }

  /**
   * A 2026-07-28 request: its `_meta` carries our version, capabilities and identity (and the log
   * level, when one is set); its result says whether it is complete (absent: complete).
   */
  private async modernRequest<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: RequestOptions & Pick<CallOptions, 'fresh' | 'confirmResend'>,
  ): Promise<ResultOf<M>> {
    const given = (params ?? {}) as Record<string, unknown>;
    const cacheable = CACHEABLE_METHODS.has(method);
    if (cacheable && !options.fresh) {
      const hit = this.cache.get(method, given);
      if (hit !== undefined) return hit as ResultOf<M>;
    }
    const trace = this.options.traceContext?.();
    const meta = {
      ...(given._meta as Record<string, unknown> | undefined),
      ...this.baseMeta,
      ...(this.logLevel ? { [META.logLevel]: this.logLevel } : {}),
      ...(trace ? traceMeta(trace) : {}),
    };
    let round: MrtrRound = {};
    for (let rounds = 0; ; rounds++) {
      // Each try is a new request (a fresh id); the answers and the server's state ride along.
      const send = () =>
        this.connection.request<ResultOf<M>>(method, { ...given, ...round, _meta: meta }, options);
      const result = await this.sendModern(
        method,
        send,
        RESENDABLE_METHODS.has(method) ? async () => true : options.confirmResend,
      );
      const type = (result as { resultType?: unknown }).resultType;
      // A tool call the server runs as a task (the tasks extension): the caller follows it.
      if (type === 'task' && method === 'tools/call') return result;
      if (type === undefined || type === 'complete') {
        checkedResult(method, result, this.serverName);
        // Answers that depend on inputResponses are not the answer to the request alone: not kept.
        if (cacheable && rounds === 0) this.cache.put(method, given, result);
        return result;
      }
      const fail = (why: string) =>
        new McpError(ErrorCode.InvalidResult, `${method} ${why}`, {
          server: this.serverName,
          method,
          data: { result },
        });
      if (type !== 'input_required') throw fail(`returned an unknown resultType ${JSON.stringify(type)}`);
      if (!MRTR_METHODS.has(method))
        throw fail('asked for more input, which only tools/call, prompts/get and resources/read may');
      if (rounds >= MAX_MRTR_ROUNDS) throw fail(`still asks for more input after ${MAX_MRTR_ROUNDS} rounds`);
      round = await answerInputRequests(this.connection, result as InputRequired, options.signal, fail);
    }
  }

  /**
   * One modern request on the wire. Refused for a version it then lists as supported: once more,
   * with it. Its response stream broke (no resuming in this era): sent again as a new request,
   * with a new id, as the 2026-07-28 transport requires — at most MAX_REISSUES times.
   */
  private async sendModern<T>(
    method: string,
    send: () => Promise<T>,
    mayResend?: () => Promise<boolean>,
  ): Promise<T> {
    for (let reissued = 0; ; reissued++) {
      try {
        return await send();
      } catch (error) {
        if (offersOurVersion(error)) return send();
        if (!(error instanceof McpError) || error.code !== ErrorCode.ResponseLost) throw error;
        // The listen stream has its own reopening, with backoff (client/subscriptions.ts).
        if (method === 'subscriptions/listen') throw error;
        if (reissued >= MAX_REISSUES)
          throw new McpError(
            ErrorCode.ResponseLost,
            `${method}: the response stream broke ${reissued + 1} times before the answer; not sent again`,
            { server: this.serverName, method, cause: error },
          );
        if (!(await mayResend?.()))
          throw new McpError(
            ErrorCode.ResponseLost,
            `${method}: the connection was lost before the answer; it may have run on the server, so it is not sent again`,
            { server: this.serverName, method, cause: error },
          );
        this.warnings.fire({
          level: 'warning',
          message: `${method}: the response stream broke before the answer; sent again as a new request`,
        });
      }
    }
  }

  /** A new session after the server ended ours; concurrent callers share one initialize. */
  private renewSession(): Promise<void> {
    this.renewing ??= handshake(
      this.connection,
      this.transport,
      { ...this.options, signal: undefined },
      this.serverName,
    )
      .then((result) => {
        this.init = result;
        this.toolCache = undefined;
      })
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }

  /**
   * Whether the host should list again before using what it holds: a modern server's list whose
   * ttlMs has run out (a legacy server's lists live until its list_changed).
   */
  listIsStale(
    method: 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list',
  ): boolean {
    return this.era === 'modern' && this.cache.isStale(method);
  }

  /** Checks the server answers: `ping`, or `server/discover` for a modern server (which has no ping). */
  ping(options: CallOptions = {}): Promise<void> {
    return this.request(this.era === 'modern' ? 'server/discover' : 'ping', undefined, options).then(
      () => undefined,
    );
  }

  async listTools(options: CallOptions = {}): Promise<Tool[]> {
    let tools = await collectPages(this, 'tools/list', options);
    if (this.mirrorsParams) tools = this.withValidHeaders(tools);
    this.toolCache = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  /**
   * 2026-07-28: a tool whose x-mcp-header annotations break the rules is left out of the list (the
   * others stay usable), with a warning naming it and why.
   */
  private withValidHeaders(tools: Tool[]): Tool[] {
    this.headerParams.clear();
    this.refusedTools.clear();
    return tools.filter((tool) => {
      const found = headerParamsOf(tool);
      if ('params' in found) {
        this.headerParams.set(tool.name, found.params);
        return true;
      }
      this.refusedTools.set(tool.name, found.invalid);
      this.warnings.fire({
        level: 'warning',
        message: `tool "${tool.name}" left out: ${found.invalid}`,
      });
      return false;
    });
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
    const result = await this.sendToolCall(name, args, options);
    const problem = toolResultProblem(result);
    if (problem) {
      throw new McpError(ErrorCode.InvalidResult, `Tool ${name} returned ${problem}`, {
        server: this.serverName,
        method: 'tools/call',
        data: { result },
      });
    }
    // Cached after the first listing: no extra await on the hot path.
    const tool = this.toolCache ? this.toolCache.get(name) : await this.toolDefinition(name, options);
    if (tool?.outputSchema && !result.isError) this.checkStructured(tool, result);
    return result;
  }

  private async sendToolCall(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
  ): Promise<CallToolResult> {
    const result = await this.sendToolCallOnce(name, args, options);
    if (this.era === 'modern' && (result as { resultType?: unknown }).resultType === 'task')
      return followModernTask(this.modernTaskPeer(), result, options);
    return result;
  }

  private async sendToolCallOnce(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
  ): Promise<CallToolResult> {
    if (this.era === 'legacy' && this.init.capabilities.tasks) {
      const tool = this.toolCache ? this.toolCache.get(name) : await this.toolDefinition(name, options);
      if (callsAsTask(this.init.capabilities, tool, options.preferTask ?? false))
        return callToolAsTask(this.taskPeer(options), name, args, options);
    }
    if (!this.mirrorsParams) return this.request('tools/call', { name, arguments: args }, options);
    // Its headers come from its definition: known before the call.
    if (!this.toolCache) await this.listTools({ signal: options.signal });
    const refused = this.refusedTools.get(name);
    if (refused) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} was left out: ${refused}`, {
        server: this.serverName,
        method: 'tools/call',
      });
    }
    try {
      return await this.request('tools/call', { name, arguments: args }, options);
    } catch (error) {
      // The server wants other headers than the definition we hold says: list again, retry once.
      if (!(error instanceof McpError) || error.code !== ErrorCode.HeaderMismatch) throw error;
      await this.listTools({ signal: options.signal });
      return this.request('tools/call', { name, arguments: args }, options);
    }
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
  async subscribeResource(uri: string, options: CallOptions = {}): Promise<void> {
    if (!this.listener) {
      await this.request('resources/subscribe', { uri }, options);
      return;
    }
    // A modern server hears of it on the subscriptions/listen stream, opened again with the URI.
    assertServerCapability(
      this.init.capabilities,
      this.init.protocolVersion,
      'resources/subscribe',
      this.serverName,
    );
    this.listener.subscribe(uri);
  }
  async unsubscribeResource(uri: string, options: CallOptions = {}): Promise<void> {
    if (this.listener) this.listener.unsubscribe(uri);
    else await this.request('resources/unsubscribe', { uri }, options);
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
      params.context && this.init.protocolVersion >= '2025-06-18'
        ? { ref: params.ref, argument: params.argument, context: params.context }
        : { ref: params.ref, argument: params.argument };
    return this.request('completion/complete', sent, options);
  }
  async setLoggingLevel(level: LoggingLevel, options: CallOptions = {}): Promise<void> {
    // A modern server takes the level with each request instead.
    if (this.era === 'modern') this.logLevel = level;
    else await this.request('logging/setLevel', { level }, options);
  }

  /** Tell the server our roots changed (only when we declared roots.listChanged). */
  async notifyRootsListChanged(): Promise<void> {
    if (!this.options.handlers?.roots || this.options.handlers.roots.listChanged === false) return;
    if (this.era === 'modern') return; // gone in 2026-07-28: roots are asked for within a request
    await this.connection.notify('notifications/roots/list_changed');
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
    this.dispose();
    await this.connection.close();
  }

  // ---- internals ------------------------------------------------------------------------------

  /** What following a modern task needs: its requests, and the input requests answered as any are. */
  private modernTaskPeer(): ModernTaskPeer {
    return {
      serverName: this.serverName,
      request: (method, params, o) =>
        this.request(method, params as never, o.signal ? { signal: o.signal } : {}) as Promise<
          Record<string, unknown>
        >,
      answer: (key, request, signal) => {
        const asked = request as { method?: unknown; params?: unknown };
        if (!isInputMethod(asked?.method))
          return Promise.reject(
            new McpError(
              ErrorCode.InvalidResult,
              `a task asked for input "${key}" with ${JSON.stringify(asked?.method)}, not elicitation, sampling or roots`,
              { server: this.serverName, method: 'tasks/get' },
            ),
          );
        return this.connection.handleEmbedded(asked.method, asked.params, signal, `task:${key}`);
      },
    };
  }

  /** What a task-augmented call needs: requests with this call's limits, and the status notifications. */
  private taskPeer(options: CallOptions): TaskPeer {
    const requestTimeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    return {
      serverName: this.serverName,
      capabilities: this.init.capabilities,
      requestTimeoutMs,
      send: (method, params, o) =>
        this.connection.request(method, params, {
          timeoutMs: o.timeoutMs ?? requestTimeoutMs,
          maxTotalTimeoutMs: Number.POSITIVE_INFINITY,
          ...(o.signal ? { signal: o.signal } : {}),
        }),
      onStatus: (listener) =>
        this.connection.onNotification('notifications/tasks/status', (p) => {
          const state = taskStateOf(p);
          if (typeof state !== 'string') listener(state);
        }),
    };
  }

  private async toolDefinition(name: string, options: CallOptions): Promise<Tool | undefined> {
    if (!this.toolCache) await this.listTools({ signal: options.signal });
    return this.toolCache?.get(name);
  }

  private checkStructured(tool: Tool, result: CallToolResult): void {
    const fail = (why: string) =>
      new McpError(ErrorCode.InvalidResult, `Tool ${tool.name} returned ${why}`, {
        server: this.serverName,
        method: 'tools/call',
        data: { result },
      });
    if (result.structuredContent === undefined)
      throw fail('no structuredContent although it declares an outputSchema');
    // Compiled once per tool definition (a new listing brings new objects, compiled again).
    const check = this.validator.checkWith(tool.outputSchema!, result.structuredContent);
    if (!check.valid)
      throw fail(`structuredContent that does not match its outputSchema: ${check.errors.join('; ')}`);
  }

  private dispose(): void {
    this.monitor?.stop();
    this.listener?.stop();
  }
}
