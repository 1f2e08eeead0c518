import type { CatalogView, ServerCatalog } from './catalogContract';

/**
 * The whole catalog made of servers' parts, in their order: how the host makes the view it sends and
 * how the window joins the parts it holds after a change (the same items, never copied).
 */
export function joinParts(parts: Iterable<ServerCatalog>, at: number, run: string): CatalogView {
  const view: CatalogView = {
    tools: [],
    resources: [],
    templates: [],
    prompts: [],
    skills: [],
    servers: [],
    at,
    run,
  };
  for (const part of parts) {
    view.tools.push(...part.tools);
    view.resources.push(...part.resources);
    view.templates.push(...part.templates);
    view.prompts.push(...part.prompts);
    view.skills.push(...part.skills);
    view.servers.push({
      server: part.server,
      version: part.version,
      ...(part.listing ? { listing: part.listing } : {}),
    });
  }
  return view;
}
