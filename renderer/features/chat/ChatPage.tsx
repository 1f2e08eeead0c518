import { useEffect, useState } from 'react';
import type { ConversationSettings } from '../../../shared/chat/conversation';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { MessageList } from './MessageList';

function download(name: string, type: string, text: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Conversations on the left; the open one with its messages, its settings and the composer. */
export function ChatPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const open = useApp((s) => s.open);
  const live = useApp((s) => (s.open ? s.live[s.open.id] : undefined));
  const error = useApp((s) => (s.open ? s.chatErrors[s.open.id] : undefined));
  // The list has the newest title (a conversation is named after its first message once it is sent).
  const title = useApp((s) =>
    s.open ? (s.conversations.find((c) => c.id === s.open!.id)?.title ?? s.open.title) : '',
  );
  const [renaming, setRenaming] = useState<string>();
  const [showSettings, setShowSettings] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const openConversation = (id: string) =>
    void run(async () => {
      useApp.setState({ open: await host.call('getConversation', id) });
      setRenaming(undefined);
      setConfirmDelete(false);
    });

  const exportAs = (format: 'markdown' | 'json') =>
    open &&
    void run(async () =>
      download(
        `${title}.${format === 'markdown' ? 'md' : 'json'}`,
        format === 'markdown' ? 'text/markdown' : 'application/json',
        await host.call('exportConversation', open.id, format),
      ),
    );

  return (
    <section className="chat-page" aria-label="Chats">
      <ConversationList openId={open?.id} onOpen={openConversation} />
      {open ? (
        <div className="conversation">
          <header className="page-head">
            {renaming === undefined ? (
              <h1>
                <SafeText text={title} />
              </h1>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(async () => {
                    await host.call('renameConversation', open.id, renaming);
                    useApp.setState({ open: { ...open, title: renaming.trim() } });
                    setRenaming(undefined);
                  });
                }}
              >
                <input aria-label="Title" value={renaming} onChange={(e) => setRenaming(e.target.value)} />
                <button type="submit">Save</button>
              </form>
            )}
            <button type="button" onClick={() => setRenaming(title)}>
              Rename
            </button>
            <button type="button" onClick={() => setShowSettings((s) => !s)} aria-expanded={showSettings}>
              Model…
            </button>
            <button type="button" onClick={() => exportAs('markdown')}>
              Export Markdown
            </button>
            <button type="button" onClick={() => exportAs('json')}>
              Export JSON
            </button>
            {confirmDelete ? (
              <button
                type="button"
                className="danger"
                onClick={() =>
                  void run(async () => {
                    await host.call('deleteConversation', open.id);
                    useApp.setState({ open: undefined });
                  })
                }
              >
                Delete for good
              </button>
            ) : (
              <button type="button" onClick={() => setConfirmDelete(true)}>
                Delete…
              </button>
            )}
          </header>
          {showSettings && <ConversationSettingsForm id={open.id} settings={open.settings} />}
          <MessageList
            messages={open.messages}
            live={live}
            replying={open.replying}
            onEdit={(m, text) =>
              void run(() => host.call('editAndResend', open.id, m.id, text)).then(() =>
                openConversation(open.id),
              )
            }
            onRegenerate={() =>
              void run(() => host.call('retryReply', open.id)).then(() => openConversation(open.id))
            }
          />
          {error && (
            <div className="banner error" role="alert">
              <p>{error.message}</p>
              {error.retryable && (
                <button type="button" onClick={() => void run(() => host.call('retryReply', open.id))}>
                  Retry
                  {error.retryAfterMs
                    ? ` (the API asks to wait ${Math.ceil(error.retryAfterMs / 1000)} s)`
                    : ''}
                </button>
              )}
            </div>
          )}
          <Composer conversationId={open.id} replying={open.replying} />
        </div>
      ) : (
        <p className="muted">Choose a conversation or start a new chat.</p>
      )}
    </section>
  );
}

function ConversationSettingsForm({ id, settings }: { id: string; settings: ConversationSettings }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [model, setModel] = useState(settings.model ?? '');
  const [system, setSystem] = useState(settings.system ?? '');
  const [maxTokens, setMaxTokens] = useState(String(settings.maxTokens));
  const [models, setModels] = useState<string[]>([]);
  // The models the API lists (or the known ones), to pick from; any name may still be typed.
  useEffect(() => {
    void host.call('listModels').then(
      (m) => setModels(m.models),
      () => {},
    );
  }, [host]);
  const tokens = Number(maxTokens);
  return (
    <form
      className="card conversation-settings"
      aria-label="Conversation settings"
      onSubmit={(e) => {
        e.preventDefault();
        const next: ConversationSettings = {
          maxTokens: tokens,
          ...(model.trim() ? { model: model.trim() } : {}),
          ...(system.trim() ? { system } : {}),
        };
        void run(async () => {
          await host.call('setConversationSettings', id, next);
          useApp.setState((s) => (s.open?.id === id ? { open: { ...s.open, settings: next } } : {}));
        });
      }}
    >
      <div className="row">
        <label htmlFor="conv-model">Model</label>
        <input
          id="conv-model"
          list="conv-models"
          value={model}
          placeholder="the default model"
          onChange={(e) => setModel(e.target.value)}
        />
        <datalist id="conv-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <label htmlFor="conv-max">Max tokens</label>
        <input
          id="conv-max"
          type="number"
          min={1}
          value={maxTokens}
          onChange={(e) => setMaxTokens(e.target.value)}
        />
      </div>
      <label htmlFor="conv-system">System prompt</label>
      <textarea id="conv-system" rows={3} value={system} onChange={(e) => setSystem(e.target.value)} />
      <button type="submit" className="primary" disabled={!Number.isInteger(tokens) || tokens < 1}>
        Save
      </button>
    </form>
  );
}
