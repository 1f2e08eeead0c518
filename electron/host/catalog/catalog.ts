import type { Prompt, Resource, ResourceTemplate, Tool } from '../../../shared/mcp/protocol';
import { type Disposer, Emitter, type McpClient } from '../../mcp';
import { JsonFile, stringList } from '../../store/jsonFile';
import type { ServerRegistry } from '../servers/serverRegistry';
import { ToolNameMap, type ToolRef } from './toolNames';

export interface CatalogTool {
  /** The name offered to the model. */
  name: string;
  server: string;
  tool: Tool;
  enabled: boolean;
}
export interface FromServer<T> {
  server: string;
  item: T;
}

interface Tracked {
  client: McpClient;
  tools: Tool[];
  resources: Resource[];
  templates: ResourceTemplate[];
  prompts: Prompt[];
  /** Resource URIs this host subscribed to on this client (gone with the client). */
  subscriptions: Set<string>;
  disposers: Disposer[];
}

/**
 * What every running server offers, in one place: tools (with the names a model sees), resources,
 * templates and prompts. Lists are fetched when a server starts and again on its list_changed.
 * Only the host sees across servers; each server still sees only itself.
 */
export class Catalog {
  private readonly tracked = new Map<string, Tracked>();
  private names = new ToolNameMap([]);
  private disabled = new Set<string>();
  private readonly changeEmitter = new Emitter<void>();
  readonly onChange = this.changeEmitter.event;
  private readonly updatedEmitter = new Emitter<{ server: string; uri: string }>();
  /** A subscribed resource changed on its server. */
  readonly onResourceUpdated = this.updatedEmitter.event;
  private readonly elicitationEmitter = new Emitter<{ server: string; elicitationId: string }>();
  /**
   * A server finished a URL elicitation out of band. Here because the catalog is the one place that
   * follows every live client; the client already ignores ids it never saw.
   */
  readonly onElicitationComplete = this.elicitationEmitter.event;
  private readonly disposeRegistry: Disposer;

  private readonly settings: JsonFile<{ disabledTools: string[] }> | undefined;

  constructor(
    private readonly registry: ServerRegistry,
    settingsFile: string | undefined,
  ) {
    this.settings =
      settingsFile === undefined
        ? undefined
        : new JsonFile(settingsFile, {
            what: 'tool settings file',
            empty: () => ({ disabledTools: [] }),
            parse: (v) => ({
              disabledTools: stringList((v as { disabledTools?: unknown } | null)?.disabledTools),
            }),
            unreadableIsEmpty: true,
          });
    this.disposeRegistry = registry.onChange(() => void this.sync());
  }

  async init(): Promise<void> {
    if (this.settings) this.disabled = new Set((await this.settings.read()).disabledTools);
    await this.sync();
  }

  tools(): CatalogTool[] {
    return [...this.tracked].flatMap(([server, t]) =>
      t.tools.map((tool) => ({
        name: this.names.nameOf({ server, tool: tool.name })!,
        server,
        tool,
        enabled: !this.disabled.has(key({ server, tool: tool.name })),
      })),
    );
  }

  /** The tools a model may be offered. */
  enabledTools(): CatalogTool[] {
    return this.tools().filter((t) => t.enabled);
  }

  /** The exact server and tool behind a model-facing name (and whether it is enabled). */
  resolveTool(name: string): CatalogTool | undefined {
    const ref = this.names.resolve(name);
    return ref && this.tools().find((t) => t.server === ref.server && t.tool.name === ref.tool);
  }

  resources(): FromServer<Resource>[] {
    return this.collect((t) => t.resources);
  }
  templates(): FromServer<ResourceTemplate>[] {
    return this.collect((t) => t.templates);
  }
  prompts(): FromServer<Prompt>[] {
    return this.collect((t) => t.prompts);
  }

  isSubscribed(server: string, uri: string): boolean {
    return this.tracked.get(server)?.subscriptions.has(uri) ?? false;
  }

