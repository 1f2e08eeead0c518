import type { CallToolResult, InitializeResult, LoggingLevel, Tool } from '../../../../shared/mcp/protocol';
import type { JsonRpcConnection } from '../../jsonrpc/connection';
import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { hasHttpSession, type Transport } from '../../transport/transport';
import type { ClientMethod, ParamsOf, ResultOf } from '../clientRequests';
import type { CallOptions, LimitedCallOptions, McpClientOptions } from '../mcpClientOptions';
import { checkedResult } from '../resultShapes';
import { type HeldList, Session, type ToolDefinitions } from '../session';
import { answerInputRequests, type InputRequired, isInputMethod, type MrtrRound } from './inputRequests';
import { modernMeta, requestMeta } from './modernMeta';
import { followModernTask, type ModernTaskPeer } from './modernTasks';
import { sendWithResend } from './resend';
import { CACHEABLE_METHODS, ResultCache } from './resultCache';
import { SubscriptionListener } from './subscriptions';
import { ToolHeaders } from './toolHeaders';

/**
 * A 2026-07-28 session, opened by server/discover: no handshake and no session on the server. Each
 * request carries our version, capabilities and identity in `_meta`; a result may ask for input
 * first (multi round-trip requests), come from the cache while its ttlMs says it is fresh, or be a
 * task to follow; a request whose response stream broke is sent again (a call that may have acted,
 * only with consent). Over HTTP, tool parameters are mirrored into headers. Change notifications
 * come on a subscriptions/listen stream.
 */
export class ModernSession extends Session {
  readonly era = 'modern';
  /** There is no ping in 2026-07-28: server/discover answers instead. */
  protected readonly pingMethod = 'server/discover';
  /** What every request's _meta carries (version, capabilities, who we are): built once. */
  private readonly baseMeta: Record<string, unknown>;
  /** Results kept while their ttlMs says they are fresh. */
  private readonly cache = new ResultCache();
  /** HTTP only: the header parameters of the tools listed last. */
  private readonly headers: ToolHeaders | undefined;
  /** The subscriptions/listen stream that brings list changes and resource updates. */
  private readonly listener: SubscriptionListener;
  /** The log level asked for with each request (there is no logging/setLevel). */
  private logLevel: LoggingLevel | undefined;

  constructor(
    connection: JsonRpcConnection,
    transport: Transport,
    options: McpClientOptions,
    opening: InitializeResult,
  ) {
    super(connection, transport, options, opening);
    this.baseMeta = modernMeta(options);
    // What a change notification names is asked of the server again (McpClient tells the host).
    const drop = (notification: string, stale: (params: Record<string, unknown>) => void) =>
      this.disposables.add(this.onNotification(notification, stale));
    drop('notifications/tools/list_changed', () => this.cache.invalidate('tools/list'));
    drop('notifications/resources/list_changed', () => {
      this.cache.invalidate('resources/list');
      this.cache.invalidate('resources/templates/list');
    });
    drop('notifications/prompts/list_changed', () => this.cache.invalidate('prompts/list'));
    drop('notifications/resources/updated', (p) => {
      if (typeof p.uri === 'string') this.cache.invalidate('resources/read', p.uri);
    });
    if (hasHttpSession(transport)) {
      this.headers = new ToolHeaders();
      transport.setParamHeaders(this.headers.headersOf);
    }
    const listener = new SubscriptionListener(
      opening.capabilities,
      (filter, signal) =>
        this.request(
          'subscriptions/listen',
          { notifications: filter },
          { signal, timeoutMs: Number.POSITIVE_INFINITY, maxTotalTimeoutMs: Number.POSITIVE_INFINITY },
        ),
      (message) => this.warn('info', message),
    );
    this.listener = listener;
    this.disposables.add(
      this.onNotification('notifications/subscriptions/acknowledged', () => listener.acknowledged()),
    );
    this.disposables.add(() => listener.stop());
    listener.start();
  }

  /** A request whose result says whether it is complete (absent: complete), or asks for input first. */
  protected async send<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: LimitedCallOptions,
  ): Promise<ResultOf<M>> {
    const given = (params ?? {}) as Record<string, unknown>;
    const cacheable = CACHEABLE_METHODS.has(method);
    if (cacheable && !options.fresh) {
      const hit = this.cache.get(method, given);
      if (hit !== undefined) return hit as ResultOf<M>;
    }
    const meta = requestMeta(this.baseMeta, given._meta, this.logLevel, this.options.traceContext?.());
    const peer = { serverName: this.serverName, warn: (message: string) => this.warn('warning', message) };
    let round: MrtrRound = {};
    for (let rounds = 0; ; rounds++) {
      // Each try is a new request (a fresh id); the answers and the server's state ride along.
      const send = () =>
        this.connection.request<ResultOf<M>>(method, { ...given, ...round, _meta: meta }, options);
      const result = await sendWithResend(method, send, options.confirmResend, peer);
      const type = (result as { resultType?: unknown }).resultType;
      // A tool call the server runs as a task (the tasks extension): callTool follows it.
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
      const asked = { method, round: rounds, result: result as InputRequired };
      round = await answerInputRequests(this.connection, asked, options.signal, fail);
    }
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
    tools: ToolDefinitions,
  ): Promise<CallToolResult> {
    const result = await this.sendToolCall(name, args, options, tools);
    if ((result as { resultType?: unknown }).resultType === 'task')
      return followModernTask(this.taskPeer(), result, options);
    return result;
  }

  private async sendToolCall(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
    tools: ToolDefinitions,
  ): Promise<CallToolResult> {
    const call = () => this.request('tools/call', { name, arguments: args }, options);
    if (!this.headers) return call();
    // Its headers come from its definition: known before the call.
    await tools.definition(name, { signal: options.signal });
    const refused = this.headers.refusal(name);
    if (refused) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} was left out: ${refused}`, {
        server: this.serverName,
        method: 'tools/call',
      });
    }
    try {
      return await call();
    } catch (error) {
      // The server wants other headers than the definition we hold says: list again, retry once.
      if (!(error instanceof McpError) || error.code !== ErrorCode.HeaderMismatch) throw error;
      await tools.list({ signal: options.signal });
      return call();
    }
  }

  /** A modern server hears of it on the subscriptions/listen stream, opened again with the URI. */
  async subscribe(uri: string): Promise<void> {
    this.assertOffers('resources/subscribe');
    this.listener.subscribe(uri);
  }
  async unsubscribe(uri: string): Promise<void> {
    this.listener.unsubscribe(uri);
  }
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    this.logLevel = level;
  }
  /** Gone in 2026-07-28: roots are asked for within a request. */
  async rootsListChanged(): Promise<void> {}
  /** A list whose ttlMs has run out is listed again before it is used. */
  listIsStale(method: HeldList): boolean {
    return this.cache.isStale(method);
  }
  acceptTools(tools: Tool[]): Tool[] {
    return this.headers ? this.headers.accept(tools, (message) => this.warn('warning', message)) : tools;
  }

  /** What following a task needs: its requests, and the input requests answered as any are. */
  private taskPeer(): ModernTaskPeer {
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
}
