import type { StateCreator } from 'zustand';
import type { CatalogView, ToolView } from '../../../shared/ipc/catalogContract';
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

/** Each catalog's tools by server, worked out once per catalog (not once per server card and render). */
const grouped = new WeakMap<readonly ToolView[], Map<string, ToolView[]>>();
const NO_TOOLS: ToolView[] = [];

export function toolsByServer(tools: readonly ToolView[]): Map<string, ToolView[]> {
  let byServer = grouped.get(tools);
  if (!byServer) {
    byServer = new Map();
    for (const t of tools) {
      const own = byServer.get(t.server);
      if (own) own.push(t);
      else byServer.set(t.server, [t]);
    }
    grouped.set(tools, byServer);
  }
  return byServer;
}

/** A server's tools: the same array until the catalog changes. */
export const selectToolsOf = (server: string) => (s: AppState) =>
  toolsByServer(s.catalog.tools).get(server) ?? NO_TOOLS;
