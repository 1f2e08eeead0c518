import type { StateCreator } from 'zustand';
import type { RootsView } from '../../../shared/ipc/rootsContract';
import type { AppState } from '../store';

export interface RootsSlice {
  roots: RootsView;
}

export const createRootsSlice: StateCreator<AppState, [], [], RootsSlice> = () => ({
  roots: { global: [], servers: {}, nativePicker: false },
});

/** The folders a server sees: its own list when it has one, else the global list. */
export const rootsOf = (roots: RootsView, server: string): string[] => roots.servers[server] ?? roots.global;
