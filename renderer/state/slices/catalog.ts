import type { StateCreator } from 'zustand';
import type { CatalogView } from '../../../shared/ipc/catalogContract';
import type { AppState } from '../store';

export interface CatalogSlice {
  catalog: CatalogView;
  /** When each subscribed resource last changed, by `server uri`. */
  resourceUpdates: Record<string, number>;
  markResourceSeen(server: string, uri: string): void;
}

export const resourceKey = (server: string, uri: string) => `${server} ${uri}`;

export const createCatalogSlice: StateCreator<AppState, [], [], CatalogSlice> = (set) => ({
  catalog: { tools: [], resources: [], templates: [], prompts: [], skills: [] },
  resourceUpdates: {},
  markResourceSeen: (server, uri) =>
    set((s) => {
      const { [resourceKey(server, uri)]: _, ...rest } = s.resourceUpdates;
      return { resourceUpdates: rest };
    }),
});

export const selectToolsOf = (server: string) => (s: AppState) =>
  s.catalog.tools.filter((t) => t.server === server);
