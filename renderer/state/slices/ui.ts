import type { StateCreator } from 'zustand';
import type { ModelSetup } from '../../../shared/host/usableProviders';
import { leaveViews, viewsOnScreen } from '../../features/apps/liveViews';
import type { AppState } from '../store';

export type Pane = 'chats' | 'servers' | 'resources' | 'prompts' | 'roots' | 'logs' | 'settings';

export interface Notice {
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
  /** Goes to `pane` (the Views on screen told first: they go with the page). */
  setPane(pane: Pane): void;
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
  setPane: (pane) => {
    if (get().pane === pane) return;
    if (viewsOnScreen()) void leaveViews().then(() => set({ pane }));
    else set({ pane });
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
