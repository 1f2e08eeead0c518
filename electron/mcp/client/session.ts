import type { CallToolResult, Era, InitializeResult, LoggingLevel, Tool } from '../../../shared/mcp/protocol';
import { DisposableStore } from '../disposableStore';
import { type Disposer, Emitter } from '../emitter';
import type { ConnectionLog, JsonRpcConnection, WireTrace } from '../jsonrpc/connection';
import type { Transport, TransportClosed, TransportLog } from '../transport/transport';
import { assertServerCapability } from './capabilities';
import type { ClientMethod, ParamsOf, ResultOf } from './clientRequests';
import {
  type CallOptions,
  type LimitedCallOptions,
  type McpClientOptions,
  withLimits,
} from './mcpClientOptions';

/**
 * One open session with one server, in the era it speaks: a legacy one (legacy/legacySession.ts:
 * initialize, batches, session renewal, task-augmented calls) or a modern one
 * (modern/modernSession.ts: `_meta` on every request, multi round-trip requests, resend, the result
 * cache, header mirroring, the tasks extension). Only openSession makes one, once its era is known
 * and opened; McpClient sends everything through it and knows no era.
 *
 * What both eras share is here: the connection's events, notifications, closing, and the capability
 * check and limits of every request. What each era does its own way is abstract below.
 */
export abstract class Session {
  abstract readonly era: Era;
  readonly serverName: string;
  /** The era's listeners and timers, let go when the session closes (or its connection does). */
  protected readonly disposables = new DisposableStore();
  /** The session's own diagnostics (a request sent again, a tool left out), beside the connection's. */
  private readonly warnings = new Emitter<ConnectionLog>();
  private readonly renewed = new Emitter<void>();
  /** A new session after the server ended ours (legacy HTTP): what was listed may have changed. */
  readonly onRenewed = this.renewed.event;

  constructor(
    protected readonly connection: JsonRpcConnection,
    protected readonly transport: Transport,
    protected readonly options: McpClientOptions,
    /** What the server said of itself in opening the session (initialize, or server/discover). */
    private opening: InitializeResult,
  ) {
    this.serverName = options.serverName ?? 'server';
    this.disposables.add(connection.onClose(() => this.disposables.dispose()));
  }

  get server(): InitializeResult {
    return this.opening;
  }
  get isClosed(): boolean {
    return this.connection.isClosed;
  }
  /** Messages from the server refused or dropped so far (malformed, too deep…), each also logged. */
  get refusedMessages(): number {
    return this.connection.refusedCount;
  }

  /** Any request, once the server has declared what it needs, with the client's limits. */
  request<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: CallOptions = {},
  ): Promise<ResultOf<M>> {
    try {
      this.assertOffers(method);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.send(method, params, withLimits(options, this.options));
  }

  /** Checks the server answers. */
  ping(options: CallOptions): Promise<void> {
    return this.request(this.pingMethod, undefined, options).then(() => undefined);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.connection.notify(method, params);
  }

  onNotification(method: string, listener: (params: Record<string, unknown>) => void): Disposer {
    return this.connection.onNotification(method, listener);
  }
  readonly onClose = (listener: (info: TransportClosed) => void): Disposer =>
    this.connection.onClose(listener);
  /** Protocol diagnostics: malformed input, unknown ids, ignored notifications, and the session's own. */
  readonly onProtocolLog = (listener: (entry: ConnectionLog) => void): Disposer => {
    const both = new DisposableStore();
    both.add(this.connection.onLog(listener));
    both.add(this.warnings.event(listener));
    return () => both.dispose();
  };
  readonly onWireTrace = (listener: (trace: WireTrace) => void): Disposer =>
    this.connection.onTrace(listener);
  readonly onTransportLog = (listener: (entry: TransportLog) => void): Disposer =>
    this.transport.onLog(listener);

  /** Shuts the session down per the transport's rules; pending requests reject as closed. */
  async close(): Promise<void> {
    this.disposables.dispose();
    await this.connection.close();
  }

  /** Throws before sending when the server did not declare what `method` needs. */
  protected assertOffers(method: string): void {
    assertServerCapability(this.opening.capabilities, this.opening.protocolVersion, method, this.serverName);
  }

  protected warn(level: ConnectionLog['level'], message: string): void {
    this.warnings.fire({ level, message });
  }

  /** The server ended our session and answered a new one's opening (legacy HTTP). */
  protected reopened(opening: InitializeResult): void {
    this.opening = opening;
    this.renewed.fire();
  }

  // ---- what each era does its own way ------------------------------------------------------------

  /** What checks the server answers: `ping`, or what the era has instead. */
  protected abstract readonly pingMethod: 'ping' | 'server/discover';
  /** A request on the wire, as the era sends it and checks its answer. */
  protected abstract send<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: LimitedCallOptions,
  ): Promise<ResultOf<M>>;
  /** tools/call, followed to its result when the server makes it a task. */
  abstract callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
    tools: ToolDefinitions,
  ): Promise<CallToolResult>;
  /** Hear of one resource's updates, or no longer. */
  abstract subscribe(uri: string, options: CallOptions): Promise<void>;
  abstract unsubscribe(uri: string, options: CallOptions): Promise<void>;
  abstract setLoggingLevel(level: LoggingLevel, options: CallOptions): Promise<void>;
  /** Tell the server our roots changed, where the era has a way to. */
  abstract rootsListChanged(): Promise<void>;
  /** Whether a list held may be out of date by now, without a notification saying so. */
  abstract listIsStale(method: HeldList): boolean;
  /** A new tools/list: the tools the session can call (the era may leave some out, saying why). */
  abstract acceptTools(tools: Tool[]): Tool[];
}

/** The lists a host holds, and may ask whether to list again. */
export type HeldList = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

/** What a session needs of the client's tool definitions to make a call. */
export interface ToolDefinitions {
  /** A tool's definition, the tools listed first when none are held. */
  definition(name: string, options: CallOptions): Promise<Tool | undefined>;
  /** Lists the tools again: the definitions held no longer say what the server wants. */
  list(options: CallOptions): Promise<unknown>;
}
