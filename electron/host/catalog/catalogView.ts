import type { CatalogView, ToolView } from '../../../shared/ipc/catalogContract';
import { toolUi } from '../../../shared/mcp/apps';
import type { Catalog } from './catalog';

/** The catalog as the page sees it: every tool with its model-facing name, and what each server offers. */
export function catalogView(catalog: Catalog): CatalogView {
  return {
    tools: catalog.tools().map(
      (t): ToolView => ({
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
      }),
    ),
    resources: catalog.resources().map(({ server, item }) => ({
      server,
      resource: item,
      subscribed: catalog.isSubscribed(server, item.uri),
    })),
    templates: catalog.templates().map(({ server, item }) => ({ server, template: item })),
    prompts: catalog.prompts().map(({ server, item }) => ({ server, prompt: item })),
    skills: catalog.skills().map(({ server, item }) => ({
      server,
      uri: item.uri,
      name: item.frontmatter.name,
      description: item.frontmatter.description,
      files: item.resources.length,
      bytes: item.resources.reduce((sum, f) => sum + f.size, 0),
    })),
  };
}
