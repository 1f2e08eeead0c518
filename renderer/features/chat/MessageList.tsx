import { useMemo, useState } from 'react';
import type { ChatBlock, ChatMessage, ToolCallRecord } from '../../../shared/chat/conversation';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import { VirtualList } from '../../components/VirtualList';
import type { LiveReply } from '../../state/slices/chat';
import { LiveReplyView } from './LiveReplyView';
import { MessageView } from './MessageView';

export type ToolUse = Extract<ChatBlock, { type: 'tool_use' }>;
export interface Item {
  key: string;
  message: ChatMessage;
  /** For assistant messages: each tool use with its record and result from the message after it. */
  calls: { use: ToolUse; record?: ToolCallRecord; result?: CallToolResult }[];
}

/** Messages as shown: tool results fold into the assistant message that asked for them. */
function itemsOf(messages: readonly ChatMessage[]): Item[] {
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

/**
 * The conversation, virtualised (only what is on screen is in the page), following the newest
 * message while you are at the bottom.
 */
export function MessageList({
  messages,
  live,
  onEdit,
  onRegenerate,
  onCancelCall,
  replying,
}: {
  onCancelCall: (toolUseId: string) => void;
  messages: readonly ChatMessage[];
  live: LiveReply | undefined;
  onEdit: (message: ChatMessage, text: string) => Promise<unknown>;
  onRegenerate: () => void;
  replying: boolean;
}) {
  const items = useMemo(() => itemsOf(messages), [messages]);
  const [follow, setFollow] = useState(true);
  const count = items.length + (live ? 1 : 0);
  const lastAssistant = [...items].reverse().find((i) => i.message.role === 'assistant');
  // Messages whose tool calls show a server's View stay in the page while the conversation is open:
  // scrolled away and back, a View goes on where it was rather than starting again.
  const pinned = useMemo(
    () =>
      items.flatMap((item, i) =>
        item.calls.some((c) => c.record?.view && c.record.decision === 'allowed') ? [i] : [],
      ),
    [items],
  );
  return (
    <VirtualList
      pinned={pinned}
      className="messages"
      label="Messages"
      count={count}
      itemKey={(i) => items[i]?.key ?? 'live'}
      estimateSize={120}
      overscan={6}
      follow={follow}
      onFollowChange={setFollow}
      rowClassName={() => 'message-slot'}
      renderRow={(i) => {
        const item = items[i];
        return item ? (
          <MessageView
            item={item}
            progress={live?.progress}
            onCancelCall={replying ? onCancelCall : undefined}
            onEdit={onEdit}
            canEdit={!replying}
            onRegenerate={!replying && item === lastAssistant ? onRegenerate : undefined}
          />
        ) : (
          live && <LiveReplyView live={live} />
        );
      }}
    />
  );
}
