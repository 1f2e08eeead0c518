import type { HostConnection } from '../../hostClient';
import { neighbourOf, openConversation, startNewChat } from '../../state/navigation';
import { useApp } from '../../state/store';
import type { ShortcutId } from './shortcuts';

/** Opens a conversation from the keyboard (the palette, Alt+↑/↓): the focus goes to its message box. */
export function openFromKeyboard(host: HostConnection, id: string): void {
  const { run, focusOn } = useApp.getState();
  void run(async () => {
    await openConversation(host, id);
    focusOn('composer');
  });
}

/** Does what a shortcut (or the palette's action of the same name) says. */
export function runShortcut(id: ShortcutId, host: HostConnection): void {
  const state = useApp.getState();
  switch (id) {
    case 'palette':
    case 'shortcuts':
      state.setOverlay(id);
      return;
    case 'new-chat':
      void state.run(() => startNewChat(host));
      return;
    case 'focus-composer':
    case 'search-chats':
      void state.setPane('chats');
      state.focusOn(id === 'focus-composer' ? 'composer' : 'search-chats');
      return;
    case 'previous-conversation':
    case 'next-conversation': {
      const next = neighbourOf(state.conversations, state.open?.id, id === 'next-conversation' ? 1 : -1);
      if (next) openFromKeyboard(host, next);
      return;
    }
    default:
      void state.setPane(id.slice('go-'.length) as Parameters<typeof state.setPane>[0]);
  }
}
