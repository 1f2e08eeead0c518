import type { StateCreator } from 'zustand';
import type {
  CatalogChange,
  CatalogLists,
  CatalogView,
  ServerCatalog,
  ToolView,
} from '../../../shared/ipc/catalogContract';
import { joinParts } from '../../../shared/ipc/catalogParts';
import type { AppState } from '../store';

export interface CatalogSlice {
  catalog: CatalogView;
  /** When each subscribed resource last changed, by `server uri`. */
  resourceUpdates: Record<string, number>;
  markResourceSeen(server: string, uri: string): void;
}

/** Before the host has said what its servers offer. */
export const NO_CATALOG: CatalogView = joinParts([], 0, '');

export const resourceKey = (server: string, uri: string) => `${server} ${uri}`;

export const createCatalogSlice: StateCreator<AppState, [], [], CatalogSlice> = (set) => ({
  catalog: NO_CATALOG,
  resourceUpdates: {},
  markResourceSeen: (server, uri) =>
    set((s) => {
      const { [resourceKey(server, uri)]: _, ...rest } = s.resourceUpdates;
      return { resourceUpdates: rest };
    }),
});

/**
 * The catalog after a change from the host: each server's part from whichever of the two is newer
 * (its version), the servers' order from the newer of the two; an unchanged server's tools stay the
 * same objects. A whole view (read at a (re)connect) goes through here too (`changeOf`): changes that
 * came before it are not undone by it. A change from another run of the host is taken whole.
 */
export function applyCatalogChange(held: CatalogView, change: CatalogChange): CatalogView {
  const sameRun = held.run === change.run;
  const order = !sameRun || change.at >= held.at ? change.order : held.servers.map((s) => s.server);
  const heldParts = sameRun ? partsOf(held) : new Map<string, ServerCatalog>();
  const theirParts = new Map(change.changed.map((p) => [p.server, p]));
  const parts: ServerCatalog[] = [];
  for (const server of order) {
    const mine = heldParts.get(server);
    const theirs = theirParts.get(server);
    const part = theirs && (!mine || theirs.version > mine.version) ? theirs : mine;
    if (part) parts.push(part);
  }
  return joinParts(parts, sameRun ? Math.max(held.at, change.at) : change.at, change.run);
}

/** A whole view as a change: every server in it, changed. */
export function changeOf(view: CatalogView): CatalogChange {
  return {
    order: view.servers.map((s) => s.server),
    changed: [...partsOf(view).values()],
    at: view.at,
    run: view.run,
  };
}

/** A view's lists server by server, with each server's version. */
function partsOf(view: CatalogView): Map<string, ServerCatalog> {
  const parts = new Map<string, ServerCatalog>();
  for (const { server, version, listing } of view.servers)
    parts.set(server, {
      server,
      version,
      ...(listing ? { listing } : {}),
      tools: [],
      resources: [],
      templates: [],
      prompts: [],
      skills: [],
    });
  for (const list of LISTS)
    for (const item of view[list])
      (parts.get(item.server)?.[list] as { server: string }[] | undefined)?.push(item);
  return parts;
}
const LISTS = [
  'tools',
  'resources',
  'templates',
  'prompts',
  'skills',
] as const satisfies (keyof CatalogLists)[];

/**
 * Each catalog's tools by server, worked out once per catalog (not once per server card and render);
 * a server whose tools are the same objects as in the last grouping for the same use (`use`) keeps
 * the same array, so what shows only its tools is not drawn again when another server changes.
 */
const grouped = new WeakMap<readonly ToolView[], Map<string, ToolView[]>>();
const lastGrouped = new Map<string, Map<string, ToolView[]>>();
const NO_TOOLS: ToolView[] = [];

export function toolsByServer(tools: readonly ToolView[], use = 'catalog'): Map<string, ToolView[]> {
  let byServer = grouped.get(tools);
  if (!byServer) {
    byServer = new Map();
    for (const t of tools) {
      const own = byServer.get(t.server);
      if (own) own.push(t);
      else byServer.set(t.server, [t]);
    }
    const last = lastGrouped.get(use);
    for (const [server, own] of byServer) {
      const before = last?.get(server);
      if (before && before.length === own.length && before.every((t, i) => t === own[i]))
        byServer.set(server, before);
    }
    grouped.set(tools, byServer);
    lastGrouped.set(use, byServer);
  }
  return byServer;
}

/** A server's tools: the same array while its tools are the same. */
export const selectToolsOf = (server: string) => (s: AppState) =>
  toolsByServer(s.catalog.tools).get(server) ?? NO_TOOLS;

/**
 * Whether a running server's tools are not known yet: the catalog has not said what it offers, or
 * says its tools are still being listed (a card says "listing…", not "0 of 0").
 */
export const selectToolsListing = (server: string) => (s: AppState) => {
  const known = s.catalog.servers.find((entry) => entry.server === server);
  return !known || known.listing?.includes('tools') === true;
};
