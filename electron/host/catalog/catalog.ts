import { randomUUID } from 'node:crypto';
import { modelMayCall } from '../../../shared/mcp/apps';
import type { Prompt, Resource, ResourceTemplate, Tool } from '../../../shared/mcp/protocol';
import { DisposableStore, Emitter, offersSkills, type SkillEntry } from '../../mcp';
import { inServerScope } from '../faults/serverScope';
import type { ServerEvent, ServerRegistry } from '../servers/serverRegistry';
import type { ServerSession } from '../servers/serverSession';
import { ToolChoices } from './toolChoices';
import { modelToolName, ToolNameMap, type ToolRef } from './toolNames';
import { usableItems } from './usableItems';

/** How long a chat turn waits for stale tool lists before it goes on with the last ones. */
const FRESHEN_WAIT_MS = 3000;

export interface CatalogTool {
  /** The name offered to the model. */
  name: string;
  server: string;
  tool: Tool;
  enabled: boolean;
  /** The person's "always offer": sent whole even when the model searches the other tools. */
  alwaysOffer: boolean;
}
export interface FromServer<T> {
  server: string;
  item: T;
}

type ListName = Extract<ServerEvent, { kind: 'list-changed' }>['list'];

interface Tracked {
  /** The run of the server these lists came from: a restart is a new run, listed afresh. */
  run: number;
  /**
   * Grows (from the catalog's clock) whenever what the server offers, or how it is seen, changes: a
   * list, a subscription, or the person's choice for one of its tools.
   */
  version: number;
  tools: Tool[];
  resources: Resource[];
  templates: ResourceTemplate[];
  prompts: Prompt[];
  /** Skills (SEP-2640), listed with the resources (a skill change comes as resources/list_changed). */
  skills: SkillEntry[];
  /** Resource URIs this host subscribed to in this run (a new run has none). */
  subscriptions: Set<string>;
  /** The lists not yet listed once in this run: their emptiness says nothing about the server yet. */
  unlisted: Set<ListName>;
  /**
   * Refreshes a list; list_changed often comes in bursts, so at most one more follows the one
   * running. `fresh` asks the server even when its cached answer is still fresh (a person's Refresh).
   */
  refresh(list: ListName, fresh?: boolean): Promise<void>;
}

/**
 * What every running server offers, in one place: tools (with the names a model sees), resources,
 * templates and prompts. Lists are fetched when a server starts and again on its list_changed.
 * Only the host sees across servers; each server still sees only itself.
 */
export class Catalog {
  private readonly tracked = new Map<string, Tracked>();
  /** Each server's tools as the host sees them, derived once per version of the server. */
  private readonly derived = new Map<string, { version: number; tools: CatalogTool[] }>();
  /** Every change's mark: a server's version, and the whole catalog's (`at`); within this run only. */
  private clock = 0;
  /** This run of the host (a window that held another run's catalog takes this one's whole). */
  readonly run = randomUUID();
  private names = new ToolNameMap([]);
  /** Names of tools whose server stopped running, to what they stood for (see formerTool). */
  private readonly former = new Map<string, ToolRef>();
  private readonly choices: ToolChoices;
  /** Its subscriptions to the registry, and its own emitter: let go at dispose. */
  private readonly held = new DisposableStore();
  private readonly changeEmitter = this.held.add(new Emitter<void>());
  readonly onChange = this.changeEmitter.event;

  constructor(
    private readonly registry: ServerRegistry,
    settingsFile: string | undefined,
  ) {
    this.choices = new ToolChoices(settingsFile);
    this.held.add(registry.onChange(() => void this.sync()));
    this.held.add(
      registry.onServerEvent((event) => {
        if (event.kind === 'list-changed') void this.tracked.get(event.server)?.refresh(event.list);
      }),
    );
  }

  async init(): Promise<void> {
    await this.choices.read();
    await this.sync();
  }

  tools(): CatalogTool[] {
    return this.servers().flatMap((server) => this.toolsOf(server));
  }

