import { randomBytes } from 'node:crypto';
import type { OpenedView, ViewContext } from '../../../shared/host/appView';
import {
  APP_MIME_TYPE,
  allowAttribute,
  viewContentSecurityPolicy,
  viewResourceMeta,
} from '../../../shared/mcp/apps';
import type { CallToolResult, LoggingLevel, ReadResourceResult, Tool } from '../../../shared/mcp/protocol';
import { RateLimit } from '../../../shared/rateLimit';
import type { ConversationStore } from '../../store/conversationStore';
import type { Catalog } from '../catalog/catalog';
import { serverIdentity } from '../config/serverIdentity';
import type { LogStore } from '../logs/logStore';
import type { ToolInvocations } from '../runs/toolInvocations';
import type { ServerRegistry } from '../servers/serverRegistry';
import { sandboxProxyHeaders, sandboxProxyHtml } from './sandboxProxy';

/** Where a shell serves Views' sandbox proxies: an origin per View, framed only by the app. */
export interface ViewSandbox {
  urlOf(viewId: string): string;
  /** The app's own origins: the only ones allowed to frame a sandbox. */
  frameAncestors: string[];
}

/** A View's HTML larger than this is refused (the richest official one is about 4.3 MB). */
const MAX_VIEW_BYTES = 16 * 1024 * 1024;
/** Views kept open at once; opening more lets go of the oldest (its frame stops being answered). */
const MAX_VIEWS = 64;
/** What one View may ask of its server (tool calls, reads, logs): 40 in any 2 s, 20 a second on average. */
const CALLS_PER_SECOND = 20;
const CALLS_WINDOW_MS = 2_000;
/**
 * What one View may write to its server's log: 40,000 characters in any 10 s, 4,000 a second on
 * average (a log is rotated at 5 MB: a View writing 200 KB a second would push the server's own
 * lines out in seconds).
 */
const LOG_CHARS_PER_SECOND = 4_000;
const LOG_CHARS_WINDOW_MS = 10_000;
/** One log line of a View at most. */
const MAX_LOG_LINE = 4_000;
const MAX_CONTEXT_CHARS = 32_000;

interface LiveView {
  id: string;
  server: string;
  /** What the server was when the View opened: another under its name later is not its server. */
  identity: string;
  tool: string;
  uri: string;
  conversationId: string;
  csp: string;
  allow: string;
  limit: RateLimit;
  /** Its share of its server's log. */
  logChars: RateLimit;
  /** Lines refused since the last said so (said once, then counted). */
  logDropped: number;
  /** Ended when the View closes: its tool calls (and their consent) with it. */
  controller: AbortController;
  /** A tool call of the View's is asking or running: one at a time, so it cannot queue dialogs. */
  calling: boolean;
}

export interface AppViewsDeps {
  conversations: Pick<ConversationStore, 'load'>;
  registry: Pick<ServerRegistry, 'get'>;
  catalog: Pick<Catalog, 'toolsOf' | 'resources'>;
  tools: Pick<ToolInvocations, 'start'>;
  logs: Pick<LogStore, 'append'>;
}

/**
 * The Views (MCP Apps) open in the app's conversations. Each is opened from a tool call a
 * conversation keeps (its server, tool, input and result read from there, never from the page), gets
 * an id, and everything it later asks — tool calls, resource reads, logs, model context — is
 * attributed by that id to its own server and conversation, and nothing else.
 */
export class AppViews {
  private readonly views = new Map<string, LiveView>();
  private readonly contexts = new Map<string, ViewContext & { conversationId: string }>();
  private sandbox: ViewSandbox | undefined;

  constructor(private readonly deps: AppViewsDeps) {}

  /** The shell's sandbox: without one, no View opens (the card shows the tool's text result). */
  setSandbox(sandbox: ViewSandbox | undefined): void {
    this.sandbox = sandbox;
  }

