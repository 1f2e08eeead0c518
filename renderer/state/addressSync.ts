import { noConversation, saysNoConversation } from '../../shared/chat/conversation';
import { isConversationId } from '../../shared/chat/isConversationId';
import { addressOf, type Place, placeAt } from '../../shared/ui/appAddress';
import { leaveViews } from '../features/apps/liveViews';
import type { HostConnection } from '../hostClient';
import { openConversation } from './navigation';
import { type AppState, useApp } from './store';

/**
 * Addresses the app is opened at that are no place of its own and nothing amiss: the Electron
 * window's file, and the install-link entry (whose preview replaces it).
 */
const OPENED_AS_START = new Set(['/index.html', '/install']);

/** Where the store is: its page, and on Chats the open conversation. */
const placeOf = (s: Pick<AppState, 'pane' | 'open'>): Place =>
  s.pane === 'chats' && s.open ? { page: 'chats', conversation: s.open.id } : { page: s.pane };

/**
 * Keeps the address bar and the store in step, with the History API: a page or conversation opened
 * pushes its address (back and forward return to it), an address opened — at start, a reload, back
 * or forward — opens its page and conversation. A conversation the host does not know is said so,
 * and the list shown in its place.
 */
export function syncAddress(host: HostConnection, win: Window = window): () => void {
  // While an address is being opened the store passes through places on the way (the page first,
  // then the conversation): none of them is written to the address bar.
  let arriving = 0;
  const write = (mode: 'push' | 'replace') => {
    const address = addressOf(placeOf(useApp.getState()));
    if (address === win.location.pathname && !win.location.search) return;
    if (mode === 'push') win.history.pushState(null, '', address);
    else win.history.replaceState(null, '', address);
  };
  const arrive = async (place: Place) => {
    arriving++;
    try {
      const state = useApp.getState();
      if (place.conversation !== undefined) {
        // An id no conversation could have is not asked of the host (whose refusal names its checks).
        let why = isConversationId(place.conversation) ? undefined : noConversation(place.conversation);
        if (why === undefined)
          await openConversation(host, place.conversation).catch((error: unknown) => {
            why = error instanceof Error ? error.message : String(error);
          });
        if (why !== undefined) {
          state.notify(
            saysNoConversation(why)
              ? 'No conversation at this address (deleted, or the address is not whole): here are the others.'
              : `The conversation at this address cannot be opened (${why}): here are the others.`,
          );
          useApp.setState({ pane: 'chats' });
        }
      } else {
        await state.setPane(place.page);
        // Back to the list with nothing open (as before the first conversation was opened).
        if (place.page === 'chats' && state.open) {
          await leaveViews();
          useApp.setState({ open: undefined });
        }
      }
    } finally {
      arriving--;
      // The address says where the app arrived: a conversation that could not be had is not kept in it.
      if (arriving === 0) write('replace');
    }
  };

  const offStore = useApp.subscribe((s, before) => {
    if (arriving > 0) return;
    if (s.pane === before.pane && s.open?.id === before.open?.id) return;
    // A conversation deleted (the one open, gone): its address goes too, not into history.
    const deleted = s.pane === 'chats' && before.pane === 'chats' && before.open && !s.open;
    write(deleted ? 'replace' : 'push');
  });
  const onPop = () => {
    const place = placeAt(win.location.pathname);
    if (place) void arrive(place);
  };
  win.addEventListener('popstate', onPop);
  // The address the app was opened at (a reload keeps the place); one not of ours is the app's start,
  // said so unless it is the app's own file or the install-link entry.
  const start = placeAt(win.location.pathname);
  if (start && (start.page !== 'chats' || start.conversation !== undefined)) void arrive(start);
  else {
    if (!start && !OPENED_AS_START.has(win.location.pathname))
      useApp.getState().notify(`There is no page at ${win.location.pathname}: here are your chats.`);
    write('replace');
  }
  return () => {
    offStore();
    win.removeEventListener('popstate', onPop);
  };
}
