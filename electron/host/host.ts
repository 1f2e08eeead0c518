import { homedir } from 'node:os';
import path from 'node:path';
import type { ActivitySource } from '../../shared/host/activity';
import type { ServerProblemKind } from '../../shared/host/serverView';
import { DEFAULT_DEADLINES, type ModelDeadlines } from '../llm/modelDeadlines';
import { DisposableStore } from '../mcp';
import { AttachmentStore } from '../store/attachmentStore';
import { ConversationStore } from '../store/conversationStore';
import { DraftStore } from '../store/draftStore';
import { watchFile } from '../store/fileWatch';
import { SettingsStore } from '../store/settingsStore';
import { ToolChoiceStore } from '../store/toolChoiceStore';
import { ActivityLog } from './activity/activityLog';
import { ActivityNotices } from './activity/activityNotices';
import { ActivityReader } from './activity/activityReader';
import { ServerRecord } from './activity/serverRecord';
import type { ShellAbilities } from './api/shellAbilities';
import { AppViews } from './apps/appViews';
import { Catalog } from './catalog/catalog';
import { ChatService } from './chat/chatService';
import { ConversationTitler } from './chat/conversationTitler';
import { promptToMessages, resourceToBlocks, skillToBlocks } from './chat/resourceToBlocks';
import { ConfigFile } from './config/configFile';
import type { ServerConfig } from './config/serverConfig';
import { ApprovalStore } from './consent/approvalStore';
import { ConsentBroker, type Sampler } from './consent/consentBroker';
import { ElicitationPolicy } from './consent/elicitationPolicy';
import { SamplingPolicy } from './consent/samplingPolicy';
import { HostFaults } from './faults/hostFaults';
import { followProcessFaults } from './faults/processGuard';
import { AttachedFiles } from './files/attachedFiles';
import type { HostParts } from './hostParts';
import { type HostService, hostService } from './hostService';
import { sweepUnusedBundles } from './install/bundleHousekeeping';
import { BundlePlans } from './install/bundlePlans';
import { BundleUploads } from './install/bundleUploads';
import { AppLog } from './logs/appLog';
import { LogStore } from './logs/logStore';
import { Redactor } from './logs/redactor';
import { ModelProviders } from './models/modelProviders';
import { InstallRecords } from './policy/installRecords';
import { policyFilePath } from './policy/managedPolicy';
import { PolicyGate } from './policy/policyGate';
import { watchPolicy } from './policy/policyWatcher';
import { RegistryPackages } from './policy/registryPackages';
import { RootsManager } from './roots/rootsManager';
import { ToolInvocations } from './runs/toolInvocations';
import { defaultSandboxHome, SandboxEngine } from './sandbox/sandboxEngine';
import { FileSecretStore } from './secrets/fileSecretStore';
import { adoptLegacyKey } from './secrets/providerKey';
import { SecretAuthStore } from './secrets/secretAuthStore';
import type { SecretStore } from './secrets/secretStore';
import { clientFeatures } from './servers/clientFeatures';
import { EraStore } from './servers/eraStore';
import type { RestartPolicy } from './servers/restartPolicy';
import { ServerRegistry } from './servers/serverRegistry';
import type { ServerSession } from './servers/serverSession';
import { TrustStore } from './servers/trustStore';
import { HostTelemetry } from './telemetry/hostTelemetry';
import type { TelemetryConfig } from './telemetry/telemetryConfig';

export interface HostOptions {
  /** The data directory (switchboardHome()). */
  home: string;
  /** The Electron shell passes its safeStorage store; otherwise a 0600 file in `home`. */
  secrets?: SecretStore;
  resolveShellPath?: boolean;
  restart?: Partial<RestartPolicy>;
  /**
   * Answers an approved sampling request. Default: the model provider with the key from Settings.
   * `null`: sampling is not offered to servers at all.
   */
  sampler?: Sampler | null;
  /** How long a consent waits for the person before it counts as refused (default 5 min). */
  consentTimeoutMs?: number;
  /** How long a turn waits for a model list and for a reply that sends nothing (tests shorten them). */
  deadlines?: Partial<ModelDeadlines>;
  /** The managed policy file (default: policyFilePath(), which honours SWITCHBOARD_POLICY_FILE). */
  policyFile?: string;
  /**
   * The activity record: its folder (default `activity/` in `home`; a headless chat gives the person's)
   * and who writes (default the app).
   */
  activity?: { dir?: string; source?: ActivitySource; maxBytes?: number };
  /**
   * Whether servers edited in config.json while no Switchboard ran are looked for at start (default:
   * yes). `mcp install` says no: it leaves nothing in a data folder it does not change, and finds such
   * edits when it saves.
   */
  configEditsAtStart?: boolean;
  /**
   * Whether config.json is watched while the host runs, an edit made outside taken at once (default:
   * yes). `mcp install` and `mcp chat` say no: the one changes nothing it was not asked to, the other
   * runs on a copy.
   */
  watchConfig?: boolean;
  /**
   * The sandbox's places: the home folder whose secret places are hidden (default: the person's) and
   * where confined servers get folders of their own (default: the person's cache folder).
   */
  sandbox?: { personHome?: string; folder?: string };
  /**
   * Whether a new conversation is titled by its model after its first reply, as Settings say
   * (default: yes). `mcp chat` says no: its conversation goes with its folder when the run ends.
   */
  titles?: boolean;
  /**
   * OpenTelemetry export: a configuration, `null` for none, or (default) the managed policy's
   * collector, else the OTEL_* environment — off unless one of them names one (electron/host/telemetry).
   */
  telemetry?: TelemetryConfig | null;
}

