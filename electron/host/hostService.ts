import { randomUUID } from 'node:crypto';
import type { ConversationSettings } from '../../shared/chat/conversation';
import type { ConsentAnswer } from '../../shared/host/consent';
import type { ImportSelection, ImportSource, ServerDraft } from '../../shared/host/serverDraft';
import type { LaunchSummary, LogEntry } from '../../shared/host/serverView';
import type { Settings } from '../../shared/host/settings';
import type { CatalogView } from '../../shared/ipc/catalogContract';
import type { HostApi, HostArgs, HostEvent, HostMethod, HostResults } from '../../shared/ipc/contract';
import type { RootsView } from '../../shared/ipc/rootsContract';
import type { CompleteReference, LoggingLevel } from '../../shared/mcp/protocol';
import { type Disposer, Emitter, SchemaValidator } from '../mcp';
import type { AppViews } from './apps/appViews';
import { catalogView } from './catalog/catalogView';
import { defaultImportPath, type ImportPlan, planImport } from './config/imports';
import { applyImport, draftOf, removeServer, saveDraft } from './config/serverEditor';
import type { HostParts } from './host';
import { listDirectory } from './roots/directoryBrowser';
import { toolRunOutcome } from './runs/toolOutcome';
import { keyOrigin, openAIKeysOf, providerKeyId } from './secrets/providerKey';

export interface ShellAbilities {
  /** The shell's native folder picker (Electron). */
  pickDirectory?: () => Promise<string | undefined>;
  /** The in-app folder browser may list folders (the browser shell, which has no native dialog). */
  browseDirectories?: boolean;
  /**
   * A confirmation the renderer cannot answer (Electron: a native dialog showing the exact command).
   * Without it, the page's trust prompt is the confirmation: the browser shell's page holds the
   * token, so it is the person's own.
   */
  confirmLaunch?: (server: string, launch: LaunchSummary) => Promise<boolean>;
  /**
   * A confirmation the renderer cannot answer, to send the API key stored for one origin to another
   * (Electron: a native dialog). Without it the key stays bound to the origin it was entered for and
   * the person enters it again for the new one.
   */
  confirmKeyDestination?: (from: string, to: string) => Promise<boolean>;
  /**
   * A confirmation the renderer cannot answer before a typed folder path becomes a root (Electron:
   * a native dialog naming the folder). Without it (the browser shell), the page is the person's own.
   */
  confirmFolder?: (directory: string, server: string | null) => Promise<boolean>;
}

/** Log entries are sent in batches gathered over this long. */
const LOG_BATCH_MS = 16;
/**
 * At most this many entries in one batch: past it, the oldest of the batch are counted and dropped
 * (a logsDropped event says how many) — a flood costs the page a bounded amount per frame.
 */
export const MAX_LOG_BATCH = 2000;

/** Import previews wait this long for the person to apply them. */
const PLAN_TTL_MS = 30 * 60_000;

/**
 * The host as the renderer sees it: exactly the contract's methods and events, ids in and views
 * out. No method takes a command to run (a server's command is only saved, and runs after the trust
 * prompt), and no result or event carries a secret.
 */
export class HostService implements HostApi {
  private readonly events = new Emitter<HostEvent>();
  private readonly disposers: Disposer[];
  private readonly plans = new Map<string, { plan: ImportPlan; at: number }>();
  /** Tool-runner argument checks: compiled once per schema. */
  private readonly validator = new SchemaValidator();
  private pendingLogs: LogEntry[] = [];
  private logTimer: ReturnType<typeof setTimeout> | undefined;
  private droppedLogs = 0;

