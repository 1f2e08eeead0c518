import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChatBlock, ChatMessage, ToolCallRecord } from '../../../shared/chat/conversation';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import { ContentView } from '../../components/ContentView';
import { Markdown } from '../../components/Markdown';
import type { LiveReply } from '../../state/slices/chat';
import { ToolCallCard } from './ToolCallCard';

type ToolUse = Extract<ChatBlock, { type: 'tool_use' }>;
interface Item {
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
  replying,
}: {
  messages: readonly ChatMessage[];
  live: LiveReply | undefined;
  onEdit: (message: ChatMessage, text: string) => void;
  onRegenerate: () => void;
  replying: boolean;
}) {
  const items = useMemo(() => itemsOf(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const count = items.length + (live ? 1 : 0);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => 120,
    overscan: 6,
    getItemKey: (i) => items[i]?.key ?? 'live',
  });
  const total = virtual.getTotalSize();
  const liveText = live ? Object.values(live.text).join('') : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content moves the bottom
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom) el.scrollTop = el.scrollHeight;
  }, [count, total, liveText, atBottom]);
  const lastAssistant = [...items].reverse().find((i) => i.message.role === 'assistant');

  return (
    <div
      ref={scroller}
      className="messages"
      role="log"
      aria-label="Messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard scrolling
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
      }}
    >
      <div style={{ height: total, position: 'relative' }}>
        {virtual.getVirtualItems().map((v) => {
          const item = items[v.index];
          return (
            <div
              key={v.key}
              data-index={v.index}
              ref={virtual.measureElement}
              className="message-slot"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${v.start}px)`,
              }}
            >
              {item ? (
                <MessageView
                  item={item}
                  progress={live?.progress}
                  onEdit={onEdit}
                  canEdit={!replying}
                  onRegenerate={!replying && item === lastAssistant ? onRegenerate : undefined}
                />
              ) : (
                live && <LiveView live={live} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function MessageView({
  item,
  onEdit,
  canEdit,
  onRegenerate,
  progress,
}: {
  item: Item;
  progress?: LiveReply['progress'];
  onEdit: (message: ChatMessage, text: string) => void;
  canEdit: boolean;
  onRegenerate?: () => void;
}) {
  const { message } = item;
  const [editing, setEditing] = useState<string>();
  const text = message.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n\n');
  if (message.role === 'user') {
    return (
      <article className="message user" aria-label="You">
        {message.blocks
          .filter((b) => b.type === 'image')
          .map((b, i) =>
            b.type === 'image' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
              <ContentView key={i} content={{ type: 'image', mimeType: b.mimeType, data: b.data }} />
            ) : null,
          )}
        {editing === undefined ? (
          <>
            <Markdown text={text} />
            {canEdit && (
              <button type="button" className="link" onClick={() => setEditing(text)}>
                Edit
              </button>
            )}
          </>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (editing.trim()) onEdit(message, editing);
              setEditing(undefined);
            }}
          >
            <textarea
              aria-label="Edit your message"
              rows={3}
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
            />
            <div className="row">
              <button type="submit" className="primary">
                Send again
              </button>
              <button type="button" onClick={() => setEditing(undefined)}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </article>
    );
  }
  return (
    <article className="message assistant" aria-label="Assistant">
      {message.blocks.map((b, i) =>
        b.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
          <Markdown key={i} text={b.text} />
        ) : null,
      )}
      {item.calls.map((c) => (
        <ToolCallCard
          key={c.use.id}
          name={c.use.name}
          input={c.use.input}
          record={c.record}
          result={c.result}
          progress={progress?.[c.use.id]}
        />
      ))}
      <p className="muted small">
        {message.model}
        {message.stopReason === 'stopped'
          ? ' · stopped'
          : message.stopReason === 'max_tokens'
            ? ' · cut off at max tokens'
            : ''}
        {onRegenerate && (
          <>
            {' '}
            <button type="button" className="link" onClick={onRegenerate}>
              Regenerate
            </button>
          </>
        )}
      </p>
    </article>
  );
}

function LiveView({ live }: { live: LiveReply }) {
  const text = Object.values(live.text).join('');
  return (
    <article className="message assistant live" aria-label="Reply being written" aria-busy="true">
      {text ? <Markdown text={text} /> : <p className="muted">…</p>}
      {live.tools.map((t) => (
        <ToolCallCard key={t.id} name={t.name} input={{}} progress={live.progress[t.id]} />
      ))}
    </article>
  );
}