/**
 * The MCP host: every server, its config, secrets, roots and logs, the consents, the tool calls and
 * the chat. Created only fully loaded; nothing here imports `electron`. A shell uses the lifecycle
 * alone — `create`, `serve` (the API its page calls), `start`, `lastWindowClosed`, `shutdown` — so
 * both shells run the same sequence.
 */
export class Host implements HostParts {
  readonly secrets: SecretStore;
  readonly redactor: Redactor;
  readonly logs: LogStore;
  readonly roots: RootsManager;
  readonly registry: ServerRegistry;
  readonly catalog: Catalog;
  readonly consent: ConsentBroker;
  readonly approvals: ApprovalStore;
  readonly settings: SettingsStore;
  readonly providers: ModelProviders;
  readonly tools: ToolInvocations;
  readonly chat: ChatService;
  readonly files: AttachedFiles;
  readonly apps: AppViews;
  readonly faults: HostFaults;
  readonly activity: ActivityLog;
  readonly activityReader: ActivityReader;
  readonly activityNotices: ActivityNotices;
  readonly bundlePlans: BundlePlans;
  readonly bundleUploads: BundleUploads;
  readonly installs: InstallRecords;
  readonly policy: PolicyGate;

  private constructor(
    parts: HostParts,
    /** The host's own subscriptions between its parts, and the services it serves: ended at shutdown. */
    private readonly held: DisposableStore,
    /** This host's hold on the process's sandbox engine (see SandboxEngine.hold). */
    private readonly releaseSandbox: () => Promise<void>,
    /** OpenTelemetry export, when configured: its counts for Settings, flushed last at shutdown. */
    readonly telemetry: HostTelemetry | undefined,
  ) {
    ({
      secrets: this.secrets,
      redactor: this.redactor,
      logs: this.logs,
      roots: this.roots,
      registry: this.registry,
      catalog: this.catalog,
      consent: this.consent,
      approvals: this.approvals,
      settings: this.settings,
      providers: this.providers,
      tools: this.tools,
      chat: this.chat,
      files: this.files,
      apps: this.apps,
      faults: this.faults,
      activity: this.activity,
      activityReader: this.activityReader,
      activityNotices: this.activityNotices,
      bundlePlans: this.bundlePlans,
      bundleUploads: this.bundleUploads,
      installs: this.installs,
      policy: this.policy,
    } = parts);
  }

