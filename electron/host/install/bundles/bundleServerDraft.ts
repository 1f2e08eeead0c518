// A server made of an installed bundle, in the config's own shape. Its secret settings become
// `{ $secret: id }` references bound to this server, its env variable and its program; their values
// are handed back for the secret store and never reach config.json.
import { z } from 'zod';
import type { StdioServerConfig } from '../../config/serverConfig';
import { secretId } from '../../secrets/secretStore';
import { formValues } from './bundleForm';
import { resolveLaunch } from './bundleLaunch';
import { type BundleRuntime, currentRuntime } from './bundleRuntime';
import { type BundleOrigin, type InstalledBundle, isBundleDir } from './installBundle';

export interface BundleServerDraft {
  server: StdioServerConfig;
  /** Values for the secret store, by id: store them before the server is saved. */
  secrets: { id: string; value: string }[];
}

/**
 * The server `name` running `bundle` with the person's `values` for its form (by field key; an empty
 * or missing one takes its default). Throws BundleError: `user-config` when a value is missing or
 * wrong, `outside-bundle` or `unsupported` when what the values make the bundle run is not allowed.
 */
export function bundleServerDraft(
  bundle: InstalledBundle,
  input: { name: string; values: Record<string, unknown>; runtime?: BundleRuntime },
): BundleServerDraft {
  const runtime = input.runtime ?? currentRuntime();
  const values = formValues(bundle.form, input.values);
  const launch = resolveLaunch(bundle.manifest, bundle.form, bundle.origin.dir, values, runtime);
  const env: StdioServerConfig['env'] = { ...launch.env };
  const secrets: BundleServerDraft['secrets'] = [];
  for (const name of launch.secretEnv) {
    const id = secretId(input.name, 'env', name, { kind: 'stdio', command: launch.command });
    secrets.push({ id, value: launch.env[name]! });
    env[name] = { $secret: id };
  }
  return {
    server: {
      name: input.name,
      kind: 'stdio',
      disabled: false,
      command: launch.command,
      args: launch.args,
      env,
      cwd: launch.cwd,
      // A bundle is no one's own writing here: it starts sandboxed.
      sandboxEnabled: true,
      // Kept in the server's entry in config.json: where it came from, and which folder to remove with it.
      raw: { bundle: { ...bundle.origin } },
    },
    secrets,
  };
}

const signatureRecord = z.union([
  z.object({ status: z.literal('unsigned') }),
  z.object({
    status: z.enum(['signed', 'self-signed', 'untrusted']),
    publisher: z.string(),
    issuer: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    fingerprint: z.string(),
  }),
]);
const originRecord = z.object({
  name: z.string(),
  displayName: z.string().optional(),
  version: z.string(),
  description: z.string(),
  author: z.string(),
  file: z.string(),
  dir: z.string(),
  sha256: z.string(),
  sha256Checked: z.boolean(),
  signature: signatureRecord,
});

/**
 * Where a configured server's bundle is, read from its entry in config.json (`raw.bundle`): undefined
 * for a server made otherwise, or whose record names no folder inside `bundlesDir` (a file edited by
 * hand names nothing this app would remove).
 */
export function bundleOriginOf(raw: Record<string, unknown>, bundlesDir: string): BundleOrigin | undefined {
  const parsed = originRecord.safeParse(raw.bundle);
  if (!parsed.success || !isBundleDir(bundlesDir, parsed.data.dir)) return undefined;
  const { displayName, ...rest } = parsed.data;
  return { ...rest, ...(displayName !== undefined ? { displayName } : {}) };
}
