import type { CallToolResult, LoggingLevel, Tool } from '../../../../shared/mcp/protocol';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../jsonrpc/connection';
import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { hasHttpSession } from '../../transport/transport';
import type { ClientMethod, ParamsOf, ResultOf } from '../clientRequests';
import type { CallOptions, LimitedCallOptions } from '../mcpClientOptions';
import { checkedResult } from '../resultShapes';
import { Session, type ToolDefinitions } from '../session';
import { taskStateOf } from '../taskState';
import { handshake } from './handshake';
import { callsAsTask, callToolAsTask, type TaskPeer } from './legacyTasks';

/**
 * A session opened by the initialize handshake (2024-11-05 … 2025-11-25): requests go as they are,
 * a session the server ended over HTTP is opened again once, and a tool the server runs as a task
 * is called task-augmented (legacy/legacyTasks.ts). Batches, where the revision has them, were
 * settled by the handshake.
 */
export class LegacySession extends Session {
  readonly era = 'legacy';
  protected readonly pingMethod = 'ping';
  private renewing: Promise<void> | undefined;

  protected send<M extends ClientMethod>(
    method: M,
    params: ParamsOf<M>,
    options: LimitedCallOptions,
  ): Promise<ResultOf<M>> {
    const send = () => this.connection.request<ResultOf<M>>(method, params, options);
    const check = (result: ResultOf<M>) => checkedResult(method, result, this.serverName);
    if (!hasHttpSession(this.transport) || !this.transport.sessionful) return send().then(check);
    // The server ended our session (HTTP 404): one new initialize, one retry; a second 404 is an error.
    return send()
      .catch(async (error: unknown) => {
        if (!(error instanceof McpError) || error.code !== ErrorCode.SessionExpired) throw error;
        await this.renew();
        return send();
      })
      .then(check);
  }

  /** A new session after the server ended ours; concurrent callers share one initialize. */
  private renew(): Promise<void> {
    this.renewing ??= handshake(
      this.connection,
      this.transport,
      { ...this.options, signal: undefined },
      this.serverName,
    )
      .then((result) => this.reopened(result))
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
    tools: ToolDefinitions,
  ): Promise<CallToolResult> {
    if (this.server.capabilities.tasks) {
      const tool = await tools.definition(name, options);
      if (callsAsTask(this.server.capabilities, tool, options.preferTask ?? false))
        return callToolAsTask(this.taskPeer(options), name, args, options);
    }
    return this.request('tools/call', { name, arguments: args }, options);
  }

  async subscribe(uri: string, options: CallOptions): Promise<void> {
    await this.request('resources/subscribe', { uri }, options);
  }
  async unsubscribe(uri: string, options: CallOptions): Promise<void> {
    await this.request('resources/unsubscribe', { uri }, options);
  }
  async setLoggingLevel(level: LoggingLevel, options: CallOptions): Promise<void> {
    await this.request('logging/setLevel', { level }, options);
  }
  rootsListChanged(): Promise<void> {
    return this.notify('notifications/roots/list_changed');
  }
  /** A legacy server's lists live until its list_changed. */
  listIsStale(): boolean {
    return false;
  }
  acceptTools(tools: Tool[]): Tool[] {
    return tools;
  }

  /** What a task-augmented call needs: requests with this call's limits, and the status notifications. */
  private taskPeer(options: CallOptions): TaskPeer {
    const requestTimeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    return {
      serverName: this.serverName,
      capabilities: this.server.capabilities,
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
}
