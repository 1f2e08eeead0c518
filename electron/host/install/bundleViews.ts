// The bundle installer's results as the page sees them (shared/host/bundleView.ts): the manifest's
// facts and signature, the form, and what the bundle runs — its settings still as `${user_config.KEY}`
// before they are filled (none of them a secret yet), exactly (secrets as stored secrets) once they are.
import type { BundlePreviewView, BundleSourceView } from '../../../shared/host/bundleView';
import type { LaunchSummary } from '../../../shared/host/serverView';
import { launchSummary } from '../config/serverIdentity';
import { resolveLaunch } from './bundles/bundleLaunch';
import type { UserConfigValue } from './bundles/bundleManifest';
import type { BundleRuntime } from './bundles/bundleRuntime';
import type { BundleServerDraft } from './bundles/bundleServerDraft';
import type { InstalledBundle } from './bundles/installBundle';

/** A name for config.json from the manifest's: lower case, dashes, at most 60 characters. */
function suggestedBundleName(bundle: InstalledBundle): string {
  return (
    bundle.manifest.name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 60) || 'bundle'
  );
}

/**
 * What the bundle runs before its form is filled: each setting written as `${user_config.KEY}`,
 * sensitive ones too — nothing is entered yet, let alone stored, so no variable is "a stored secret"
 * here (the form says which settings are kept in the secret store; Review shows them as stored).
 * Undefined when the launch cannot be written so (a manifest whose script itself comes from a
 * setting): the exact one is shown once the form is filled.
 */
function bundleTemplate(bundle: InstalledBundle, runtime: BundleRuntime): LaunchSummary | undefined {
  const markers: Record<string, UserConfigValue> = Object.fromEntries(
    bundle.form.map((f) => [f.key, `\${user_config.${f.key}}`]),
  );
  try {
    const launch = resolveLaunch(bundle.manifest, bundle.form, bundle.origin.dir, markers, runtime);
    return {
      command: launch.command,
      args: launch.args,
      cwd: launch.cwd,
      env: Object.entries(launch.env)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => ({ name, value })),
    };
  } catch {
    return undefined;
  }
}

export function bundlePreviewView(
  planId: string,
  bundle: InstalledBundle,
  source: BundleSourceView,
  runtime: BundleRuntime,
): BundlePreviewView {
  const { origin } = bundle;
  const template = bundleTemplate(bundle, runtime);
  return {
    planId,
    name: origin.name,
    ...(origin.displayName ? { displayName: origin.displayName } : {}),
    version: origin.version,
    author: origin.author,
    description: origin.description,
    source,
    sha256: origin.sha256,
    sha256Checked: origin.sha256Checked,
    signature: origin.signature,
    ...(template ? { template } : {}),
    form: bundle.form.map(({ picker: _, ...field }) => field),
    suggestedName: suggestedBundleName(bundle),
  };
}

/** The server a draft writes, as the trust prompt will show it: secrets as stored secrets, never values. */
export function bundleServerLaunch(draft: BundleServerDraft): LaunchSummary {
  return launchSummary(draft.server)!;
}