  /** Builds the whole graph in dependency order (nothing late-bound), loads it, and lists the servers. */
  static async create(options: HostOptions): Promise<Host> {
    const { home } = options;
    const secrets = options.secrets ?? FileSecretStore.inHome(home);
    const redactor = new Redactor();
    redactor.add(...(await secrets.values().catch(() => [])));
    const logs = new LogStore(redactor, { dir: path.join(home, 'logs') });
    const appLog = AppLog.inHome(home, (text) => redactor.redact(text));
    const faults: HostFaults = new HostFaults({
      log: appLog,
      serverOf: (id): ServerSession | undefined => registry.get(id),
    });
    const roots = RootsManager.inHome(home);
    await roots.load();
    const approvals = new ApprovalStore(path.join(home, 'approvals.json'));
    await approvals.load();
    const activityNotices = new ActivityNotices();
    const policyFile = options.policyFile ?? policyFilePath();
    const telemetry = await HostTelemetry.start(options.telemetry, (p) => appLog.warn(p), policyFile);
    const activity = new ActivityLog(options.activity?.dir ?? path.join(home, 'activity'), {
      onHealth: (failing, missed) => activityNotices.writing(failing, missed),
      source: options.activity?.source ?? 'app',
      ...(telemetry ? { observer: telemetry.activity } : {}),
      ...(options.activity?.maxBytes !== undefined ? { maxBytes: options.activity.maxBytes } : {}),
      // Said once (then counted in the record when it works again); the calls go on.
      onFailure: (error) =>
        faults.report(error, 'while recording activity (what it records goes on; not recorded)', undefined),
    });
    const consent = new ConsentBroker(approvals, options.consentTimeoutMs, activity);
    const settings = SettingsStore.inHome(home);
    // Settings' retention (and whether results are kept whole), in the background: nothing waits on it.
    void settings.get().then(({ settings: s }) => activity.retain(s.activity));
    await adoptLegacyKey(secrets, (await settings.get()).settings);
    const providers = new ModelProviders(settings, secrets, { ...DEFAULT_DEADLINES, ...options.deadlines });
    const sampling =
      options.sampler === null
        ? undefined
        : new SamplingPolicy(
            consent,
            settings,
            providers,
            options.sampler ?? undefined,
            (text) => redactor.redact(text),
            activity,
          );
    const noteProblem = (id: string, kind: ServerProblemKind, message: string) =>
      registry.get(id)?.noteProblem(kind, message);
    const elicitation = new ElicitationPolicy(consent, settings, noteProblem, activity, (text) =>
      redactor.redact(text),
    );
    const installs = InstallRecords.inHome(home);
    const gate = new PolicyGate({
      policy: () => policy.state,
      installs,
      packages: new RegistryPackages(),
      resolveShellPath: options.resolveShellPath,
      record: (entry) => activity.record(entry),
      redact: (text) => redactor.redact(text),
    });
    const sandboxEngine = SandboxEngine.shared();
    const releaseSandbox = sandboxEngine.hold();
    const registry: ServerRegistry = new ServerRegistry({
      config: ConfigFile.inHome(home),
      secrets,
      logs,
      redactor,
      trust: TrustStore.inHome(home),
      eras: EraStore.inHome(home),
      restart: options.restart,
      resolveShellPath: options.resolveShellPath,
      handlersFor: (server) =>
        clientFeatures(server, { roots, elicitation, sampling, noteProblem, activity }),
      authStore: new SecretAuthStore(secrets, redactor),
      clientMetadataUrl: async () => (await settings.get()).settings.oauth.clientMetadataUrl,
      fault: faults.report,
      gate,
      activity,
      ...(telemetry ? { observe: (config: ServerConfig) => telemetry.observeServer(config) } : {}),
      sandbox: {
        engine: sandboxEngine,
        home: options.sandbox?.personHome ?? homedir(),
        dataDir: home,
        sandboxHome: options.sandbox?.folder ?? defaultSandboxHome(),
        rootsFor: (server) => roots.directoriesFor(server),
        policyDomains: () =>
          policy.state.kind === 'active'
            ? {
                allowed: policy.state.policy.sandboxAllowedDomains,
                denied: policy.state.policy.sandboxDeniedDomains,
              }
            : { allowed: [], denied: [] },
        denied: (server, denial) => activity.record({ kind: 'sandbox-denied', server, ...denial }),
        denials: new Map(),
      },
      servers: ServerRecord.inHome(
        home,
        (text) => redactor.redact(text),
        (entry) => activity.record(entry),
        options.configEditsAtStart ?? true,
      ),
    });
    const held = new DisposableStore();
    // Read before the servers load (a refused one never starts), then followed while the host runs.
    const policy = held.add(await watchPolicy(policyFile));
    held.add({ dispose: policy.onChange(() => void registry.applyPolicy()) });
    held.add(
      roots.onChange((ids) => {
        activity.record({
          kind: 'roots-changed',
          servers: ids,
          roots:
            ids === 'all'
              ? { '*': roots.globalDirectories() }
              : Object.fromEntries(ids.map((id) => [id, roots.directoriesFor(id)])),
        });
        const targets = ids === 'all' ? registry.sessions() : ids.flatMap((id) => registry.get(id) ?? []);
        for (const session of targets) void session.notifyRootsChanged();
      }),
    );
    const catalog = new Catalog(registry, path.join(home, 'tool-settings.json'));
    const tools = new ToolInvocations({
      catalog,
      registry,
      consent: telemetry?.consent(consent) ?? consent,
      record: (server, text) => logs.append(server, 'lifecycle', 'info', text),
      activity,
      redact: (text) => redactor.redact(text),
    });
    const conversations = ConversationStore.inHome(home);
    const apps = new AppViews({
      conversations,
      registry,
      catalog,
      tools: telemetry?.views.tools(tools) ?? tools,
      logs,
    });
    const files = new AttachedFiles(AttachmentStore.inHome(home), (entry) => activity.record(entry));
    const chat = new ChatService({
      store: conversations,
      files,
      drafts: DraftStore.inHome(home),
      toolChoices: ToolChoiceStore.inHome(home),
      providers,
      settings,
      redact: (text) => redactor.redact(text),
      catalog,
      tools,
      readResource: async (server, uri) => resourceToBlocks(await registry.session(server).readResource(uri)),
      loadSkill: async (server, uri) =>
        skillToBlocks(server, await registry.session(server).loadSkill(catalog.skill(server, uri))),
      getPrompt: async (server, name, args) =>
        promptToMessages(await registry.session(server).getPrompt(name, args)),
      viewContext: (id) => apps.takeContext(id),
      ...(telemetry ? { telemetry: telemetry.chat } : {}),
      ...(options.titles === false
        ? {}
        : {
            titler: new ConversationTitler({
              store: conversations,
              providers,
              settings,
              log: (text) => appLog.warn(text),
            }),
          }),
    });
    const loaded = await registry.load();
    // config.json edited while the app runs (by hand, by another program): taken as it stands, recorded.
    // Read once more as the watch begins: an edit made since the load is not left for the next poll.
    if (options.watchConfig ?? true) {
      const reload = () =>
        registry.reload().then(
          () => {},
          (error: unknown) => faults.report(error, 'while reading config.json again', undefined),
        );
      void held.add(watchFile(ConfigFile.inHome(home).filePath, reload)).check();
    }
    // Bundle folders no server names (an install cut short, a server removed in the file): before any
    // install of this run begins. An unreadable config names nothing, and sweeps nothing.
    const bundlesDir = path.join(home, 'bundles');
    await sweepUnusedBundles(loaded.state === 'unreadable' ? undefined : loaded.document, bundlesDir).catch(
      (error: unknown) => faults.report(error, 'while removing unused bundle folders', undefined),
    );
    await catalog.init();
    // The record's chain checked at start: where it breaks goes to the app log (and the Activity page says it).
    const activityReader = new ActivityReader(activity.dir);
    void activityReader.all().then(
      ({ problems }) => {
        activityNotices.checked(problems);
        if (problems.length > 0)
          faults.report(
            new Error(
              `the activity record does not hold together at ${problems.length} place(s), first ${problems[0]!.file} line ${problems[0]!.line}: ${problems[0]!.problem}`,
            ),
            'while checking the activity record at start',
            undefined,
          );
      },
      (error: unknown) => faults.report(error, 'while checking the activity record at start', undefined),
    );
    // While this host runs, the process's unhandled errors are its to log and trace (see keepProcessAlive).
    held.add(followProcessFaults(faults.report));
    return new Host(
      {
        secrets,
        redactor,
        logs,
        roots,
        registry,
        catalog,
        consent,
        approvals,
        settings,
        providers,
        tools,
        chat,
        files,
        apps,
        faults,
        activity,
        activityReader,
        activityNotices,
        bundlePlans: new BundlePlans(bundlesDir),
        bundleUploads: new BundleUploads(bundlesDir),
        installs,
        policy: gate,
      },
      held,
      releaseSandbox,
      telemetry,
    );
  }

  /** The API a shell's page calls (the contract), with what that shell can do natively. */
  serve(shell: ShellAbilities = {}): HostService {
    return this.held.add(hostService(this, shell));
  }

  /** Starts every enabled, trusted server at once (the shell's window is up). */
  start(): Promise<void> {
    return this.registry.startAll();
  }

  /** Every window or page is gone: nobody can answer, so every pending consent is refused. */
  lastWindowClosed(): void {
    this.consent.closeAll();
  }

  /** Stops every server per its transport's rules, ends every call and subscription, writes pending logs. */
  async shutdown(): Promise<void> {
    this.held.dispose();
    this.chat.dispose();
    await this.chat.settled();
    this.tools.dispose();
    this.consent.closeAll();
    this.catalog.dispose();
    await this.registry.shutdown();
    await this.releaseSandbox();
    await this.installs.settled();
    // Bundles opened and never added: nobody can finish them now.
    await this.bundlePlans.clear().catch(() => {});
    await this.bundleUploads.clear().catch(() => {});
    this.files.uploads.clear();
    await this.logs.flush();
    await this.activity.flush();
    await this.faults.flush();
    // Last: the sessions' spans end as the servers stop; a collector that is down costs a bounded wait.
    await this.telemetry?.shutdown();
  }
}
