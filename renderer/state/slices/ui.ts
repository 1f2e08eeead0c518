import type { StateCreator } from 'zustand';
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
  /** Whether a model API key is stored for the base URL in use (undefined: not asked yet). */
  hasApiKey: boolean | undefined;
  setPane(pane: Pane): void;
  /** Runs a host call; a failure is shown, not swallowed. Resolves to the result, or undefined. */
  run<T>(action: () => Promise<T>): Promise<T | undefined>;
  notify(text: string): void;
  dismissNotice(id: number): void;
}

let nextNotice = 1;

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  connected: false,
  pane: 'chats',
  error: undefined,
  notices: [],
  hasApiKey: undefined,
  setPane: (pane) => set({ pane }),
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
