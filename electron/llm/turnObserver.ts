import type { ChatBlock, ChatMessage, TokenUsage, ToolCallRecord } from '../../shared/chat/conversation';
import type { CallToolResult } from '../../shared/mcp/protocol';

/** How one request to the model ended. */
export type ModelOutcome =
  | { model: string; stopReason?: string; usage?: TokenUsage; blocks?: readonly ChatBlock[] }
  | { error: unknown };

/**
 * Who hears of one turn's model requests and tool uses (the host's telemetry). The loop knows
 * nothing else of it; without one, it costs a check per step. What was said (the messages, the
 * reply's blocks, a tool use's input) is handed over as it is: the observer decides what of it
 * leaves (nothing, unless content capture is on — and then redacted).
 */
export interface TurnObserver {
  /** A request to the model begins; `end` is told once how it ended. */
  modelRequest(request: {
    model: string;
    maxTokens: number;
    messages?: readonly ChatMessage[];
    system?: string;
  }): { end(outcome: ModelOutcome): void };
  /**
   * Runs one tool use (consent, the call, its outcome) within the observer's context for it, so that
   * what the call does — the MCP request it makes — is heard as part of it.
   */
  toolUse(
    use: { id: string; name: string; input?: Record<string, unknown> },
    run: () => Promise<{ result: CallToolResult; record: ToolCallRecord }>,
  ): Promise<{ result: CallToolResult; record: ToolCallRecord }>;
}
