import MiniSearch from 'minisearch';
import type { ToolSearchFound } from '../../../shared/chat/toolSearch';
import { TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import type { ModelToolSpec } from '../../llm/modelProvider';
import type { CatalogTool } from '../catalog/catalog';

/** The most tools one search hands the model, and the default. */
const MOST_FOUND = 10;
const FOUND_BY_DEFAULT = 5;
/** A found tool's description, as the result lists it (its whole definition comes with the next step). */
const DESCRIPTION_CHARS = 300;

interface Doc {
  id: string;
  name: string;
  server: string;
  title: string;
  description: string;
  params: string;
}

/** Words of a name as a person would search them: `get_forecast`, `getForecast`, `weather__forecast`. */
const tokenize = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s\p{P}\p{S}]+/u)
    .filter(Boolean);

/** Parameter names and descriptions of a tool's input schema (top level). */
function paramsText(schema: unknown): string {
  const properties = (schema as { properties?: Record<string, { description?: unknown }> } | undefined)
    ?.properties;
  if (!properties || typeof properties !== 'object') return '';
  return Object.entries(properties)
    .map(([name, p]) => `${name} ${typeof p?.description === 'string' ? p.description : ''}`)
    .join(' ');
}

/**
 * A conversation's tools, searchable (BM25 with prefixes and small typos, by MiniSearch) over name,
 * title, server, description and parameters: what the model's tool search runs on.
 */
export class ToolIndex {
  private readonly index = new MiniSearch<Doc>({
    fields: ['name', 'server', 'title', 'description', 'params'],
    tokenize,
    searchOptions: {
      boost: { name: 3, title: 2, server: 1.5 },
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'OR',
    },
  });
  private readonly specs = new Map<string, ModelToolSpec>();
  readonly servers: string[];

  constructor(tools: readonly { catalog: CatalogTool; spec: ModelToolSpec }[]) {
    for (const { spec } of tools) this.specs.set(spec.name, spec);
    this.servers = [...new Set(tools.map((t) => t.catalog.server))].sort();
    this.index.addAll(
      tools.map(({ catalog, spec }) => ({
        id: spec.name,
        name: `${catalog.tool.name} ${spec.name}`,
        server: catalog.server,
        title: catalog.tool.title ?? catalog.tool.annotations?.title ?? '',
        description: spec.description ?? '',
        params: paramsText(spec.inputSchema),
      })),
    );
  }

  get size(): number {
    return this.specs.size;
  }

  spec(name: string): ModelToolSpec | undefined {
    return this.specs.get(name);
  }

  /** The best matches for `query`, best first. */
  find(query: string, limit = FOUND_BY_DEFAULT): ModelToolSpec[] {
    return this.index
      .search(query)
      .slice(0, Math.max(1, Math.min(MOST_FOUND, limit)))
      .map((r) => this.specs.get(String(r.id))!);
  }

  /** The search tool as the model is offered it. */
  searchSpec(): ModelToolSpec {
    const shown = this.servers.slice(0, 30).join(', ');
    const more = this.servers.length > 30 ? ` and ${this.servers.length - 30} more` : '';
    return {
      name: TOOL_SEARCH_NAME,
      description: `Finds tools for this conversation among ${this.size} tools from ${this.servers.length} MCP server${this.servers.length === 1 ? '' : 's'} (${shown}${more}). Their definitions are not sent until found: search with a few words for what you want to do (for example "weather forecast city"); the tools found can be called from your next step on. Search again for other tools.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words for the task, a tool name, or a server name.' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: MOST_FOUND,
            description: `How many tools to find (default ${FOUND_BY_DEFAULT}).`,
          },
        },
        required: ['query'],
      },
    };
  }

  /** Runs the model's search: what it reads, and the names the conversation keeps as found. */
  run(input: Record<string, unknown>): CallToolResult {
    const query = typeof input.query === 'string' ? input.query.trim() : '';
    if (!query)
      return {
        content: [{ type: 'text', text: 'Give "query": words for the tool you need.' }],
        isError: true,
      };
    const limit = typeof input.limit === 'number' && Number.isFinite(input.limit) ? input.limit : undefined;
    const found = this.find(query, limit);
    const structuredContent: ToolSearchFound = { query, tools: found.map((t) => t.name) };
    if (found.length === 0)
      return {
        content: [{ type: 'text', text: `No tool matches "${query}". Try other words, or a server's name.` }],
        structuredContent: { ...structuredContent },
      };
    const lines = found.map((t) => {
      const params = Object.keys(
        (t.inputSchema as { properties?: Record<string, unknown> }).properties ?? {},
      );
      const description = (t.description ?? '').replace(/\s+/g, ' ').slice(0, DESCRIPTION_CHARS);
      return `- ${t.name}${description ? `: ${description}` : ''}${params.length ? ` (parameters: ${params.join(', ')})` : ''}`;
    });
    return {
      content: [
        {
          type: 'text',
          text: `Found ${found.length} tool${found.length === 1 ? '' : 's'} for "${query}"; they can be called from your next step:\n${lines.join('\n')}`,
        },
      ],
      structuredContent: { ...structuredContent },
    };
  }
}
