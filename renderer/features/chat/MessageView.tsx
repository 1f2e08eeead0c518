import type { ChatMessage } from '../../../shared/chat/conversation';
import { costOf, describeCost, PRICES_AS_OF } from '../../../shared/chat/prices';
import { describeUsage } from '../../../shared/chat/usage';

/** " · about $0.0042 (prices of …)" where the model's price is known; nothing where it is not. */
const priced = (m: ChatMessage): string => {
  const cost = m.usage && costOf(m.usage, m.model);
  return cost === undefined ? '' : ` · about ${describeCost(cost)} (prices of ${PRICES_AS_OF})`;
};

import { useRef } from 'react';
import { TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import { ContentView } from '../../components/ContentView';
import { Markdown } from '../../components/Markdown';
import { SafeText } from '../../components/SafeText';
import type { LiveReply } from '../../state/slices/chat';
import { useApp } from '../../state/store';
import { FileChip } from './FileChip';
import type { Item } from './messageItems';
import { ToolCallCard } from './ToolCallCard';
import { hostSearchShown, ToolSearchCard } from './ToolSearchCard';

/** One saved message: the person's (editable, then sent again) or the assistant's with its tool calls. */
export function MessageView({
  item,
  onEdit,
  canEdit,
  onRegenerate,
  progress,
  onCancelCall,
}: {
  item: Item;
  /** While the reply runs: cancel one of its tool calls. */
  onCancelCall?: (toolUseId: string) => void;
  progress?: LiveReply['progress'];
  /** Sends the edited message again; resolves truthy once the host took it. */
  onEdit: (message: ChatMessage, text: string) => Promise<unknown>;
  canEdit: boolean;
  onRegenerate?: () => void;
}) {
  const { message } = item;
  const editing = useApp((s) => s.edits[item.message.id]);
  const setEdit = useApp((s) => s.setEdit);
  const setEditing = (text: string | undefined) => setEdit(item.message.id, text);
  const focusOn = useApp((s) => s.focusOn);
  // Edit puts the focus in the box it opens (the caret after the text); Cancel back on Edit. Only
  // then: a row scrolled away and back while editing takes no focus from where the person is.
  const focusNext = useRef<'box' | 'edit'>(undefined);
  const takeFocus = (which: 'box' | 'edit') => (el: HTMLTextAreaElement | HTMLButtonElement | null) => {
    if (!el || focusNext.current !== which) return;
    focusNext.current = undefined;
    el.focus();
    if (el instanceof HTMLTextAreaElement) el.setSelectionRange(el.value.length, el.value.length);
  };
  // The person's own words; what they attached is shown folded, beside them.
  const text = message.blocks
    .flatMap((b) => (b.type === 'text' && !b.attachment ? [b.text] : []))
    .join('\n\n');
  const files = message.blocks.flatMap((b) => (b.type === 'file' ? [b.file] : []));
  if (message.role === 'user') {
    return (
      <article className="message user" aria-label="You">
        {files.length > 0 && (
          <ul className="message-files" aria-label="Attached files">
            {files.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be attached twice
              <li key={i}>
                <FileChip file={f} />
              </li>
            ))}
          </ul>
        )}
        {message.blocks.map((b, i) =>
          b.type === 'text' && b.attachment ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
            <AttachmentChip key={i} uri={b.attachment.uri} server={b.attachment.server} text={b.text} />
          ) : b.type === 'image' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
            <ContentView key={i} content={{ type: 'image', mimeType: b.mimeType, data: b.data }} />
          ) : null,
        )}
        {editing === undefined ? (
          <>
            <Markdown text={text} />
            {canEdit && (
              <button
                ref={takeFocus('edit')}
                type="button"
                className="link"
                onClick={() => {
                  focusNext.current = 'box';
                  setEditing(text);
                }}
              >
                Edit
              </button>
            )}
          </>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!editing.trim()) return setEditing(undefined);
              // The box closes once the host took the edit: refused (a reply running, the host gone),
              // what was written stays in it.
              // Sent as meant: the newline an Enter may have left at the end is not part of it.
              void onEdit(message, editing.trimEnd()).then((took) => {
                if (!took) return;
                setEditing(undefined);
                // Sent again: the person goes on where they write.
                focusOn('composer');
              });
            }}
          >
            <textarea
              ref={takeFocus('box')}
              aria-label="Edit your message"
              rows={3}
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              onKeyDown={(e) => {
                // As in the message box: Enter sends, Shift+Enter is a new line, and an IME's Enter
                // (choosing a word) is the IME's.
                if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }}
            />
            <div className="row">
              <button type="submit" className="primary">
                Send again
              </button>
              <button
                type="button"
                onClick={() => {
                  focusNext.current = 'edit';
                  setEditing(undefined);
                }}
              >
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
        ) : b.type === 'thinking' ? (
          // The model's reasoning: folded away, the answer is what is read.
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
          <details key={i} className="thinking">
            <summary className="muted small">Thinking</summary>
            {b.redacted !== undefined ? (
              <p className="muted small">The provider keeps this part of the reasoning encrypted.</p>
            ) : (
              <p className="thinking-text small">
                <SafeText text={b.text} />
              </p>
            )}
          </details>
        ) : b.type === 'tool_search' ? (
          // The provider's own search of the conversation's tools.
          <ToolSearchCard
            key={b.id}
            query={b.query}
            found={b.found ?? []}
            state={b.error !== undefined ? 'failed' : 'done'}
            {...(b.error !== undefined ? { error: `The provider's search failed (${b.error}).` } : {})}
          />
        ) : null,
      )}
      {item.calls.map((c) =>
        c.use.name === TOOL_SEARCH_NAME ? (
          <ToolSearchCard key={c.use.id} {...hostSearchShown(c.use.input, c.record, c.result)} />
        ) : (
          <ToolCallCard
            key={c.use.id}
            id={c.use.id}
            name={c.use.name}
            input={c.use.input}
            record={c.record}
            result={c.result}
            progress={progress?.[c.use.id]}
            onCancel={!c.record && onCancelCall ? () => onCancelCall(c.use.id) : undefined}
          />
        ),
      )}
      <p className="muted small">
        {message.model && <SafeText text={message.model} />}
        {message.stopReason === 'stopped'
          ? ' · stopped'
          : message.stopReason === 'maxTokens' || message.stopReason === 'max_tokens'
            ? ' · cut off at max tokens'
            : ''}
        {message.usage && <span data-usage>{` · ${describeUsage(message.usage)}${priced(message)}`}</span>}
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

/** An attached resource in the person's message: a chip that opens to what the model read. */
function AttachmentChip({ uri, server, text }: { uri: string; server: string; text: string }) {
  // The first line is the "[attached resource …]" header the model reads; the rest is the resource.
  const body = text.slice(text.indexOf('\n') + 1);
  const lines = body.split('\n').length;
  return (
    <details className="attachment">
      <summary>
        <span className="chip">
          attached <SafeText text={uri} />
        </span>{' '}
        <span className="muted">
          from {server} · {lines.toLocaleString()} line{lines === 1 ? '' : 's'}
        </span>
      </summary>
      <pre className="attachment-text">
        <SafeText text={body} />
      </pre>
    </details>
  );
}