  /** The running servers, in the registry's order (whichever started first). */
  servers(): string[] {
    return this.registry
      .sessions()
      .map((session) => session.id)
      .filter((id) => this.tracked.has(id));
  }

  /** When the catalog last changed (a mark from its clock: later changes have larger ones). */
  get at(): number {
    return this.clock;
  }

  /** The mark of a running server's last change (undefined: not running). */
  versionOf(server: string): number | undefined {
    return this.tracked.get(server)?.version;
  }

  /**
   * A running server's tools with their names and the person's choices: the same array (and objects)
   * until the server changes, so what follows the catalog can tell which servers did.
   */
  toolsOf(server: string): CatalogTool[] {
    const t = this.tracked.get(server);
    if (!t) return [];
    const held = this.derived.get(server);
    if (held?.version === t.version) return held.tools;
    const tools = t.tools.map((tool) => ({
      name: this.names.nameOf({ server, tool: tool.name })!,
      server,
      tool,
      enabled: this.choices.isEnabled({ server, tool: tool.name }),
      alwaysOffer: this.choices.isAlwaysOffered({ server, tool: tool.name }),
    }));
    this.derived.set(server, { version: t.version, tools });
    return tools;
  }

  /** A running server's other lists (empty when it is not running), and which are still being listed. */
  listsOf(server: string): {
    resources: readonly Resource[];
    templates: readonly ResourceTemplate[];
    prompts: readonly Prompt[];
    skills: readonly SkillEntry[];
    subscriptions: ReadonlySet<string>;
    unlisted: ReadonlySet<ListName>;
  } {
    return this.tracked.get(server) ?? NO_LISTS;
  }