  /** Opens the View of a tool call kept in `conversationId`: its resource read from its server now. */
  async open(conversationId: string, toolUseId: string): Promise<OpenedView> {
    if (!this.sandbox) throw new Error('This window cannot show server views (no sandbox is served).');
    const call = findCall(await this.deps.conversations.load(conversationId), toolUseId);
    if (!call) throw new Error(`No tool call ${toolUseId} with a view in this conversation.`);
    const { server, tool: toolName, resourceUri, input, result } = call;
    const session = this.deps.registry.get(server);
    if (session?.run === undefined)
      throw new Error(`The server ${server} is not running: its view cannot be shown.`);
    // The call's input and result go only to the server that made it, not to one put under its name since.
    if (call.identity !== undefined && serverIdentity(session.config) !== call.identity)
      throw new Error(
        `The server ${server} is not the one that made this call (it was replaced or its command or address changed since): its view is not shown.`,
      );
    const read = await session.readResource(resourceUri);
    const content = read.contents.find((c) => c.uri === resourceUri) ?? read.contents[0];
    if (!content) throw new Error(`${server} returned nothing for ${resourceUri}.`);
    const mimeType = (content.mimeType ?? '').replace(/\s+/g, '').toLowerCase();
    if (mimeType !== APP_MIME_TYPE)
      throw new Error(`${resourceUri} is "${content.mimeType ?? 'untyped'}", not a view (${APP_MIME_TYPE}).`);
    const html =
      'text' in content && typeof content.text === 'string'
        ? content.text
        : 'blob' in content && typeof content.blob === 'string'
          ? Buffer.from(content.blob, 'base64').toString('utf8')
          : undefined;
    if (html === undefined) throw new Error(`${resourceUri} has neither text nor a blob.`);
    if (Buffer.byteLength(html) > MAX_VIEW_BYTES)
      throw new Error(`${resourceUri} is over ${MAX_VIEW_BYTES / 1024 / 1024} MB: not shown.`);

    // The content's _meta.ui, or the listed resource's where the content has none (the spec's order).
    const listed = this.deps.catalog
      .resources()
      .find((r) => r.server === server && r.item.uri === resourceUri);
    const meta = viewResourceMeta(content._meta ?? listed?.item._meta);
    const id = randomBytes(12).toString('hex');
    const ancestors = [...this.sandbox.frameAncestors, "'self'"];
    const csp = viewContentSecurityPolicy(meta.csp, ancestors);
    const notes = [...meta.refused];
    const declined = meta.permissions.filter((p) => p !== 'clipboardWrite');
    if (declined.length > 0) notes.push(`not granted: ${declined.join(', ')} (views get none of these)`);
    const reach = [...meta.csp.connectDomains, ...meta.csp.resourceDomains, ...meta.csp.frameDomains];
    if (reach.length > 0) notes.push(`may reach: ${[...new Set(reach)].join(' ')}`);
    // The spec's audit trail: the policy each View ran under, in its server's log.
    this.deps.logs.append(server, 'view', 'info', `view of ${toolName} (${resourceUri}) opened; CSP: ${csp}`);
    for (const note of notes)
      this.deps.logs.append(server, 'view', 'warning', `view of ${toolName}: ${note}`);

    const allow = allowAttribute(meta.permissions.filter((p) => p === 'clipboardWrite'));
    this.views.set(id, {
      id,
      server,
      identity: serverIdentity(session.config),
      tool: toolName,
      uri: resourceUri,
      conversationId,
      csp,
      allow,
      limit: new RateLimit((CALLS_PER_SECOND * CALLS_WINDOW_MS) / 1000, CALLS_WINDOW_MS),
      logChars: new RateLimit((LOG_CHARS_PER_SECOND * LOG_CHARS_WINDOW_MS) / 1000, LOG_CHARS_WINDOW_MS),
      logDropped: 0,
      controller: new AbortController(),
      calling: false,
    });
    if (this.views.size > MAX_VIEWS) this.close(this.views.keys().next().value!);
    const sandboxUrl = this.sandbox.urlOf(id);
    const definition: Tool = this.deps.catalog.toolsOf(server).find((t) => t.tool.name === toolName)
      ?.tool ?? {
      name: toolName,
      inputSchema: { type: 'object' },
    };
    return {
      viewId: id,
      sandboxUrl,
      sandboxOrigin: new URL(sandboxUrl).origin,
      html,
      server,
      resourceUri,
      tool: definition,
      input,
      ...(result ? { result } : {}),
      ...(meta.prefersBorder !== undefined ? { prefersBorder: meta.prefersBorder } : {}),
      allow,
      csp,
      notes,
    };
  }

  /**
   * The sandbox page of an open View, as a shell serves it on the View's origin: the proxy, with the
   * View's CSP as its header. Undefined for an id no open View has.
   */
  sandboxPage(viewId: string): { headers: Record<string, string>; body: string } | undefined {
    const view = this.views.get(viewId);
    return view && { headers: sandboxProxyHeaders(view.csp), body: sandboxProxyHtml(view.allow) };
  }

  /**
   * A View's `tools/call`: only its own server's tools that let a View call them, through the same
   * consent as the model's (the dialog says the View asks). A refusal is an error result.
   */
  async callTool(viewId: string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const view = this.live(viewId);
    const entry = this.deps.catalog.toolsOf(view.server).find((t) => t.tool.name === name);
    if (!entry) return errorResult(`${view.server} has no tool named ${name}.`);
    // One at a time: a View cannot stack consent dialogs in front of the model's.
    if (view.calling)
      return errorResult(`The view of ${view.tool} is already waiting for a tool call to end.`);
    view.calling = true;
    const outcome = await this.deps.tools
      .start(
        `view:${viewId}:${randomBytes(6).toString('hex')}`,
        { name: entry.name, args, conversationId: view.conversationId, asker: { view: view.tool } },
        view.controller.signal,
      )
      .outcome.finally(() => {
        view.calling = false;
      });
    const verdict = outcome.status === 'done' ? 'done' : `${outcome.status}: ${outcome.reason}`;
    this.deps.logs.append(view.server, 'view', 'info', `view of ${view.tool} called ${name}: ${verdict}`);
    return outcome.result;
  }

  /** A View's `resources/read`: its own server's resources only. */
  async readResource(viewId: string, uri: string): Promise<ReadResourceResult> {
    const view = this.live(viewId);
    const session = this.deps.registry.get(view.server);
    if (session?.run === undefined) throw new Error(`The server ${view.server} is not running.`);
    return session.readResource(uri);
  }