  constructor(
    private readonly host: HostParts,
    private readonly shell: ShellAbilities = {},
  ) {
    const fire = (event: HostEvent) => this.events.fire(event);
    this.disposers = [
      host.registry.onChange((views) => fire({ event: 'serversChanged', payload: views })),
      host.logs.onEntry((entry) => {
        this.pendingLogs.push(entry);
        // Trimmed in steps, not per entry: the batch stays between MAX and twice MAX at most.
        if (this.pendingLogs.length >= 2 * MAX_LOG_BATCH) {
          this.droppedLogs += this.pendingLogs.length - MAX_LOG_BATCH;
          this.pendingLogs = this.pendingLogs.slice(-MAX_LOG_BATCH);
        }
        this.logTimer ??= setTimeout(() => {
          this.logTimer = undefined;
          let payload = this.pendingLogs;
          this.pendingLogs = [];
          if (payload.length > MAX_LOG_BATCH) {
            this.droppedLogs += payload.length - MAX_LOG_BATCH;
            payload = payload.slice(-MAX_LOG_BATCH);
          }
          if (this.droppedLogs > 0) {
            fire({ event: 'logsDropped', payload: { count: this.droppedLogs } });
            this.droppedLogs = 0;
          }
          fire({ event: 'logEntries', payload });
        }, LOG_BATCH_MS);
      }),
      host.consent.onChange((queue) => fire({ event: 'consentsChanged', payload: queue })),
      host.consent.onWithdrawn((payload) => fire({ event: 'consentWithdrawn', payload })),
      host.catalog.onChange(() => fire({ event: 'catalogChanged', payload: this.catalog() })),
      host.registry.onServerEvent((e) => {
        if (e.kind === 'resource-updated')
          fire({ event: 'resourceUpdated', payload: { server: e.server, uri: e.uri } });
        else if (e.kind === 'elicitation-complete')
          fire({
            event: 'elicitationComplete',
            payload: { server: e.server, elicitationId: e.elicitationId },
          });
        else if (e.kind === 'open-sign-in')
          fire({ event: 'openSignIn', payload: { server: e.server, url: e.url, issuer: e.issuer } });
      }),
      host.roots.onChange(() => fire({ event: 'rootsChanged', payload: this.roots() })),
      host.chat.onEvent((payload) => fire({ event: 'chat', payload })),
      host.chat.onListChange(() => {
        void host.chat.list().then((payload) => fire({ event: 'conversationsChanged', payload }));
      }),
    ];
  }

  /** Everything the host pushes (a listener's throw is a host fault, traced to a server); returns the unsubscribe. */
  subscribe(listener: (event: HostEvent) => void): Disposer {
    const window = this.host.faults.guard(
      (e: HostEvent) => `while sending ${e.event} to the window`,
      listener,
    );
    return this.events.event(window);
  }

  /** Calls a method by name with arguments already validated against the contract. */
  invoke<M extends HostMethod>(method: M, args: HostArgs[M]): Promise<HostResults[M]> {
    const api: HostApi = this;
    return api[method](...args);
  }

  dispose(): void {
    for (const d of this.disposers) d();
    clearTimeout(this.logTimer);
    this.events.dispose();
  }

  // ---- servers ----------------------------------------------------------------------------------

