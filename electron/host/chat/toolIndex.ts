import MiniSearch from 'minisearch';
import type { ToolSearchFound } from '../../../shared/chat/toolSearch';
import { TOOL_SEARCH_NAME } from '../../../shared/chat/toolSearch';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import type { ModelToolSpec } from '../../llm/modelProvider';
import type { CatalogTool } from '../catalog/catalog';
import { type RankedTool, rankFound } from './toolSearchRanking';

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

/**
 * A server's free text as the index takes it: each word once, so a description that repeats another
 * tool's name forty times weighs no more than one that says it once.
 */
const eachWordOnce = (text: string): string =>
  [...new Set(tokenize(text).map((w) => w.toLowerCase()))].join(' ');

/** Parameter names and descriptions of a tool's input schema (top level). */
function paramsText(schema: unknown): string {
  const properties = (schema as { properties?: Record<string, { description?: unknown }> } | undefined)
    ?.properties;
  if (!properties || typeof properties !== 'object') return '';
  return Object.entries(properties)
    .map(([name, p]) => `${name} ${typeof p?.description === 'string' ? p.description : ''}`)
    .join(' ');
}

/** A tool as the index takes it: its catalog entry (the server's own definition) and what the model is sent. */
export interface IndexedTool {
  catalog: CatalogTool;
  spec: ModelToolSpec;
}

const docOf = ({ catalog, spec }: IndexedTool): Doc => ({
  id: spec.name,
  name: `${catalog.tool.name} ${spec.name}`,
  server: catalog.server,
  title: catalog.tool.title ?? catalog.tool.annotations?.title ?? '',
  description: eachWordOnce(spec.description ?? ''),
  params: eachWordOnce(paramsText(spec.inputSchema)),
});

/**
 * Every tool a conversation may be offered, searchable (BM25 with prefixes and small typos, by
 * MiniSearch) over name, title, server, description and parameters: what the model's tool search runs
 * on. Kept by the host across turns and brought up to date with each (`update`): only tools added,
 * removed or changed since — a server's list_changed — are indexed again. A conversation searches its
 * own tools through `among`.
 */
export class ToolIndex {
  private readonly index = new MiniSearch<Doc>({
    fields: ['name', 'server', 'title', 'description', 'params'],
    tokenize,
    searchOptions: {
      // A tool's name weighs more than anything its server writes about it.
      boost: { name: 6, title: 2, server: 3, params: 0.5 },
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'OR',
    },
  });
  /** What is indexed, by the name the model sees: the server's tool object it was made from. */
  private readonly indexed = new Map<string, IndexedTool>();
  /** Documents (re)indexed so far: how much each update cost. */
  indexedCount = 0;

  constructor(tools: readonly IndexedTool[] = []) {
    this.update(tools);
  }

  /** Brings the index to `tools`: a tool whose server's definition is the same object is left as it is. */
  update(tools: readonly IndexedTool[]): this {
    const next = new Map(tools.map((t) => [t.spec.name, t]));
    for (const name of [...this.indexed.keys()])
      if (!next.has(name)) {
        this.index.discard(name);
        this.indexed.delete(name);
      }
    for (const [name, t] of next) {
      const had = this.indexed.get(name);
      if (had?.catalog.tool === t.catalog.tool && had.catalog.server === t.catalog.server) continue;
      if (had) this.index.discard(name);
      this.index.add(docOf(t));
      this.indexed.set(name, t);
      this.indexedCount++;
    }
    return this;
  }

  /** The search over `names` alone (a conversation's tools), as they are now. */
  among(names: Iterable<string>): ToolSearch {
    const tools = [...names].flatMap((n) => {
      const t = this.indexed.get(n);
      return t ? [t] : [];
    });
    return new ToolSearch(tools, (query, within) =>
      this.index.search(query, { filter: (r) => within.has(String(r.id)) }).map((r) => String(r.id)),
    );
  }

  /** Tools indexed now. */
  get size(): number {
    return this.indexed.size;
  }
}

/** A conversation's tool search: the tools it may find (as they were when it began), and the search itself. */
export class ToolSearch {
  private readonly specs: Map<string, ModelToolSpec>;
  private readonly ranked: Map<string, RankedTool>;
  readonly servers: string[];

  constructor(
    tools: readonly IndexedTool[],
    private readonly search: (query: string, within: { has(name: string): boolean }) => string[],
  ) {
    this.specs = new Map(tools.map((t) => [t.spec.name, t.spec]));
    this.ranked = new Map(
      tools.map((t) => [
        t.spec.name,
        { name: t.spec.name, server: t.catalog.server, toolName: t.catalog.tool.name },
      ]),
    );
    this.servers = [...new Set(tools.map((t) => t.catalog.server))].sort();
  }

  get size(): number {
    return this.specs.size;
  }

  spec(name: string): ModelToolSpec | undefined {
    return this.specs.get(name);
  }

  /** The best matches for `query`, best first (toolSearchRanking.ts: names before servers' words). */
  find(query: string, limit = FOUND_BY_DEFAULT): ModelToolSpec[] {
    return rankFound(query, this.search(query, this.specs), this.ranked)
      .slice(0, Math.max(1, Math.min(MOST_FOUND, limit)))
      .map((name) => this.specs.get(name)!);
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
