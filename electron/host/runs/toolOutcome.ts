import { assertNever } from '../../../shared/assertNever';
import type { ToolCallRecord } from '../../../shared/chat/conversation';
import type { ToolRunOutcome } from '../../../shared/ipc/catalogContract';
import type { CallToolResult } from '../../../shared/mcp/protocol';

/** What was sent to the server once consent allowed it; `sentAt` starts the tool's own time. */
export interface SentCall {
  server: string;
  tool: string;
  /** Exactly the approved arguments, as shown. */
  argumentsJson: string;
  sentAt: number;
  /** The tool's View (MCP Apps), a `ui://` resource of the same server. */
  viewUri?: string;
  /** With a View: the identity of the server that ran the call (its View opens from no other). */
  viewServer?: string;
}

/**
 * How one tool call ended, whoever started it (the model or the person). Every variant carries the
 * `result` the model reads: refusals, cancels and failures become an error result here and nowhere else.
 */
export type ToolOutcome =
  | ({ status: 'done'; result: CallToolResult } & SentCall)
  /** Never sent: no such tool, turned off, server not running, consent refused, or cancelled first. */
  | { status: 'refused'; reason: string; server?: string; tool?: string; result: CallToolResult }
  /** Sent, then cancelled by whoever started it (the server was told). */
  | ({ status: 'cancelled'; reason: string; result: CallToolResult } & SentCall)
  /** Sent, and the server answered with an error or the connection failed (`error` says how). */
  | ({ status: 'failed'; reason: string; error: string; code?: number; result: CallToolResult } & SentCall);

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export function refused(reason: string, where: { server?: string; tool?: string } = {}): ToolOutcome {
  return { status: 'refused', reason, ...where, result: errorResult(reason) };
}

export function cancelled(reason: string, sent: SentCall): ToolOutcome {
  return { status: 'cancelled', reason, ...sent, result: errorResult(reason) };
}

export function failed(error: string, sent: SentCall, code?: number): ToolOutcome {
  const reason = `The call failed: ${error}`;
  return {
    status: 'failed',
    reason,
    error,
    ...(code !== undefined ? { code } : {}),
    ...sent,
    result: errorResult(reason),
  };
}

/** The record a conversation keeps of one tool use, for its card. */
export function toolCallRecord(
  outcome: ToolOutcome,
  use: { id: string; name: string; input: Record<string, unknown> },
  startedAt: number,
): ToolCallRecord {
  const sent = outcome.status === 'refused' ? undefined : outcome;
  return {
    toolUseId: use.id,
    name: use.name,
    ...(outcome.server ? { server: outcome.server } : {}),
    ...(outcome.tool ? { tool: outcome.tool } : {}),
    argumentsJson: sent ? sent.argumentsJson : JSON.stringify(use.input),
    // Cancelled after it was sent: stopped by the person (or the reply's Stop), not failed.
    decision:
      outcome.status === 'done'
        ? 'allowed'
        : outcome.status === 'refused'
          ? 'refused'
          : outcome.status === 'cancelled'
            ? 'stopped'
            : 'failed',
    ...(outcome.status !== 'done' ? { reason: outcome.reason } : {}),
    // The tool's own time: from when it was sent, not from when the person was asked.
    startedAt: sent ? sent.sentAt : startedAt,
    endedAt: Date.now(),
    ...(outcome.status === 'done' && outcome.viewUri !== undefined
      ? {
          view: {
            resourceUri: outcome.viewUri,
            ...(outcome.viewServer !== undefined ? { server: outcome.viewServer } : {}),
          },
        }
      : {}),
  };
}

/**
 * What the tool runner on the servers page shows for a run the person started, as it ends (now): the
 * duration is the tool's own, from the call sent to its answer.
 */
export function toolRunOutcome(outcome: ToolOutcome): ToolRunOutcome {
  switch (outcome.status) {
    case 'done':
      return { status: 'done', result: outcome.result, durationMs: Date.now() - outcome.sentAt };
    case 'refused':
    case 'cancelled':
      return { status: 'refused', reason: outcome.reason };
    case 'failed':
      return {
        status: 'failed',
        error: outcome.error,
        ...(outcome.code !== undefined ? { code: outcome.code } : {}),
        durationMs: Date.now() - outcome.sentAt,
      };
    default:
      return assertNever(outcome, 'tool outcome');
  }
}
