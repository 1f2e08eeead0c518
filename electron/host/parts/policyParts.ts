import type { ActivityLog } from '../activity/activityLog';
import type { HostOptions } from '../hostOptions';
import type { Redactor } from '../logs/redactor';
import { InstallRecords } from '../policy/installRecords';
import { policyFilePath } from '../policy/managedPolicy';
import { PolicyGate } from '../policy/policyGate';
import { type PolicyWatcher, watchPolicy } from '../policy/policyWatcher';
import { RegistryPackages } from '../policy/registryPackages';
import { part } from './part';

/** Where each server came from, as the host's own installs recorded it (never config.json's word). */
const installs = part({
  name: 'installs',
  needs: ['options'],
  create: ({ options }: { options: HostOptions }) => InstallRecords.inHome(options.home),
  dispose: (installs) => installs.settled(),
});

/** The managed policy file: read before the servers load (a refused one never starts), then followed. */
const managedPolicy = part({
  name: 'managedPolicy',
  needs: ['options'],
  create: ({ options }: { options: HostOptions }): Promise<PolicyWatcher> =>
    watchPolicy(options.policyFile ?? policyFilePath()),
  dispose: (watcher) => watcher.dispose(),
});

/** The managed policy, judged on what servers really run: previews ask it before anything is written. */
const policy = part({
  name: 'policy',
  needs: ['options', 'managedPolicy', 'installs', 'activity', 'redactor'],
  create: (n: {
    options: HostOptions;
    managedPolicy: PolicyWatcher;
    installs: InstallRecords;
    activity: ActivityLog;
    redactor: Redactor;
  }) =>
    new PolicyGate({
      policy: () => n.managedPolicy.state,
      installs: n.installs,
      packages: new RegistryPackages(),
      resolveShellPath: n.options.resolveShellPath,
      record: (entry) => n.activity.record(entry),
      redact: (text) => n.redactor.redact(text),
    }),
});

/** The administrator's policy and what it is judged on. */
export const policyParts = [installs, managedPolicy, policy] as const;
