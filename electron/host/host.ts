import path from 'node:path';
import type { CallToolResult, Progress } from '../../shared/mcp/protocol';
import { AnthropicProvider } from '../llm/anthropic/anthropicProvider';
import type { ModelProvider } from '../llm/modelProvider';
import { RateLimiter } from '../llm/rateLimiter';
import { sampleWithProvider } from '../llm/samplingBridge';
import { type ClientHandlers, ErrorCode, McpError } from '../mcp';
import { ConversationStore } from '../store/conversationStore';
import { SettingsStore } from '../store/settingsStore';
import { Catalog } from './catalog/catalog';
import { ChatService } from './chat/chatService';
import { promptToMessages, resourceToBlocks } from './chat/resourceToBlocks';
import { ConfigFile } from './config/configFile';
import { ApprovalStore } from './consent/approvalStore';
import { ConsentBroker, type Sampler } from './consent/consentBroker';
import { LogStore } from './logs/logStore';
import { Redactor } from './logs/redactor';
import { RootsManager } from './roots/rootsManager';
import { FileSecretStore } from './secrets/fileSecretStore';
import { adoptLegacyKey, providerKeyId } from './secrets/providerKey';
import type { SecretStore } from './secrets/secretStore';
import type { RestartPolicy } from './servers/serverConnection';
import { ServerRegistry } from './servers/serverRegistry';
import { TrustStore } from './servers/trustStore';

export interface HostOptions {
  /** The data directory (switchboardHome()). */
  home: string;
  /** The Electron shell passes its safeStorage store; otherwise a 0600 file in `home`. */
  secrets?: SecretStore;
  resolveShellPath?: boolean;
  restart?: Partial<RestartPolicy>;
  /**
   * Answers an approved sampling request. Default: the Anthropic provider with the key from
   * Settings. `null`: sampling is not offered to servers at all.
   */
  sampler?: Sampler | null;
  /** How long a consent waits for the person before it counts as refused (default 5 min). */
  consentTimeoutMs?: number;
}

/** `sentAt`: when the approved call went to the server (time in the consent dialog is not the tool's). */
export type ToolCallOutcome =
  | {
      status: 'done';
      result: CallToolResult;
      server: string;
      tool: string;
      argumentsJson: string;
      sentAt: number;
    }
  | { status: 'refused'; reason: string; server?: string; tool?: string; result: CallToolResult }
  /** The server answered with an error, or the connection failed, after the call was sent. */
  | {
      status: 'failed';
      reason: string;
      code?: number;
      server: string;
      tool: string;
      argumentsJson: string;
      sentAt: number;
      result: CallToolResult;
    };

/**
 * The MCP host: every server, its config, secrets, roots and logs, behind one object that both
 * shells drive. Created only fully loaded; nothing here imports `electron`.
 */
export class Host {
  private constructor(
    readonly home: string,
    readonly config: ConfigFile,
    readonly secrets: SecretStore,
    readonly redactor: Redactor,
    readonly logs: LogStore,
    readonly roots: RootsManager,
    readonly registry: ServerRegistry,
    readonly catalog: Catalog,
    readonly consent: ConsentBroker,
    readonly approvals: ApprovalStore,
    readonly settings: SettingsStore,
    readonly provider: ModelProvider,
    readonly chat: ChatService,
  ) {}

