import { homedir } from 'node:os';
import type { SettingsStore } from '../../store/settingsStore';
import type { ActivityLog } from '../activity/activityLog';
import { ServerRecord } from '../activity/serverRecord';
import { ConfigFile } from '../config/configFile';
import type { ConsentBroker } from '../consent/consentBroker';
import type { ElicitationPolicy } from '../consent/elicitationPolicy';
import type { SamplingPolicy } from '../consent/samplingPolicy';
import type { HostFaults } from '../faults/hostFaults';
import type { HostOptions } from '../hostOptions';
import type { LogStore } from '../logs/logStore';
import type { Redactor } from '../logs/redactor';
import type { PolicyGate } from '../policy/policyGate';
import type { PolicyWatcher } from '../policy/policyWatcher';
import { RootsManager } from '../roots/rootsManager';
import { defaultSandboxHome, SandboxEngine } from '../sandbox/sandboxEngine';
import { SecretAuthStore } from '../secrets/secretAuthStore';
import type { SecretStore } from '../secrets/secretStore';
import { clientFeatures } from '../servers/clientFeatures';
import { EraStore } from '../servers/eraStore';
import type { ServerProblemRoute } from '../servers/serverProblemRoute';
import { ServerRegistry } from '../servers/serverRegistry';
import { TrustStore } from '../servers/trustStore';
import type { LiveTelemetry } from '../telemetry/liveTelemetry';
import { part } from './part';

/** The folders servers may see. */
const roots = part({
  name: 'roots',
  needs: ['options'],
  create: async ({ options }: { options: HostOptions }) => {
    const roots = RootsManager.inHome(options.home);
    await roots.load();
    return roots;
  },
});

/** This host's hold on the process's one sandbox engine (see SandboxEngine.hold), let go once its servers are. */
const sandbox = part({
  name: 'sandbox',
  needs: [],
  create: () => {
    const engine = SandboxEngine.shared();
    return { engine, release: engine.hold() };
  },
  dispose: ({ release }) => release(),
});

interface RegistryNeeds {
  options: HostOptions;
  secrets: SecretStore;
  logs: LogStore;
  redactor: Redactor;
  roots: RootsManager;
  elicitation: ElicitationPolicy;
  sampling: SamplingPolicy | undefined;
  problems: ServerProblemRoute;
  activity: ActivityLog;
  settings: SettingsStore;
  faults: HostFaults;
  policy: PolicyGate;
  managedPolicy: PolicyWatcher;
  sandbox: { engine: SandboxEngine };
  consent: ConsentBroker;
  telemetry: LiveTelemetry;
}

/**
 * Every server, one session each. Let go by stopping them all, after refusing what waits on the person
 * (nobody can answer now, and a server retired by a switch waits up to 30 s for what it was asked).
 */
const registry = part({
  name: 'registry',
  needs: [
    'options',
    'secrets',
    'logs',
    'redactor',
    'roots',
    'elicitation',
    'sampling',
    'problems',
    'activity',
    'settings',
    'faults',
    'policy',
    'managedPolicy',
    'sandbox',
    'consent',
    'telemetry',
  ],
  create: (n: RegistryNeeds, held) => {
    const { options, roots, activity, managedPolicy, redactor } = n;
    const home = options.home;
    const registry = new ServerRegistry({
      config: ConfigFile.inHome(home),
      secrets: n.secrets,
      logs: n.logs,
      redactor,
      trust: TrustStore.inHome(home),
      eras: EraStore.inHome(home),
      restart: options.restart,
      resolveShellPath: options.resolveShellPath,
      handlersFor: (server) =>
        clientFeatures(server, {
          roots,
          elicitation: n.elicitation,
          sampling: n.sampling,
          noteProblem: n.problems.note,
          activity,
        }),
      authStore: new SecretAuthStore(n.secrets, redactor),
      clientMetadataUrl: async () => (await n.settings.get()).settings.oauth.clientMetadataUrl,
      fault: n.faults.report,
      gate: n.policy,
      activity,
      observe: (config) => n.telemetry.observeServer(config),
      sandbox: {
        engine: n.sandbox.engine,
        home: options.sandbox?.personHome ?? homedir(),
        dataDir: home,
        sandboxHome: options.sandbox?.folder ?? defaultSandboxHome(),
        rootsFor: (server) => roots.directoriesFor(server),
        policyDomains: () =>
          managedPolicy.state.kind === 'active'
            ? {
                allowed: managedPolicy.state.policy.sandboxAllowedDomains,
                denied: managedPolicy.state.policy.sandboxDeniedDomains,
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
    held.add(
      n.problems.showWith((server, kind, message) => registry.get(server)?.noteProblem(kind, message)),
    );
    held.add(managedPolicy.onChange(() => void registry.applyPolicy()));
    return registry;
  },
  dispose: async (registry, { consent }) => {
    consent.closeAll();
    await registry.shutdown();
  },
});

/** A change of roots: recorded, and told to the servers it concerns. */
const rootChanges = part({
  name: 'rootChanges',
  needs: ['roots', 'registry', 'activity'],
  create: (
    { roots, registry, activity }: { roots: RootsManager; registry: ServerRegistry; activity: ActivityLog },
    held,
  ) => {
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
  },
});

/** The servers: the folders they see, the sandbox, the registry, and roots changes told to them. */
export const serverParts = [roots, sandbox, registry, rootChanges] as const;
