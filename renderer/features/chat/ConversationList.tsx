import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../shared/chat/conversation';
import { describeTurns } from '../../../shared/chat/turns';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { startNewChat } from '../../state/navigation';
import { useApp } from '../../state/store';

/** Every conversation, newest first, with full-text search across all of them. */
export function ConversationList({ openId, onOpen }: { openId?: string; onOpen: (id: string) => void }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const conversations = useApp((s) => s.conversations);
  // The conversations holding an unsent draft (a string, so typing does not redraw the list each key).
  const drafted = new Set(
    useApp((s) =>
      Object.keys(s.drafts)
        .filter((id) => s.drafts[id]?.trim())
        .join(' '),
    ).split(' '),
  );
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<(ConversationSummary & { snippet: string })[]>();
  useEffect(() => {
    if (!query.trim()) {
      setFound(undefined);
      return;
    }
    const t = setTimeout(
      () => void run(async () => setFound(await host.call('searchConversations', query))),
      200,
    );
    return () => clearTimeout(t);
  }, [query, host, run]);
  const shown = found ?? conversations;
  // "Search chats" from the keyboard or the palette.
  const search = useRef<HTMLInputElement>(null);
  const wanted = useApp((s) => s.focusWanted === 'search-chats');
  useEffect(() => {
    if (!wanted || !search.current) return;
    search.current.focus();
    useApp.setState({ focusWanted: undefined });
  }, [wanted]);
  return (
    <nav className="conversation-list" aria-label="Conversations">
      <button
        type="button"
        className="primary"
        // Opened from what was created; what is typed (or sent) meanwhile goes to it, and so does the focus.
        onClick={() => void run(() => startNewChat(host))}
      >
        <Plus aria-hidden="true" />
        New chat
      </button>
      <input
        ref={search}
        type="search"
        aria-label="Search conversations"
        placeholder="Search all chats"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="item-list">
        {shown.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={c.id === openId ? 'item active' : 'item'}
              aria-current={c.id === openId ? 'true' : undefined}
              onClick={() => onOpen(c.id)}
            >
              <SafeText text={c.title} />
              <span className="muted small">
                {'snippet' in c ? (
                  <SafeText text={String(c.snippet)} />
                ) : (
                  `${describeTurns(c.turns)} · ${new Date(c.updatedAt).toLocaleString()}`
                )}
                {drafted.has(c.id) && c.id !== openId ? ' · draft' : ''}
              </span>
            </button>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="muted">{found ? 'Nothing found.' : 'No conversations yet.'}</li>
        )}
      </ul>
    </nav>
  );
}