  /**
   * Lists again the tools a modern server's `ttlMs` says are stale, before they are used (a chat
   * turn): the cache is checked on use, never polled. Legacy servers' lists follow list_changed.
   */
  async freshenTools(options: { signal?: AbortSignal; waitMs?: number } = {}): Promise<void> {
    if (options.signal?.aborted) return;
    const listing = Promise.all(
      [...this.tracked].map(([server, t]) =>
        this.registry.get(server)?.listIsStale('tools/list') ? t.refresh('tools') : undefined,
      ),
    );
    // A slow or silent server does not hold the turn up: after waitMs (or a stop) the last lists
    // are used, and the new one replaces them when it comes.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    await Promise.race([
      listing,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.waitMs ?? FRESHEN_WAIT_MS);
        onAbort = resolve;
        options.signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]).finally(() => {
      clearTimeout(timer);
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    });
  }

  /** A person's Refresh: every list of one server, asked of the server even when cached. */
  async refresh(server: string): Promise<void> {
    const t = this.tracked.get(server);
    if (!t) throw new Error(`Server "${server}" is not running`);
    const caps = this.registry.session(server).capabilities ?? {};
    await Promise.all([
      caps.tools ? t.refresh('tools', true) : undefined,
      caps.resources ? t.refresh('resources', true) : undefined,
      caps.prompts ? t.refresh('prompts', true) : undefined,
    ]);
  }

  /** The tools a model may be offered: turned on, and not kept for their server's View (MCP Apps). */
  enabledTools(): CatalogTool[] {
    return this.tools().filter((t) => t.enabled && modelMayCall(t.tool));
  }

  /**
   * The server and tool a name stood for when its server last ran (or, for a plain `server__tool`
   * name, spells): for saying "its server is restarting" rather than "no such tool".
   */
  formerTool(name: string): ToolRef | undefined {
    const known = this.former.get(name);
    if (known) return known;
    const split = name.indexOf('__');
    const ref = split > 0 ? { server: name.slice(0, split), tool: name.slice(split + 2) } : undefined;
    return ref && this.registry.get(ref.server) && modelToolName(ref) === name ? ref : undefined;
  }

  /** The exact server and tool behind a model-facing name (and whether it is enabled). */
  resolveTool(name: string): CatalogTool | undefined {
    const ref = this.names.resolve(name);
    return ref && this.toolsOf(ref.server).find((t) => t.tool.name === ref.tool);
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
  skills(): FromServer<SkillEntry>[] {
    return this.collect((t) => t.skills);
  }
  /** A listed skill by its SKILL.md URI, or an error naming what is not there. */
  skill(server: string, uri: string): SkillEntry {
    const found = this.tracked.get(server)?.skills.find((s) => s.uri === uri);
    if (!found) throw new Error(`Server "${server}" does not list the skill ${uri} (any more)`);
    return found;
  }

  isSubscribed(server: string, uri: string): boolean {
    return this.tracked.get(server)?.subscriptions.has(uri) ?? false;
  }

  /** Subscribes to (or from) a resource's updates on its server. */
  async setSubscribed(server: string, uri: string, subscribed: boolean): Promise<void> {
    const session = this.registry.session(server);
    if (session.capabilities && !session.capabilities.resources?.subscribe)
      throw new Error(`Server "${server}" does not offer resource subscriptions`);
    await session.setSubscribed(uri, subscribed);
    const t = this.tracked.get(server);
    if (!t || t.run !== session.run) return;
    if (subscribed) t.subscriptions.add(uri);
    else t.subscriptions.delete(uri);
    this.changed(t);
  }

  async setToolEnabled(server: string, tool: string, enabled: boolean): Promise<void> {
    // In effect at once (a tool turned off is neither offered nor called from now), then saved.
    const saved = this.choices.setEnabled({ server, tool }, enabled);
    this.changed(this.tracked.get(server));
    await saved;
  }

  /**
   * The person's "always offer" for a tool: when the model searches the conversation's tools, this
   * one is still sent whole in every request (kept by server and tool name, like the on/off choice).
   */
  async setToolAlwaysOffer(server: string, tool: string, always: boolean): Promise<void> {
    const saved = this.choices.setAlwaysOffer({ server, tool }, always);
    this.changed(this.tracked.get(server));
    await saved;
  }

  dispose(): void {
    this.held.dispose();
    this.tracked.clear();
    this.derived.clear();
  }

  /** A change to the catalog, and to one server's part of it when named: marked, then told. */
  private changed(t?: Tracked): void {
    this.clock++;
    if (t) t.version = this.clock;
    this.changeEmitter.fire();
  }

  // ---- internals ------------------------------------------------------------------------------

  private collect<T>(pick: (t: Tracked) => T[]): FromServer<T>[] {
    return this.servers().flatMap((server) =>
      pick(this.tracked.get(server)!).map((item) => ({ server, item })),
    );
  }

  /** Follows the registry: lists for each new run of a server, none for a server not running. */
  private async sync(): Promise<void> {
    const live = new Map(
      this.registry
        .sessions()
        .filter((session) => session.run !== undefined)
        .map((session) => [session.id, session]),
    );
    let changed = false;
    for (const [server, t] of this.tracked) {
      if (live.get(server)?.run !== t.run) {
        // Its names are remembered, so a call while it is away can say where it is.
        for (const tool of t.tools) {
          const ref = { server, tool: tool.name };
          const name = this.names.nameOf(ref);
          if (name) this.former.set(name, ref);
        }
        this.tracked.delete(server);
        this.derived.delete(server);
        changed = true;
      }
    }
    const adds: Promise<void>[] = [];
    for (const [server, session] of live) {
      if (!this.tracked.has(server)) adds.push(this.track(server, session, session.run!));
    }
    await Promise.all(adds);
    if (changed || adds.length > 0) this.rename();
  }

  private async track(server: string, session: ServerSession, run: number): Promise<void> {
    const running = new Map<ListName, Promise<void>>();
    /** The lists to fetch again after the one running, and whether a person asked (fresh). */
    const queued = new Map<ListName, boolean>();
    const caps = session.capabilities ?? {};
    const t: Tracked = {
      run,
      version: ++this.clock,
      tools: [],
      resources: [],
      templates: [],
      prompts: [],
      skills: [],
      subscriptions: new Set(),
      unlisted: new Set((['tools', 'resources', 'prompts'] as const).filter((list) => caps[list])),
      refresh: (list, fresh = false) => {
        const current = running.get(list);
        if (current) {
          queued.set(list, fresh || (queued.get(list) ?? false));
          return current;
        }
        // In the server's scope: what fails on account of its lists is traced to it.
        const next = inServerScope(server, () => fetchList(list, fresh)).finally(() => {
          running.delete(list);
          const again = queued.get(list);
          queued.delete(list);
          if (again !== undefined) void t.refresh(list, again);
        });
        running.set(list, next);
        return next;
      },
    };
    this.tracked.set(server, t);
    const fetchList = async (list: ListName, fresh: boolean) => {
      const options = { fresh };
      // What cannot be used is left out, said on the server's card; a clean list clears what was said.
      const leftOut: string[] = [];
      const failed: string[] = [];
      const usable = <T>(items: T[], label: (item: T) => string): T[] => {
        const checked = usableItems(items, label);
        leftOut.push(...checked.leftOut);
        return checked.usable;
      };
      try {
        if (list === 'tools') t.tools = usable(await session.listTools(options), (x) => `tool "${x.name}"`);
        if (list === 'resources') {
          // Three lists, each kept on its own: a failing skills/list leaves the resources standing.
          const [resources, templates, skills] = await Promise.allSettled([
            session.listResources(options),
            session.listResourceTemplates(options),
            offersSkills(session.capabilities ?? {})
              ? session.listSkills(options).then((listed) => listed.skills)
              : [],
          ]);
          for (const part of [resources, templates, skills])
            if (part.status === 'rejected') failed.push(messageOf(part.reason));
          if (resources.status === 'fulfilled')
            t.resources = usable(resources.value, (x) => `resource ${x.uri}`);
          if (templates.status === 'fulfilled')
            t.templates = usable(templates.value, (x) => `resource template ${x.uriTemplate}`);
          if (skills.status === 'fulfilled') t.skills = usable(skills.value, (x) => `skill ${x.uri}`);
        }
        if (list === 'prompts')
          t.prompts = usable(await session.listPrompts(options), (x) => `prompt "${x.name}"`);
      } catch (error) {
        failed.push(messageOf(error));
      }
      // Stopped meanwhile: its next run lists afresh, and this one's card is gone.
      if (this.tracked.get(server) !== t) return;
      t.unlisted.delete(list);
      // A list that fails keeps the last one; "running" with nothing offered is never silent.
      // Each reason as a sentence of its own: a library error starts with a capital and has no stop.
      const sentence = (why: string) =>
        `${why.charAt(0).toLowerCase()}${why.slice(1)}${/[.!?]$/.test(why) ? '' : '.'}`;
      const problems = failed.map((why) => `Its ${LIST_WORDS[list]} could not be listed: ${sentence(why)}`);
      if (failed.length > 0)
        problems.push(
          t[list].length === 0
            ? `It offers none until a listing works (Refresh asks again).`
            : 'The last list is kept.',
        );
      if (leftOut.length > 0) problems.push(`${capitalised(leftOut.join('; '))}.`);
      if (problems.length > 0) session.noteProblem(list, problems.join(' '));
      else session.clearProblem(list);
      this.rename(t);
    };
    await Promise.all([...t.unlisted].map((list) => t.refresh(list)));
  }

  /**
   * Names every tool again after `listed` listed something, or servers came or went (a tool's name
   * never depends on the other tools: only the listed server's part changed).
   */
  private rename(listed?: Tracked): void {
    const refs: ToolRef[] = [...this.tracked].flatMap(([server, t]) =>
      t.tools.map((tool) => ({ server, tool: tool.name })),
    );
    this.names = new ToolNameMap(refs);
    this.changed(listed);
  }
}

const LIST_WORDS: Record<ListName, string> = { tools: 'tools', resources: 'resources', prompts: 'prompts' };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const NO_LISTS = {
  resources: [],
  templates: [],
  prompts: [],
  skills: [],
  subscriptions: new Set<string>(),
  unlisted: new Set<ListName>(),
};
