import type { ChatBlock, ChatMessage, ToolCallRecord } from '../../../shared/chat/conversation';
import type { CallToolResult } from '../../../shared/mcp/protocol';

type ToolUse = Extract<ChatBlock, { type: 'tool_use' }>;

/** A message as shown. */
export interface Item {
  key: string;
  message: ChatMessage;
  /** For assistant messages: each tool use with its record and result from the message after it. */
  calls: { use: ToolUse; record?: ToolCallRecord; result?: CallToolResult }[];
}

/** Messages as shown: tool results fold into the assistant message that asked for them. */
export function itemsOf(messages: readonly ChatMessage[]): Item[] {
  const items: Item[] = [];
  messages.forEach((m, i) => {
    const onlyResults =
      m.role === 'user' && m.blocks.length > 0 && m.blocks.every((b) => b.type === 'tool_result');
    if (onlyResults) return;
    const next = messages[i + 1];
    const calls = m.blocks
      .filter((b): b is ToolUse => b.type === 'tool_use')
      .map((use) => {
        const result = next?.blocks.find((b) => b.type === 'tool_result' && b.toolUseId === use.id);
        return {
          use,
          record: next?.toolCalls?.find((r) => r.toolUseId === use.id),
          result: result?.type === 'tool_result' ? result.result : undefined,
        };
      });
    items.push({ key: m.id, message: m, calls });
  });
  return items;
}
