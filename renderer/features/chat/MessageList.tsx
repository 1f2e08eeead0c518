import { useMemo, useState } from 'react';
import type { ChatMessage } from '../../../shared/chat/conversation';
import { VirtualList } from '../../components/VirtualList';
import type { LiveReply } from '../../state/slices/chat';
import { useApp } from '../../state/store';
import { LiveReplyView } from './LiveReplyView';
import { MessageView } from './MessageView';
import { itemsOf } from './messageItems';

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
  onNearStart,
}: {
  onCancelCall: (toolUseId: string) => void;
  messages: readonly ChatMessage[];
  live: LiveReply | undefined;
  onEdit: (message: ChatMessage, text: string) => Promise<unknown>;
  onRegenerate: () => void;
  replying: boolean;
  /** Older messages are there to read: called as the top comes near. */
  onNearStart?: () => void;
}) {
  const items = useMemo(() => itemsOf(messages), [messages]);
  const [follow, setFollow] = useState(true);
  const count = items.length + (live ? 1 : 0);
  const lastAssistant = [...items].reverse().find((i) => i.message.role === 'assistant');
  // A call the Activity page asked to see: its message, brought into view once (following stops).
  const shown = useApp((s) => s.shownToolCall);
  const shownAt = shown
    ? items.findIndex((item) => item.calls.some((c) => c.use.id === shown.toolUseId))
    : -1;
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
      onNearStart={onNearStart}
      reveal={shown && shownAt >= 0 ? { index: shownAt, asked: shown } : undefined}
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
