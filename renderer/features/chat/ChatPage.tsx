import { Pencil, SlidersHorizontal, Trash2, Wrench } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { conversationCost, describeCost, PRICES_AS_OF } from '../../../shared/chat/prices';
import { addUsage, conversationUsage, describeUsage } from '../../../shared/chat/usage';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { saveFile } from '../../components/saveFile';
import { useApp } from '../../state/store';
import { leaveViews } from '../apps/liveViews';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { ConversationModel } from './ConversationModel';
import { ConversationSettingsForm } from './ConversationSettingsForm';
import { ConversationToolsForm } from './ConversationToolsForm';
import { ExportMenu } from './ExportMenu';
import { exportFileName } from './exportFileName';
import { MessageList } from './MessageList';
import { ProviderSwitchOffer } from './ProviderSwitchOffer';
import { SidePanel } from './SidePanel';
import { ToolBudgetNotice } from './ToolBudgetNotice';
import { useFileDrop } from './useFileDrop';
import { useSidePanels } from './useSidePanels';
import { useToolBudgetWarm } from './useToolBudget';

/** Conversations on the left; the open one with its messages, its settings and the composer. */
export function ChatPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const setPane = useApp((s) => s.setPane);
  const open = useApp((s) => s.open);
  const live = useApp((s) => (s.open ? s.live[s.open.id] : undefined));
  // This session's error, else the one saved with the conversation (it outlives a restart).
  const error = useApp((s) => (s.open ? (s.chatErrors[s.open.id] ?? s.open.lastError) : undefined));
  // The list has the newest title (a conversation is named after its first message once it is sent).
  const title = useApp((s) =>
    s.open ? (s.conversations.find((c) => c.id === s.open!.id)?.title ?? s.open.title) : '',
  );
  const [renaming, setRenaming] = useState<string>();
  const panels = useSidePanels<'model' | 'tools'>();
  useToolBudgetWarm(open?.settings);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Rename puts the focus in the title's box (its text selected); done, back on Rename.
  const focusNext = useRef<'title' | 'rename'>(undefined);
  const takeFocus = (which: 'title' | 'rename') => (el: HTMLInputElement | HTMLButtonElement | null) => {
    if (!el || focusNext.current !== which) return;
    focusNext.current = undefined;
    el.focus();
    if (el instanceof HTMLInputElement) el.select();
  };
  // Another conversation (from the list, the palette, the keyboard or the address): what was open
  // for the last one closes with it.
  const openId = open?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: openId is the trigger
  useEffect(() => {
    setRenaming(undefined);
    setConfirmDelete(false);
    // The Model and Tools panels belong to the conversation they were opened for.
    panels.closeAll();
  }, [openId]);

  const switchTo = useApp((s) => s.switchTo);
  const openConversation = (id: string) => {
    // The one already open (and not on its way out): nothing to open — its Views stay as they are.
    const now = useApp.getState();
    if (now.open?.id === id && !now.opening) return;
    void run(async () => {
      // What is typed (or sent) while it comes goes to it, not to the one still shown.
      await switchTo(async () => {
        const next = await host.call('getConversation', id);
        await leaveViews();
        return next;
      });
    });
  };

  // Messages not read yet (older pages) count too: the host added them up.
  const usage = open ? addUsage(open.earlier.usage, conversationUsage(open.messages)) : undefined;
  const held = conversationCost(open?.messages ?? []);
  const cost = {
    dollars: held.dollars + (open?.earlier.dollars ?? 0),
    unpriced: held.unpriced || open?.earlier.unpriced === true,
  };

  // Older messages, a page at a time as the list's top comes near (each page asked for once).
  const addOlderMessages = useApp((s) => s.addOlderMessages);
  const asked = useRef('');
  const hasOlder = (open?.from ?? 0) > 0;
  const readOlder = useCallback(() => {
    const now = useApp.getState().open;
    if (!now || now.from === 0 || asked.current === `${now.id}:${now.from}`) return;
    asked.current = `${now.id}:${now.from}`;
    const { id, from } = now;
    void run(async () => addOlderMessages(id, from, await host.call('getOlderMessages', id, from)));
  }, [host, run, addOlderMessages]);

  const exportAs = (format: 'markdown' | 'json') =>
    open &&
    void run(async () =>
      saveFile(exportFileName(title, format), await host.call('exportConversation', open.id, format)),
    );

  const drop = useFileDrop(host);
  return (
    <section className={open && panels.anyOpen ? 'chat-page with-sheet' : 'chat-page'} aria-label="Chats">
      <ConversationList openId={open?.id} onOpen={openConversation} />
      {open ? (
        <div className={drop.dropping ? 'conversation dropping' : 'conversation'} {...drop.handlers}>
          <header className="page-head">
            {renaming === undefined ? (
              <h1 title={revealAsText(title)}>
                <SafeText text={title} />
              </h1>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(async () => {
                    await host.call('renameConversation', open.id, renaming);
                    useApp.setState({ open: { ...open, title: renaming.trim() } });
                    focusNext.current = 'rename';
                    setRenaming(undefined);
                  });
                }}
              >
                <input
                  ref={takeFocus('title')}
                  aria-label="Title"
                  value={renaming}
                  onChange={(e) => setRenaming(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key !== 'Escape') return;
                    focusNext.current = 'rename';
                    setRenaming(undefined);
                  }}
                />
                <button type="submit">Save</button>
              </form>
            )}
            {/* The actions keep together: a window too narrow for title and actions puts them all on a line of their own. */}
            <div className="chat-actions">
              <button
                ref={takeFocus('rename')}
                type="button"
                onClick={() => {
                  focusNext.current = 'title';
                  setRenaming(title);
                }}
              >
                <Pencil aria-hidden="true" />
                Rename
              </button>
              <button
                type="button"
                onClick={() => panels.toggle('model')}
                aria-expanded={panels.isOpen('model')}
              >
                <SlidersHorizontal aria-hidden="true" />
                Model…
              </button>
              <button
                type="button"
                onClick={() => panels.toggle('tools')}
                aria-expanded={panels.isOpen('tools')}
              >
                <Wrench aria-hidden="true" />
                Tools…
              </button>
              <ExportMenu onExport={exportAs} />
              {confirmDelete ? (
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    void run(async () => {
                      await leaveViews();
                      await host.call('deleteConversation', open.id);
                      useApp.setState({ open: undefined });
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Delete for good
                </button>
              ) : (
                <button type="button" onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete…
                </button>
              )}
            </div>
          </header>
          <ConversationModel settings={open.settings} messages={open.messages} />
          <MessageList
            messages={open.messages}
            onNearStart={hasOlder ? readOlder : undefined}
            live={live}
            replying={open.replying}
            onEdit={(m, text) =>
              run(async () => {
                await host.call('editAndResend', open.id, m.id, text);
                return true;
              })
            }
            onRegenerate={() => void run(() => host.call('retryReply', open.id))}
            onCancelCall={(toolUseId) => void run(() => host.call('cancelToolCall', open.id, toolUseId))}
          />
          {error && (
            <div className="banner error" role="alert">
              {error.kind === 'too-many-tools' ? (
                <ToolBudgetNotice
                  settings={open.settings}
                  saved={error.message}
                  choosing={panels.isOpen('tools')}
                  onChoose={() => panels.show('tools')}
                  onRetry={() => void run(() => host.call('retryReply', open.id))}
                />
              ) : (
                <p>
                  <SafeText text={error.message} />
                </p>
              )}
              {error.kind === 'no-key' && <ProviderSwitchOffer id={open.id} settings={open.settings} />}
              {error.kind === 'too-long' && (
                <>
                  <button
                    type="button"
                    onClick={() => void run(() => host.call('leaveOutOldToolResults', open.id))}
                  >
                    Leave out old tool results
                  </button>{' '}
                  <button
                    type="button"
                    onClick={() =>
                      void run(() =>
                        // As any conversation that comes: typed meanwhile is its, a New chat asked before is passed over.
                        switchTo(async () => {
                          const conversation = await host.call('continueWithSummary', open.id);
                          await leaveViews();
                          return conversation;
                        }),
                      )
                    }
                  >
                    New conversation with a summary
                  </button>{' '}
                </>
              )}
              {(error.kind === 'no-key' || error.kind === 'auth') && (
                <button type="button" onClick={() => setPane('settings')}>
                  Open Settings
                </button>
              )}{' '}
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
          {usage && (
            <p className="muted small conversation-usage" data-conversation-usage>
              This conversation so far: {describeUsage(usage)}
              {cost.dollars > 0 &&
                ` · about ${describeCost(cost.dollars)}${cost.unpriced ? ' for the replies whose model has a known price' : ''} (prices of ${PRICES_AS_OF})`}
            </p>
          )}
          <Composer conversationId={open.id} replying={open.replying} />
        </div>
      ) : (
        <p className="muted">Choose a conversation or start a new chat.</p>
      )}
      {open && panels.anyOpen && (
        // Beside the conversation, never over or above it: the transcript keeps its height.
        <aside className="conversation-sheet" aria-label="Conversation panels">
          {panels.isOpen('model') && (
            <SidePanel title="Model" onClose={() => panels.close('model')}>
              <ConversationSettingsForm
                id={open.id}
                settings={open.settings}
                onDone={() => panels.close('model')}
              />
            </SidePanel>
          )}
          {panels.isOpen('tools') && (
            <SidePanel title="Tools" onClose={() => panels.close('tools')}>
              <ConversationToolsForm
                id={open.id}
                settings={open.settings}
                retry={error?.kind === 'too-many-tools'}
                onDone={() => panels.close('tools')}
              />
            </SidePanel>
          )}
        </aside>
      )}
    </section>
  );
}
