import path from 'node:path';
import { DEFAULT_DEADLINES } from '../../llm/modelDeadlines';
import { SettingsStore } from '../../store/settingsStore';
import type { ActivityLog } from '../activity/activityLog';
import { ApprovalStore } from '../consent/approvalStore';
import { ConsentBroker } from '../consent/consentBroker';
import { ElicitationPolicy } from '../consent/elicitationPolicy';
import { SamplingPolicy } from '../consent/samplingPolicy';
import type { HostOptions } from '../hostOptions';
import type { Redactor } from '../logs/redactor';
import { ModelProviders } from '../models/modelProviders';
import { adoptLegacyKey } from '../secrets/providerKey';
import type { SecretStore } from '../secrets/secretStore';
import type { ServerProblemRoute } from '../servers/serverProblemRoute';
import { part } from './part';

/** Standing tool approvals, bound to the server's identity and each tool's definition. */
const approvals = part({
  name: 'approvals',
  needs: ['options'],
  create: async ({ options }: { options: HostOptions }) => {
    const approvals = new ApprovalStore(path.join(options.home, 'approvals.json'));
    await approvals.load();
    return approvals;
  },
});

/**
 * Every consent waits here. Closed by the registry's part as the servers stop (see serverParts): a
 * pending consent would hold a retiring server for as long as it waits.
 */
const consent = part({
  name: 'consent',
  needs: ['options', 'approvals', 'activity'],
  create: ({
    options,
    approvals,
    activity,
  }: {
    options: HostOptions;
    approvals: ApprovalStore;
    activity: ActivityLog;
  }) => new ConsentBroker(approvals, options.consentTimeoutMs, activity),
});

/** Settings, with an API key stored the old way moved to where keys live now. */
const settings = part({
  name: 'settings',
  needs: ['options', 'secrets'],
  create: async ({ options, secrets }: { options: HostOptions; secrets: SecretStore }) => {
    const settings = SettingsStore.inHome(options.home);
    await adoptLegacyKey(secrets, (await settings.get()).settings);
    return settings;
  },
});

/** Settings' retention of the record (and whether results are kept whole), in the background: nothing waits on it. */
const activityRetention = part({
  name: 'activityRetention',
  needs: ['settings', 'activity'],
  create: ({ settings, activity }: { settings: SettingsStore; activity: ActivityLog }) => {
    void settings.get().then(({ settings: s }) => activity.retain(s.activity));
  },
});

const providers = part({
  name: 'providers',
  needs: ['options', 'settings', 'secrets'],
  create: ({
    options,
    settings,
    secrets,
  }: {
    options: HostOptions;
    settings: SettingsStore;
    secrets: SecretStore;
  }) => new ModelProviders(settings, secrets, { ...DEFAULT_DEADLINES, ...options.deadlines }),
});

/** A server's sampling requests, through consent; none when the options say sampling is not offered. */
const sampling = part({
  name: 'sampling',
  needs: ['options', 'consent', 'settings', 'providers', 'redactor', 'activity'],
  create: (n: {
    options: HostOptions;
    consent: ConsentBroker;
    settings: SettingsStore;
    providers: ModelProviders;
    redactor: Redactor;
    activity: ActivityLog;
  }) =>
    n.options.sampler === null
      ? undefined
      : new SamplingPolicy(
          n.consent,
          n.settings,
          n.providers,
          n.options.sampler ?? undefined,
          (text) => n.redactor.redact(text),
          n.activity,
        ),
});

/** A server's questions to the person, through consent; what it refuses said on the server's card. */
const elicitation = part({
  name: 'elicitation',
  needs: ['consent', 'settings', 'problems', 'activity', 'redactor'],
  create: (n: {
    consent: ConsentBroker;
    settings: SettingsStore;
    problems: ServerProblemRoute;
    activity: ActivityLog;
    redactor: Redactor;
  }) =>
    new ElicitationPolicy(n.consent, n.settings, n.problems.note, n.activity, (text) =>
      n.redactor.redact(text),
    ),
});

/** What asks the person, and what answers for them: approvals, consent, settings, models. */
export const consentParts = [
  approvals,
  consent,
  settings,
  activityRetention,
  providers,
  sampling,
  elicitation,
] as const;