  async listServers() {
    return this.host.registry.views();
  }
  async startServer(id: string) {
    await this.host.registry.start(id);
  }
  async stopServer(id: string) {
    await this.host.registry.session(id).stop();
  }
  async refreshServerLists(id: string) {
    await this.host.catalog.refresh(id);
  }
  async restartServer(id: string) {
    await this.host.registry.restart(id);
  }
  async signIn(id: string) {
    await this.host.registry.signIn(id);
  }
  async signOut(id: string) {
    await this.host.registry.signOut(id);
  }
  async setServerEnabled(id: string, enabled: boolean) {
    await this.host.registry.setEnabled(id, enabled);
  }
  /**
   * The person trusts the launch the page showed them (`identity`). A renderer can save a command
   * (the edit form) but never run one on its own say-so: where the shell has a dialog of its own it
   * shows the launch again there, and what is trusted is exactly what was shown — an edit saved while
   * either was open trusts nothing.
   */
  async trustServer(id: string, identity: string) {
    const request = this.host.registry.pendingTrust(id, identity);
    if (!request) return;
    const { identity: _, ...launch } = request;
    if (this.shell.confirmLaunch && !(await this.shell.confirmLaunch(id, launch))) return;
    await this.host.registry.trust(id, request.identity);
  }
  async getServerDraft(id: string) {
    const config = this.host.registry.configOf(id);
    if (!config) throw new Error(`No server named "${id}"`);
    return draftOf(config);
  }
  async saveServer(id: string, draft: ServerDraft, previousId: string | null) {
    const renaming = previousId !== null && previousId !== id;
    if ((previousId === null || renaming) && this.host.registry.configOf(id))
      throw new Error(`A server named "${id}" exists already: choose another name`);
    await saveDraft(id, draft, this.host.registry, this.host.secrets, previousId);
  }
  async removeServer(id: string) {
    await removeServer(id, this.host.registry, this.host.secrets);
  }
  async previewImport(source: ImportSource, filePath: string | null) {
    const now = Date.now();
    for (const [id, p] of this.plans) if (now - p.at > PLAN_TTL_MS) this.plans.delete(id);
    const plan = await planImport(
      source,
      filePath ?? defaultImportPath(source),
      this.host.registry.configuredServers(),
    );
    const planId = randomUUID();
    this.plans.set(planId, { plan, at: now });
    return { ...plan.preview, planId };
  }
  async applyImport(planId: string, selection: ImportSelection) {
    const entry = this.plans.get(planId);
    if (!entry) throw new Error('This import preview has expired: preview the file again');
    await applyImport(entry.plan, selection, this.host.registry, this.host.secrets);
    this.plans.delete(planId);
  }

  // ---- logs and consent ---------------------------------------------------------------------------

  async getLogs(server: string | null) {
    return this.host.logs.entries(server ?? undefined);
  }
  async setLogLevel(id: string, level: LoggingLevel) {
    await this.host.registry.session(id).setLoggingLevel(level);
  }
  async setWireTrace(id: string, on: boolean) {
    this.host.registry.session(id).setWireTrace(on);
  }
  async listConsents() {
    return this.host.consent.queue();
  }
  async answerConsent(id: string, answer: ConsentAnswer) {
    this.host.consent.answer(id, answer);
  }

  // ---- tools --------------------------------------------------------------------------------------

  async getCatalog() {
    return this.catalog();
  }
  async setToolEnabled(server: string, tool: string, enabled: boolean) {
    await this.host.catalog.setToolEnabled(server, tool, enabled);
  }
  async getApprovals(server: string) {
    return this.host.approvals.summary(this.identity(server));
  }
  async setReadOnlyPolicy(server: string, enabled: boolean) {
    await this.host.approvals.setReadOnlyPolicy(this.identity(server), enabled);
  }
  async revokeApprovals(server: string) {
    await this.host.approvals.revokeServer(this.identity(server));
  }
  /**
   * The tool runner's check before Run: the arguments against the tool's input schema as the server
   * wrote it (JSON Schema 2020-12 unless its $schema names draft-07), every failed constraint named.
   */
  async checkToolArguments(name: string, args: Record<string, unknown>) {
    const entry = this.host.catalog.resolveTool(name);
    if (!entry) throw new Error(`No tool named "${name}" is offered by a running server`);
    return this.validator.check(entry.tool.inputSchema, args).errors;
  }
  /** A run the person started in the tool runner: through consent like any model's call. */
  async runTool(callId: string, name: string, args: Record<string, unknown>) {
    const invocation = this.host.tools.start(`run:${callId}`, { name, args });
    invocation.onProgress((progress) =>
      this.events.fire({ event: 'toolRunProgress', payload: { callId, progress } }),
    );
    return toolRunOutcome(await invocation.outcome);
  }
  async cancelToolRun(callId: string) {
    this.host.tools.cancel(`run:${callId}`, 'Cancelled by the user.');
  }

  // ---- resources and prompts ----------------------------------------------------------------------

