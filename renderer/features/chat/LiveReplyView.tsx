import { TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import { Markdown } from '../../components/Markdown';
import type { LiveReply } from '../../state/slices/chat';
import { ToolCallCard } from './ToolCallCard';
import { ToolSearchCard } from './ToolSearchCard';

/** The reply being written: its text so far and the tool uses it has announced. */
export function LiveReplyView({ live }: { live: LiveReply }) {
  const text = Object.values(live.text).join('');
  return (
    <article className="message assistant live" aria-label="Reply being written" aria-busy="true">
      {text ? <Markdown text={text} /> : <p className="muted">…</p>}
      {live.tools.map((t) =>
        t.name === TOOL_SEARCH_NAME ? (
          <ToolSearchCard key={t.id} query="" found={[]} state="running" />
        ) : (
          <ToolCallCard key={t.id} name={t.name} input={{}} progress={live.progress[t.id]} />
        ),
      )}
    </article>
  );
}