  static async create(options: HostOptions): Promise<Host> {
    const config = ConfigFile.inHome(options.home);
    const secrets = options.secrets ?? FileSecretStore.inHome(options.home);
    const redactor = new Redactor();
    redactor.add(...(await secrets.values().catch(() => [])));
    const logs = new LogStore(redactor, { dir: path.join(options.home, 'logs') });
    const roots = RootsManager.inHome(options.home);
    await roots.load();
    const approvals = new ApprovalStore(path.join(options.home, 'approvals.json'));
    await approvals.load();
    const consent = new ConsentBroker(approvals, options.consentTimeoutMs);
    const settings = SettingsStore.inHome(options.home);
    await adoptLegacyKey(secrets, (await settings.get()).settings.anthropic.baseUrl);
    // Where the key goes is read from Settings on every request, and from nowhere else; the key is
    // the one stored for that origin (providerKeyId), so a changed base URL never receives another's.
    const provider = new AnthropicProvider(async () => {
      const { baseUrl } = (await settings.get()).settings.anthropic;
      return { baseUrl, apiKey: await secrets.get(providerKeyId(baseUrl)) };
    });
    const sampler: Sampler | undefined =
      options.sampler === null
        ? undefined
        : (options.sampler ??
          (async (params, opts) => {
            const { anthropic, sampling } = (await settings.get()).settings;
            return sampleWithProvider(
              provider,
              { maxTokensCap: sampling.maxTokensCap, defaultModel: anthropic.defaultModel },
              params,
              opts,
            );
          }));
    const samplingLimit = new RateLimiter(
      async () => (await settings.get()).settings.sampling.perServerPerMinute,
    );
    // Filled once the registry exists: handlers look servers up when a request arrives.
    let describe: (id: string) => ReturnType<ServerRegistry['describe']> = () => undefined;
    const handlersFor = (id: string): ClientHandlers => {
      const who = () => {
        const server = describe(id);
        if (!server) throw new Error(`server ${id} is not configured`);
        return server;
      };
      const handlers: ClientHandlers = {
        roots: { list: () => roots.rootsFor(id) },
        elicitation: {
          form: (params, ctx) => consent.elicit(who(), params, ctx.signal),
          url: (params, ctx) => consent.elicit(who(), params, ctx.signal),
        },
      };
      if (sampler)
        handlers.sampling = {
          createMessage: async (params, ctx) => {
            const server = who();
            // Refused before any dialog: a server cannot flood the person with requests.
            if (!(await samplingLimit.take(id)))
              throw new McpError(
                ErrorCode.InternalError,
                `Too many sampling requests from ${id}: at most ${(await settings.get()).settings.sampling.perServerPerMinute} a minute (Settings)`,
              );
            if (!options.sampler && !(await provider.hasKey()))
              throw new McpError(
                ErrorCode.InternalError,
                'Sampling is unavailable: no model API key is set in Switchboard',
              );
            return consent.sample(server, params, sampler, ctx.signal);
          },
        };
      return handlers;
    };
    const registry = new ServerRegistry({
      config,
      secrets,
      logs,
      redactor,
      trust: TrustStore.inHome(options.home),
      restart: options.restart,
      resolveShellPath: options.resolveShellPath,
      handlersFor,
    });
    describe = (id) => registry.describe(id);
    roots.onChange((ids) => {
      const targets =
        ids === 'all'
          ? registry.connections()
          : ids.map((id) => registry.get(id)).filter((c) => c !== undefined);
      for (const c of targets) void c.notifyRootsChanged();
    });
    const catalog = new Catalog(registry, path.join(options.home, 'tool-settings.json'));
    // The chat calls tools through the host it belongs to (which needs the chat to exist first).
    let self: Host | undefined;
    const chat = new ChatService({
      store: ConversationStore.inHome(options.home),
      provider,
      settings,
      catalog,
      callTool: (name, args, opts) => self!.callTool(name, args, opts),
      readResource: async (server, uri) => {
        const client = registry.get(server)?.client;
        if (!client) throw new Error(`Server "${server}" is not running`);
        return resourceToBlocks(await client.readResource(uri));
      },
      getPrompt: async (server, name, args) => {
        const client = registry.get(server)?.client;
        if (!client) throw new Error(`Server "${server}" is not running`);
        return promptToMessages(await client.getPrompt(name, args));
      },
    });
    const host = new Host(
      options.home,
      config,
      secrets,
      redactor,
      logs,
      roots,
      registry,
      catalog,
      consent,
      approvals,
      settings,
      provider,
      chat,
    );
    self = host;
    await registry.load();
    await catalog.init();
    return host;
  }

  /**
   * A model's tool call: the model-facing name resolved to its server and tool, consent asked (or a
   * standing approval found), and exactly the approved arguments sent. A refusal is a result the
   * model can read, not an exception.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: { conversationId?: string; signal?: AbortSignal; onProgress?: (p: Progress) => void } = {},
  ): Promise<ToolCallOutcome> {
    const refused = (reason: string, server?: string, tool?: string): ToolCallOutcome => ({
      status: 'refused',
      reason,
      ...(server ? { server } : {}),
      ...(tool ? { tool } : {}),
      result: { content: [{ type: 'text', text: reason }], isError: true },
    });
    const entry = this.catalog.resolveTool(name);
    if (!entry) return refused(`There is no tool named ${name}.`);
    if (!entry.enabled) return refused(`The tool ${name} is turned off.`, entry.server, entry.tool.name);
    const client = this.registry.get(entry.server)?.client;
    const server = this.registry.describe(entry.server);
    if (!client || !server)
      return refused(`The server of ${name} is not running.`, entry.server, entry.tool.name);
    const auth = await this.consent.authorizeToolCall({
      server,
      tool: entry.tool,
      args,
      conversationId: options.conversationId,
      signal: options.signal,
    });
    if (!auth.allowed) {
      const why =
        auth.reason === 'denied'
          ? 'The user denied this tool call.'
          : `The tool call was not approved (${auth.reason}).`;
      return refused(why, entry.server, entry.tool.name);
    }
    const sentAt = Date.now();
    const sent = { server: entry.server, tool: entry.tool.name, argumentsJson: auth.argumentsJson, sentAt };
    try {
      const result = await client.callTool(entry.tool.name, auth.arguments as Record<string, unknown>, {
        signal: options.signal,
        onProgress: options.onProgress,
        resetTimeoutOnProgress: true,
      });
      return { status: 'done', result, ...sent };
    } catch (error) {
      // A cancel is the caller's to report; anything else is this call's failure, with its server.
      if (options.signal?.aborted) throw error;
      const reason = `The call failed: ${error instanceof Error ? error.message : String(error)}`;
      return {
        status: 'failed',
        reason,
        ...(error instanceof McpError ? { code: error.code } : {}),
        ...sent,
        result: { content: [{ type: 'text', text: reason }], isError: true },
      };
    }
  }

  /** Stops every server per its transport's rules and writes pending logs. */
  async shutdown(): Promise<void> {
    this.chat.dispose();
    this.consent.closeAll();
    this.catalog.dispose();
    await this.registry.shutdown();
    await this.logs.flush();
  }
}
