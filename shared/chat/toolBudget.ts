/** Servers and tools a conversation leaves out of what the model is offered (the person's choice). */
export interface LeaveOut {
  servers: string[];
  tools: { server: string; tool: string }[];
}

/** Whether `server`'s `tool` is left out of a conversation. */
export const isLeftOut = (leaveOut: LeaveOut | undefined, server: string, tool: string): boolean =>
  !!leaveOut &&
  (leaveOut.servers.includes(server) || leaveOut.tools.some((t) => t.server === server && t.tool === tool));

/** A tool as a request carries it. */
export interface OfferedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
}

/**
 * About how many tokens a tool list takes in a request: its JSON over four characters a token
 * (models' tokenisers differ; schema JSON runs close to this). For a budget, not a bill.
 */
export const toolTokens = (tools: readonly OfferedTool[]): number =>
  Math.ceil(JSON.stringify(tools).length / 4);

/** What one request may carry: the provider's count limit, the person's token budget (Settings). */
export interface ToolBudget {
  /** The provider's limit on tools in one request (OpenAI: 128). */
  maxTools?: number;
  /** The person's budget for the tool definitions, in tokens. */
  maxTokens?: number;
}

/** What is over the budget, said with the numbers, or undefined when the tools fit. */
export function overBudget(
  tools: readonly OfferedTool[],
  budget: ToolBudget,
  provider: string,
): string | undefined {
  if (budget.maxTools !== undefined && tools.length > budget.maxTools)
    return `${tools.length} tools are on for this conversation, and ${provider} takes at most ${budget.maxTools} in a request.`;
  const tokens = toolTokens(tools);
  if (budget.maxTokens !== undefined && tokens > budget.maxTokens)
    return `The ${tools.length} tools on for this conversation come to about ${tokens.toLocaleString('en-US')} tokens, over your budget of ${budget.maxTokens.toLocaleString('en-US')} (Settings).`;
  return undefined;
}