  // ---- views (MCP Apps) ----
  /** For the shell, not the page: where it serves Views' sandbox pages, and each page. */
  get views(): Pick<AppViews, 'sandboxPage' | 'setSandbox'> {
    return this.host.apps;
  }
  loadView(conversationId: string, toolUseId: string) {
    return this.host.apps.open(conversationId, toolUseId);
  }
  viewCallTool(viewId: string, name: string, args: Record<string, unknown>) {
    return this.host.apps.callTool(viewId, name, args);
  }
  viewReadResource(viewId: string, uri: string) {
    return this.host.apps.readResource(viewId, uri);
  }
  async viewLog(viewId: string, level: LoggingLevel, text: string) {
    this.host.apps.log(viewId, level, text);
  }
  async viewUpdateContext(
    viewId: string,
    content: { type: string; text?: string }[],
    structured: Record<string, unknown> | null,
  ) {
    this.host.apps.updateContext(viewId, content, structured ?? undefined);
  }
  async closeView(viewId: string) {
    this.host.apps.close(viewId);
  }

  readResource(server: string, uri: string) {
    return this.host.registry.session(server).readResource(uri);
  }
  async setResourceSubscribed(server: string, uri: string, subscribed: boolean) {
    await this.host.catalog.setSubscribed(server, uri, subscribed);
  }
  getPrompt(server: string, name: string, args: Record<string, string>) {
    return this.host.registry.session(server).getPrompt(name, args);
  }
  async complete(
    server: string,
    ref: CompleteReference,
    argument: { name: string; value: string },
    context: Record<string, string>,
  ) {
    const session = this.host.registry.session(server);
    // Completion is optional: a server without it simply has no suggestions.
    if (session.capabilities && !session.capabilities.completions) return { values: [] };
    const result = await session.complete({
      ref,
      argument,
      ...(Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
    });
    return result.completion;
  }

  // ---- roots --------------------------------------------------------------------------------------

  async getRoots() {
    return this.roots();
  }
  async addRoot(directory: string, server: string | null) {
    // A typed path from the page: where the shell can ask natively (Electron), the person confirms it
    // there, so a compromised page cannot expose a folder on its own.
    if (this.shell.confirmFolder && !(await this.shell.confirmFolder(directory, server)))
      throw new Error(`${directory} was not added: not confirmed`);
    return this.host.roots.add(directory, server ?? undefined);
  }
  async removeRoot(directory: string, server: string | null) {
    await this.host.roots.remove(directory, server ?? undefined);
  }
  async useGlobalRoots(server: string) {
    await this.host.roots.useGlobal(server);
  }
  async pickRootDirectory(server: string | null) {
    if (!this.shell.pickDirectory)
      throw new Error('This window has no native folder dialog: use the folder browser instead');
    const chosen = await this.shell.pickDirectory();
    return chosen === undefined ? null : this.host.roots.add(chosen, server ?? undefined);
  }
  async listDirectory(dir: string | null) {
    if (!this.shell.browseDirectories)
      throw new Error('This window picks folders with the system dialog, not the in-app browser');
    return listDirectory(dir);
  }
  async secretStorage() {
    return { encrypted: this.host.secrets.encrypted };
  }

  // ---- settings -----------------------------------------------------------------------------------

  async getSettings() {
    const { settings, problems } = await this.host.settings.get();
    const providers = await this.host.providers.views();
    return {
      settings,
      problems,
      providers,
      hasApiKey: providers[0]!.hasKey,
      keyOrigin: keyOrigin(settings.anthropic.baseUrl),
    };
  }
  async saveSettings(settings: Settings) {
    const previous = (await this.host.settings.get()).settings;
    const before = previous.anthropic.baseUrl;
    await this.host.settings.set(settings);
    // A provider removed takes its keys with it — the one for its address now, and any left bound to
    // an address it had before (one added again later, anywhere, asks for its key again).
    for (const gone of previous.openai.filter((p) => !settings.openai.some((q) => q.id === p.id)))
      await this.host.secrets.deleteStartingWith(openAIKeysOf(gone.id));
    const after = settings.anthropic.baseUrl;
    if (keyOrigin(before) === keyOrigin(after) || !this.shell.confirmKeyDestination) return;
    // The key stays with the origin it was entered for unless the person says otherwise where the
    // page cannot answer for them.
    const secrets = this.host.secrets;
    const key = await secrets.get(providerKeyId(before));
    if (key === undefined || (await secrets.get(providerKeyId(after))) !== undefined) return;
    if (await this.shell.confirmKeyDestination(keyOrigin(before), keyOrigin(after)))
      await secrets.set(providerKeyId(after), key);
  }
  async setApiKey(provider: string, key: string | null) {
    const id = await this.host.providers.keyIdOf(provider);
    if (key === null) {
      await this.host.secrets.delete(id);
      return;
    }
    const trimmed = key.trim();
    if (!trimmed) throw new Error('The API key is empty');
    // Redacted from every log from now on, like every other secret.
    this.host.redactor.add(trimmed);
    await this.host.secrets.set(id, trimmed);
  }
  async listModels(provider: string) {
    const list = await (await this.host.providers.get(provider)).provider.listModels();
    // An API may echo the key it refused: the page never gets it.
    return list.error ? { ...list, error: this.host.redactor.redact(list.error) } : list;
  }

  // ---- chat -----------------------------------------------------------------------------------------

  listConversations() {
    return this.host.chat.list();
  }
  async getConversation(id: string) {
    return { ...(await this.host.chat.get(id)), replying: this.host.chat.isRunning(id) };
  }
  async createConversation(settings: Partial<ConversationSettings>) {
    return { ...(await this.host.chat.create(settings)), replying: false };
  }
  renameConversation(id: string, title: string) {
    return this.host.chat.rename(id, title);
  }
  deleteConversation(id: string) {
    return this.host.chat.delete(id);
  }
  listDrafts() {
    return this.host.chat.drafts();
  }
  saveDraft(id: string, text: string) {
    return this.host.chat.saveDraft(id, text);
  }
  setConversationSettings(id: string, settings: ConversationSettings) {
    return this.host.chat.setSettings(id, settings);
  }
  searchConversations(query: string) {
    return this.host.chat.search(query);
  }
  exportConversation(id: string, format: 'markdown' | 'json') {
    return this.host.chat.export(id, format);
  }
  sendMessage(id: string, text: string, attachments: { server: string; uri: string }[]) {
    return this.host.chat.send(id, text, attachments);
  }
  sendPrompt(id: string, server: string, name: string, args: Record<string, string>, text: string) {
    return this.host.chat.sendPrompt(id, server, name, args, text);
  }
  async cancelToolCall(id: string, toolUseId: string) {
    this.host.chat.cancelToolCall(id, toolUseId);
  }
  async stopReply(id: string) {
    this.host.chat.stop(id);
  }
  retryReply(id: string) {
    return this.host.chat.retry(id);
  }
  leaveOutOldToolResults(id: string) {
    return this.host.chat.leaveOutOldToolResults(id);
  }
  async continueWithSummary(id: string) {
    return { ...(await this.host.chat.continueWithSummary(id)), replying: false };
  }
  editAndResend(id: string, messageId: string, text: string) {
    return this.host.chat.editAndResend(id, messageId, text);
  }

  // ---- internals ----------------------------------------------------------------------------------

  private roots(): RootsView {
    return {
      global: this.host.roots.globalDirectories(),
      servers: this.host.roots.serverDirectories(),
      nativePicker: this.shell.pickDirectory !== undefined,
    };
  }

  private catalog(): CatalogView {
    return catalogView(this.host.catalog);
  }

  private identity(server: string): string {
    const who = this.host.registry.describe(server);
    if (!who) throw new Error(`No server named "${server}"`);
    return who.identity;
  }
}
