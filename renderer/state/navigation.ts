import type { ChatMessage, ConversationSummary } from '../../shared/chat/conversation';
import { leaveViews } from '../features/apps/liveViews';
import type { HostConnection } from '../hostClient';
import { OPENING_DRAFT } from './slices/chat';
import { useApp } from './store';

/**
 * The ways to a conversation that the list, the keyboard, the palette and the address share: each
 * through switchTo, so what is typed (or sent) while it comes goes to it, and the Views on screen are
 * told before they go.
 */

/** Opens conversation `id` on Chats. Rejects with what the host said (an id it does not know). */
export async function openConversation(host: HostConnection, id: string): Promise<void> {
  const state = useApp.getState();
  // The switch starts at once (a later one overtakes an earlier one by the order they started in).
  const there = state.setPane('chats');
  if (state.open?.id === id && !state.opening) return there;
  await state.switchTo(async () => {
    const next = await host.call('getConversation', id);
    await leaveViews();
    return next;
  });
  await there;
}

/**
 * Opens a conversation at one tool call: its older messages are read a page at a time until the one
 * holding the call is there, then the list brings it into view. A call no longer in the conversation
 * (it was edited away) is said so, and the conversation shown at its end.
 */
export async function openToolCall(host: HostConnection, id: string, toolUseId: string): Promise<void> {
  await openConversation(host, id);
  const holds = (m: ChatMessage) => m.blocks.some((b) => b.type === 'tool_use' && b.id === toolUseId);
  for (;;) {
    const open = useApp.getState().open;
    if (open?.id !== id) return;
    if (open.messages.some(holds)) {
      useApp.setState({ shownToolCall: { conversation: id, toolUseId } });
      return;
    }
    if (open.from === 0) {
      useApp
        .getState()
        .notify('That tool call is no longer in its conversation (a message before it was edited).');
      return;
    }
    useApp.getState().addOlderMessages(id, open.from, await host.call('getOlderMessages', id, open.from));
    if (useApp.getState().open?.from === open.from) return;
  }
}

/** Starts a new conversation on Chats, and puts the focus in its message box. */
export async function startNewChat(host: HostConnection): Promise<void> {
  const state = useApp.getState();
  // An empty conversation holding no draft goes when another is made: the files attached in it
  // come along to the new one (a conversation with words typed keeps its own).
  const { open } = state;
  if (open && open.messages.length === 0 && !state.drafts[open.id]?.trim() && state.files[open.id]?.length)
    state.moveFiles(open.id, OPENING_DRAFT);
  const there = state.setPane('chats');
  await state.switchTo(async () => {
    const made = await host.call('createConversation', {});
    await leaveViews();
    return made;
  });
  await there;
  useApp.getState().focusOn('composer');
}

/**
 * The conversation `step` places from the open one in the list as it is shown (newest first: -1 is
 * the one above, +1 the one below); with none open, the first. Undefined past either end.
 */
export function neighbourOf(
  conversations: readonly Pick<ConversationSummary, 'id'>[],
  openId: string | undefined,
  step: 1 | -1,
): string | undefined {
  const at = conversations.findIndex((c) => c.id === openId);
  if (at < 0) return conversations[0]?.id;
  return conversations[at + step]?.id;
}
