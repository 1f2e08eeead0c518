import path from 'node:path';
import type { SettingsStore } from '../../store/settingsStore';
import { ActivityLog } from '../activity/activityLog';
import { ActivityNotices } from '../activity/activityNotices';
import { HostFaults } from '../faults/hostFaults';
import type { HostOptions } from '../hostOptions';
import { AppLog } from '../logs/appLog';
import { LogStore } from '../logs/logStore';
import { Redactor } from '../logs/redactor';
import { policyFilePath } from '../policy/managedPolicy';
import { FileSecretStore } from '../secrets/fileSecretStore';
import type { SecretStore } from '../secrets/secretStore';
import { telemetryHeaderId } from '../secrets/telemetryHeader';
import { ServerProblemRoute } from '../servers/serverProblemRoute';
import { LiveTelemetry } from '../telemetry/liveTelemetry';
import { part } from './part';

/** The Electron shell passes its safeStorage store; otherwise a 0600 file in the data folder. */
const secrets = part({
  name: 'secrets',
  needs: ['options'],
  create: ({ options }: { options: HostOptions }): SecretStore =>
    options.secrets ?? FileSecretStore.inHome(options.home),
});

/** Takes every stored secret out of what is logged or recorded (a store that cannot be read: none). */
const redactor = part({
  name: 'redactor',
  needs: ['secrets'],
  create: async ({ secrets }: { secrets: SecretStore }) => {
    const redactor = new Redactor();
    redactor.add(...(await secrets.values().catch(() => [])));
    return redactor;
  },
});

/** Each server's log: written out once the servers are stopped (everything that logs needs it). */
const logs = part({
  name: 'logs',
  needs: ['options', 'redactor'],
  create: ({ options, redactor }: { options: HostOptions; redactor: Redactor }) =>
    new LogStore(redactor, { dir: path.join(options.home, 'logs') }),
  dispose: (logs) => logs.flush(),
});

/** The app's own log: written out last, after whatever could report a fault into it. */
const appLog = part({
  name: 'appLog',
  needs: ['options', 'redactor'],
  create: ({ options, redactor }: { options: HostOptions; redactor: Redactor }) =>
    AppLog.inHome(options.home, (text) => redactor.redact(text)),
  dispose: (log) => log.flush(),
});

/**
 * OpenTelemetry export, when HostOptions, the managed policy, Settings or the OTEL_* environment
 * configures it, and again each time Settings change it (LiveTelemetry): let go after everything it
 * traces (the servers' sessions end, the record's last entries are sent), a bounded wait even with the
 * collector down; its warnings go to the app log, written out after it.
 */
const telemetry = part({
  name: 'telemetry',
  needs: ['options', 'appLog', 'settings', 'secrets', 'redactor'],
  create: ({
    options,
    appLog,
    settings,
    secrets,
    redactor,
  }: {
    options: HostOptions;
    appLog: AppLog;
    settings: SettingsStore;
    secrets: SecretStore;
    redactor: Redactor;
  }) =>
    LiveTelemetry.start({
      given: options.telemetry,
      policyFile: options.policyFile ?? policyFilePath(),
      env: process.env,
      settings: async () => {
        const { telemetry } = (await settings.get()).settings;
        const headers: Record<string, string> = {};
        if (telemetry?.endpoint)
          for (const name of telemetry.headerNames) {
            const value = await secrets
              .get(telemetryHeaderId(name, telemetry.endpoint))
              .catch(() => undefined);
            if (value !== undefined) headers[name] = value;
          }
        return { telemetry, headers };
      },
      redact: (text) => redactor.redact(text),
      warn: (problem) => appLog.warn(problem),
    }),
  dispose: (telemetry) => telemetry.shutdown(),
});

const problems = part({ name: 'problems', needs: [], create: () => new ServerProblemRoute() });

/** Errors nothing else handled: logged, traced to a server where one caused them, never an exit. */
const faults = part({
  name: 'faults',
  needs: ['appLog', 'problems'],
  create: ({ appLog, problems }: { appLog: AppLog; problems: ServerProblemRoute }) =>
    new HostFaults({ log: appLog, noteProblem: problems.note }),
});

/** What the window says about the record itself (not written, or broken at start). */
const activityNotices = part({ name: 'activityNotices', needs: [], create: () => new ActivityNotices() });

/** The activity record (tool calls and what decided them): written out once nothing records any more. */
const activity = part({
  name: 'activity',
  needs: ['options', 'activityNotices', 'faults', 'telemetry'],
  create: ({
    options,
    activityNotices,
    faults,
    telemetry,
  }: {
    options: HostOptions;
    activityNotices: ActivityNotices;
    faults: HostFaults;
    telemetry: LiveTelemetry;
  }) =>
    new ActivityLog(options.activity?.dir ?? path.join(options.home, 'activity'), {
      onHealth: (failing, missed) => activityNotices.writing(failing, missed),
      source: options.activity?.source ?? 'app',
      observer: telemetry.activity,
      ...(options.activity?.maxBytes !== undefined ? { maxBytes: options.activity.maxBytes } : {}),
      // Said once (then counted in the record when it works again); the calls go on.
      onFailure: (error) =>
        faults.report(error, 'while recording activity (what it records goes on; not recorded)', undefined),
    }),
  dispose: (activity) => activity.flush(),
});

/** What the host keeps of what happens: secrets, the logs, the faults and the activity record. */
export const recordParts = [
  secrets,
  redactor,
  logs,
  appLog,
  telemetry,
  problems,
  faults,
  activityNotices,
  activity,
] as const;
