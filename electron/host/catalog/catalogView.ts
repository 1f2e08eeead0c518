import type {
  CatalogChange,
  CatalogView,
  ServerCatalog,
  ToolView,
} from '../../../shared/ipc/catalogContract';
import { joinParts } from '../../../shared/ipc/catalogParts';
import { toolUi } from '../../../shared/mcp/apps';
import type { Catalog, CatalogTool } from './catalog';

/** Each server's view, made once per version of the server (every window's events and reads share it). */
const made = new WeakMap<Catalog, Map<string, ServerCatalog>>();

/** What one running server offers, as the page sees it: its tools with their model-facing names, and its lists. */
export function serverCatalog(catalog: Catalog, server: string): ServerCatalog {
  const version = catalog.versionOf(server) ?? 0;
  let views = made.get(catalog);
  if (!views) {
    views = new Map();
    made.set(catalog, views);
  }
  const held = views.get(server);
  if (held?.version === version) return held;
  const lists = catalog.listsOf(server);
  const view: ServerCatalog = {
    server,
    version,
    ...(lists.unlisted.size > 0 ? { listing: [...lists.unlisted] } : {}),
    tools: catalog.toolsOf(server).map(toolView),
    resources: lists.resources.map((resource) => ({
      server,
      resource,
      subscribed: lists.subscriptions.has(resource.uri),
    })),
    templates: lists.templates.map((template) => ({ server, template })),
    prompts: lists.prompts.map((prompt) => ({ server, prompt })),
    skills: lists.skills.map((item) => ({
      server,
      uri: item.uri,
      name: item.frontmatter.name,
      description: item.frontmatter.description,
      files: item.resources.length,
      bytes: item.resources.reduce((sum, f) => sum + f.size, 0),
    })),
  };
  views.set(server, view);
  // Servers no longer running are not kept.
  for (const gone of views.keys()) if (catalog.versionOf(gone) === undefined) views.delete(gone);
  return view;
}

/** The whole catalog as the page sees it: every running server's view, one after the other. */
export function catalogView(catalog: Catalog): CatalogView {
  return joinParts(
    catalog.servers().map((server) => serverCatalog(catalog, server)),
    catalog.at,
    catalog.run,
  );
}

/**
 * What the host's windows have been sent of the catalog, for telling them only what changed since:
 * every server in order, and whole only those whose version was not sent (undefined: nothing
 * changed). A window that joins later reads the whole view first (`getCatalog`).
 */
export class CatalogChanges {
  private readonly sent = new Map<string, number>();

  constructor(private readonly catalog: Catalog) {}

  next(): CatalogChange | undefined {
    const order = this.catalog.servers();
    const changed: ServerCatalog[] = [];
    for (const server of order) {
      const part = serverCatalog(this.catalog, server);
      if (this.sent.get(server) !== part.version) changed.push(part);
    }
    if (changed.length === 0 && order.length === this.sent.size) return undefined;
    this.sent.clear();
    for (const server of order) this.sent.set(server, this.catalog.versionOf(server) ?? 0);
    return { order, changed, at: this.catalog.at, run: this.catalog.run };
  }
}

function toolView(t: CatalogTool): ToolView {
  return {
    name: t.name,
    server: t.server,
    tool: t.tool.name,
    ...(t.tool.title !== undefined ? { title: t.tool.title } : {}),
    ...(t.tool.description !== undefined ? { description: t.tool.description } : {}),
    inputSchema: t.tool.inputSchema,
    ...(t.tool.annotations !== undefined ? { annotations: t.tool.annotations } : {}),
    enabled: t.enabled,
    alwaysOffer: t.alwaysOffer,
    ...(t.tool._meta !== undefined ? { ui: toolUi(t.tool) } : {}),
  };
}
