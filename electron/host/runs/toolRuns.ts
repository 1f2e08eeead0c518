import type { ToolRunOutcome } from '../../../shared/ipc/contract';
import type { Progress } from '../../../shared/mcp/protocol';
import { Emitter, McpError } from '../../mcp';
import type { Host } from '../host';

/**
 * Tool calls the person starts by hand (the servers page's tool runner): each under the renderer's
 * call id, so progress can be shown against it and a cancel reaches the server as
 * notifications/cancelled. They go through consent like any model's call.
 */
export class ToolRuns {
  private readonly running = new Map<string, AbortController>();
  private readonly progressEmitter = new Emitter<{ callId: string; progress: Progress }>();
  readonly onProgress = this.progressEmitter.event;

  constructor(private readonly host: Pick<Host, 'callTool'>) {}

  async run(callId: string, name: string, args: Record<string, unknown>): Promise<ToolRunOutcome> {
    if (this.running.has(callId)) throw new Error(`A tool run ${callId} is already going`);
    const controller = new AbortController();
    this.running.set(callId, controller);
    try {
      const outcome = await this.host.callTool(name, args, {
        signal: controller.signal,
        onProgress: (progress) => this.progressEmitter.fire({ callId, progress }),
      });
      switch (outcome.status) {
        case 'done':
          return { status: 'done', result: outcome.result };
        case 'refused':
          return { status: 'refused', reason: outcome.reason };
        case 'failed':
          return {
            status: 'failed',
            error: outcome.reason.replace(/^The call failed: /, ''),
            ...(outcome.code !== undefined ? { code: outcome.code } : {}),
          };
      }
    } catch (error) {
      if (controller.signal.aborted) return { status: 'refused', reason: 'Cancelled by the user.' };
      return error instanceof McpError
        ? { status: 'failed', error: error.message, code: error.code }
        : { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    } finally {
      this.running.delete(callId);
    }
  }

  /** Cancels a run; unknown or finished ids are ignored (the run may just have ended). */
  cancel(callId: string): void {
    this.running.get(callId)?.abort(new Error('Cancelled by the user'));
  }

  dispose(): void {
    for (const c of this.running.values()) c.abort(new Error('Switchboard is closing'));
    this.progressEmitter.dispose();
  }
}
