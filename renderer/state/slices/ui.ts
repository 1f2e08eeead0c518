import type { StateCreator } from 'zustand';
import type { ModelSetup } from '../../../shared/host/usableProviders';
import type { Page } from '../../../shared/ui/appAddress';
import { leaveViews, viewsOnScreen } from '../../features/apps/liveViews';
import type { AppState } from '../store';

export type Pane = Page;

/** What the keyboard opens over any page: the command palette, or the sheet of shortcuts. */
type Overlay = 'palette' | 'shortcuts';

type FocusTarget = 'composer' | 'search-chats';

interface Notice {
  id: number;
  text: string;
}

export interface UiSlice {
  connected: boolean;
  pane: Pane;
  error: string | undefined;
  notices: Notice[];
  /** Whether new conversations will work, by the default provider (undefined: not asked yet). */
  modelSetup: ModelSetup | undefined;
  /** An install link the app was opened with (the browser shell's /install?link=…): previewed on Servers. */
  openedLink: string | undefined;
  overlay: Overlay | undefined;
  setOverlay(overlay: Overlay | undefined): void;
  /**
   * A field asked for the focus — the message box (after New chat, a consent answered, a conversation
   * opened from the keyboard) or the search of chats: it takes it once on screen, and clears this.
   */
  focusWanted: FocusTarget | undefined;
  focusOn(target: FocusTarget): void;
  /** A server (and maybe one of its tools) to bring into view on Servers: the palette's pick. */
  shownServer: { server: string; tool?: string } | undefined;
  /** A tool call to bring into view in the open conversation (the Activity page's "Show the call"). */
  shownToolCall: { conversation: string; toolUseId: string } | undefined;
  /** Goes to `pane` (the Views on screen told first: they go with the page); resolves once there. */
  setPane(pane: Pane): Promise<void>;
  /** Runs a host call; a failure is shown, not swallowed. Resolves to the result, or undefined. */
  run<T>(action: () => Promise<T>): Promise<T | undefined>;
  notify(text: string): void;
  dismissNotice(id: number): void;
}

let nextNotice = 1;

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set, get) => ({
  connected: false,
  pane: 'chats',
  error: undefined,
  notices: [],
  modelSetup: undefined,
  openedLink: undefined,
  overlay: undefined,
  setOverlay: (overlay) => set({ overlay }),
  focusWanted: undefined,
  focusOn: (target) => set({ focusWanted: target }),
  shownServer: undefined,
  shownToolCall: undefined,
  setPane: async (pane) => {
    if (get().pane === pane) return;
    if (viewsOnScreen()) await leaveViews();
    set({ pane });
  },
  run: async (action) => {
    try {
      set({ error: undefined });
      return await action();
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  },
  notify: (text) => set((s) => ({ notices: [...s.notices.slice(-4), { id: nextNotice++, text }] })),
  dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
});
