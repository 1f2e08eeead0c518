import type { Progress } from '../../../shared/mcp/protocol';
import { Emitter } from '../../mcp';
import type { ToolOutcome } from './toolOutcome';

/** A tool call as asked for: the model-facing name, the arguments, and where it was asked. */
export interface ToolRequest {
  /** The catalog name (what the model and the tool runner use). */
  name: string;
  args: Record<string, unknown>;
  /** A conversation's call: approvals "for this conversation" count only there. */
  conversationId?: string;
  /** The model's tool use this call answers (its id in the conversation). */
  toolUseId?: string;
  /**
   * Who asks: the model in a chat, the person, or a server's View (MCP Apps) — which decides what a
   * tool's visibility lets through, and what the consent says.
   */
  asker?: ToolAsker;
}

/**
 * `person` (the default): a call made for the person, through consent like any other. `runner`: the
 * person's own Run in the tool runner, with the arguments they typed — that click is its consent
 * (recorded in the server's log); only the runner's `runTool` asks so, never a View or the model.
 */
type ToolAsker = 'model' | 'person' | 'runner' | { view: string };

/** How an invocation is carried out: given its signal and where its progress goes, its outcome. */
export type PerformTool = (
  request: ToolRequest,
  call: { signal: AbortSignal; onProgress: (progress: Progress) => void },
) => Promise<ToolOutcome>;

/**
 * One tool call from the moment it is asked for until it ends, whoever started it (the model in a
 * chat, or the person in the tool runner): it owns its cancel, its progress and its outcome. The
 * outcome never rejects — a refusal, a cancel and a failure are outcomes too.
 */
export class ToolInvocation {
  readonly startedAt = Date.now();
  private readonly controller = new AbortController();
  private readonly progressEmitter = new Emitter<Progress>();
  /** The server's progress notifications for this call, as they come (reset its timeout too). */
  readonly onProgress = this.progressEmitter.event;
  readonly outcome: Promise<ToolOutcome>;

  constructor(request: ToolRequest, perform: PerformTool) {
    const call = {
      signal: this.controller.signal,
      onProgress: (p: Progress) => this.progressEmitter.fire(p),
    };
    this.outcome = perform(request, call).finally(() => this.progressEmitter.dispose());
  }

  /** Cancels the call: before it is sent it is never sent; once sent, the server is told. */
  cancel(reason: string): void {
    if (!this.controller.signal.aborted) this.controller.abort(new Error(reason));
  }
}

/** The words a cancel was given (the reason an AbortSignal carries). */
export function cancelReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason.message : String(reason ?? 'Cancelled.');
}