  /** A View's log message, in its server's log (source `view`). */
  log(viewId: string, level: LoggingLevel, text: string): void {
    const view = this.live(viewId);
    const line = text.length > MAX_LOG_LINE ? `${text.slice(0, MAX_LOG_LINE)}… (cut)` : text;
    if (!view.logChars.take(line.length)) {
      // Said in the log once when it starts, then counted until the View's lines are taken again.
      if (view.logDropped++ === 0)
        this.deps.logs.append(
          view.server,
          'view',
          'warning',
          `view of ${view.tool} logs more than ${LOG_CHARS_PER_SECOND} characters a second: lines dropped`,
        );
      throw new Error(`The view of ${view.tool} logs too much: line dropped.`);
    }
    if (view.logDropped > 0) {
      this.deps.logs.append(
        view.server,
        'view',
        'warning',
        `view of ${view.tool}: ${view.logDropped} lines dropped`,
      );
      view.logDropped = 0;
    }
    this.deps.logs.append(view.server, 'view', level, `view of ${view.tool}: ${line}`);
  }

  /**
   * A View's `ui/update-model-context`: replaces what it said before; goes with the person's next
   * message in its conversation (and is shown there).
   */
  updateContext(
    viewId: string,
    content: { type: string; text?: string }[],
    structured?: Record<string, unknown>,
  ): void {
    const view = this.live(viewId);
    const parts = content.flatMap((b) => (b.type === 'text' && b.text ? [b.text] : []));
    if (structured !== undefined) parts.push(JSON.stringify(structured));
    const text = parts.join('\n').slice(0, MAX_CONTEXT_CHARS);
    if (!text) this.contexts.delete(viewId);
    else {
      this.contexts.delete(viewId); // the newest last: the oldest go first past the bound
      this.contexts.set(viewId, {
        server: view.server,
        tool: view.tool,
        uri: view.uri,
        text,
        conversationId: view.conversationId,
      });
      if (this.contexts.size > MAX_VIEWS) this.contexts.delete(this.contexts.keys().next().value!);
    }
  }

  /** The context Views of `conversationId` asked for since its last message, taken (each once). */
  takeContext(conversationId: string): ViewContext[] {
    const taken: ViewContext[] = [];
    for (const [id, c] of this.contexts) {
      if (c.conversationId !== conversationId) continue;
      this.contexts.delete(id);
      taken.push({ server: c.server, tool: c.tool, uri: c.uri, text: c.text });
    }
    return taken;
  }

  /** The View's frame is gone: its id answers nothing more, and its tool call (asked or running) ends. */
  close(viewId: string): void {
    this.views.get(viewId)?.controller.abort(new Error('The view was closed.'));
    this.views.delete(viewId);
  }

  private live(viewId: string): LiveView {
    const view = this.views.get(viewId);
    // Its server removed, or replaced by another under its name (a changed command or address): the
    // View is closed — it would otherwise read and call the new server's (found by an attack review).
    const session = view && this.deps.registry.get(view.server);
    if (view && (!session || serverIdentity(session.config) !== view.identity)) this.close(viewId);
    if (!view || !this.views.has(viewId))
      throw new Error('This view is closed: reopen the conversation to show it again.');
    if (!view.limit.take()) throw new Error(`The view of ${view.tool} asks too often: slow down.`);
    return view;
  }
}

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** A tool call with a View that `conversation` keeps: where it ran, what it was given, what it gave. */
function findCall(
  conversation: Awaited<ReturnType<ConversationStore['load']>>,
  toolUseId: string,
):
  | {
      server: string;
      tool: string;
      resourceUri: string;
      /** The identity of the server that made the call, where it was recorded. */
      identity?: string;
      input: Record<string, unknown>;
      result?: CallToolResult;
    }
  | undefined {
  let input: Record<string, unknown> | undefined;
  let result: CallToolResult | undefined;
  let record:
    | { server?: string; tool?: string; view?: { resourceUri: string; server?: string }; decision: string }
    | undefined;
  // The first call under this id, its result and its record: an API may hand an id out again (a
  // later call, perhaps to another server), and the View must not be given what that call sent or got.
  for (const message of conversation.messages) {
    for (const block of message.blocks) {
      if (block.type === 'tool_use' && block.id === toolUseId) input ??= block.input;
      if (block.type === 'tool_result' && block.toolUseId === toolUseId) result ??= block.result;
    }
    record ??= message.toolCalls?.find((r) => r.toolUseId === toolUseId);
  }
  if (!record?.server || !record.tool || !record.view || record.decision !== 'allowed' || !input)
    return undefined;
  // The URI kept is the one the call's definition named; a View is always its own server's resource.
  if (!record.view.resourceUri.startsWith('ui://')) return undefined;
  return {
    server: record.server,
    tool: record.tool,
    resourceUri: record.view.resourceUri,
    ...(record.view.server !== undefined ? { identity: record.view.server } : {}),
    input,
    ...(result ? { result } : {}),
  };
}