  /** Subscribes to (or from) a resource's updates on its server. */
  async setSubscribed(server: string, uri: string, subscribed: boolean): Promise<void> {
    const t = this.tracked.get(server);
    if (!t) throw new Error(`Server "${server}" is not running`);
    if (!t.client.serverCapabilities.resources?.subscribe)
      throw new Error(`Server "${server}" does not offer resource subscriptions`);
    if (subscribed) {
      await t.client.subscribeResource(uri);
      t.subscriptions.add(uri);
    } else {
      await t.client.unsubscribeResource(uri);
      t.subscriptions.delete(uri);
    }
    this.changeEmitter.fire();
  }

  async setToolEnabled(server: string, tool: string, enabled: boolean): Promise<void> {
    const k = key({ server, tool });
    if (enabled) this.disabled.delete(k);
    else this.disabled.add(k);
    await this.settings?.update(() => ({ disabledTools: [...this.disabled] }));
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.disposeRegistry();
    this.updatedEmitter.dispose();
    this.elicitationEmitter.dispose();
    for (const t of this.tracked.values()) for (const d of t.disposers) d();
    this.tracked.clear();
  }

  // ---- internals ------------------------------------------------------------------------------

  private collect<T>(pick: (t: Tracked) => T[]): FromServer<T>[] {
    return [...this.tracked].flatMap(([server, t]) => pick(t).map((item) => ({ server, item })));
  }

  /** Follows the registry: track new clients, drop the ones that went away. */
  private async sync(): Promise<void> {
    const live = new Map(this.registry.connections().map((c) => [c.id, c.client]));
    let changed = false;
    for (const [server, t] of this.tracked) {
      if (live.get(server) !== t.client) {
        for (const d of t.disposers) d();
        this.tracked.delete(server);
        changed = true;
      }
    }
    const adds: Promise<void>[] = [];
    for (const [server, client] of live) {
      if (client && !this.tracked.has(server)) adds.push(this.track(server, client));
    }
    await Promise.all(adds);
    if (changed || adds.length > 0) this.rename();
  }

  private async track(server: string, client: McpClient): Promise<void> {
    const t: Tracked = {
      client,
      tools: [],
      resources: [],
      templates: [],
      prompts: [],
      subscriptions: new Set(),
      disposers: [],
    };
    this.tracked.set(server, t);
    const caps = client.serverCapabilities;
    // list_changed often comes in bursts (a server registering tools one by one): one refresh in
    // flight per list, and at most one more after it.
    const running = new Map<string, Promise<void>>();
    const queued = new Set<string>();
    const refresh = (what: 'tools' | 'resources' | 'prompts'): Promise<void> => {
      const current = running.get(what);
      if (current) {
        queued.add(what);
        return current;
      }
      const next = fetchList(what).finally(() => {
        running.delete(what);
        if (queued.delete(what)) void refresh(what);
      });
      running.set(what, next);
      return next;
    };
    const fetchList = async (what: 'tools' | 'resources' | 'prompts') => {
      try {
        if (what === 'tools') t.tools = await client.listTools();
        if (what === 'resources') {
          [t.resources, t.templates] = await Promise.all([
            client.listResources(),
            client.listResourceTemplates(),
          ]);
        }
        if (what === 'prompts') t.prompts = await client.listPrompts();
      } catch {
        // A server that fails to list keeps its last lists; its log says why.
      }
      if (this.tracked.get(server) === t) this.rename();
    };
    t.disposers.push(
      client.onToolsListChanged(() => void refresh('tools')),
      client.onResourcesListChanged(() => void refresh('resources')),
      client.onPromptsListChanged(() => void refresh('prompts')),
      client.onResourceUpdated(({ uri }) => this.updatedEmitter.fire({ server, uri })),
      client.onElicitationComplete(({ elicitationId }) =>
        this.elicitationEmitter.fire({ server, elicitationId }),
      ),
    );
    await Promise.all([
      caps.tools ? refresh('tools') : undefined,
      caps.resources ? refresh('resources') : undefined,
      caps.prompts ? refresh('prompts') : undefined,
    ]);
  }

  private rename(): void {
    const refs: ToolRef[] = [...this.tracked].flatMap(([server, t]) =>
      t.tools.map((tool) => ({ server, tool: tool.name })),
    );
    this.names = new ToolNameMap(refs);
    this.changeEmitter.fire();
  }
}

const key = (ref: ToolRef) => `${ref.server}\u0000${ref.tool}`;
