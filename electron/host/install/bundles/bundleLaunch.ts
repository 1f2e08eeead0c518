// What a bundle runs: its manifest's mcp_config for this platform, with variables filled in, checked
// to start what the bundle holds. A Node bundle runs with the Node that runs Switchboard.
import path from 'node:path';
import { checkManifestEnv, checkSearchPaths } from './bundleEnvironment';
import { BundleError } from './bundleError';
import type { BundleFormField } from './bundleForm';
import type { BundleManifest, McpLaunch, UserConfigValue } from './bundleManifest';
import { fileInBundle } from './bundlePaths';
import { type BundleRuntime, substitute, systemVariables, variablesIn } from './bundleRuntime';
import { checkInterpreterArgs, isNodeCommand } from './interpreterArgs';

export interface ResolvedLaunch {
  command: string;
  args: string[];
  /** Plain values, the secret ones included: `secretEnv` names those that go to the secret store. */
  env: Record<string, string>;
  secretEnv: string[];
  cwd: string;
}

const unsupported = (why: string) => new BundleError('unsupported', `This bundle cannot run here: ${why}.`);

/** mcp_config for `platform`; a platform's override replaces each field it sets, as mcpb's own code does. */
function forPlatform(manifest: BundleManifest, platform: string): McpLaunch {
  // uv bundles leave their Python packages to the host to install (MANIFEST.md, "UV Runtime").
  if (manifest.server.type === 'uv')
    throw unsupported(
      'it is a "uv" bundle, whose Python packages the host installs, which Switchboard does not do yet',
    );
  const config = manifest.server.mcp_config;
  if (!config)
    throw new BundleError(
      'manifest-invalid',
      "The bundle's manifest.json is not valid: it has no server.mcp_config.",
    );
  const override = config.platform_overrides?.[platform] ?? {};
  return {
    command: override.command ?? config.command,
    args: override.args ?? config.args ?? [],
    env: override.env ?? config.env ?? {},
  };
}

const USER_CONFIG = 'user_config.';

/**
 * The launch of the bundle unpacked in `dir`, with `values` for its user_config (defaults applied).
 * Throws BundleError: `outside-bundle`, or `unsupported` (another platform, a uv bundle, a secret that
 * would have to be written on the command line).
 */
export function resolveLaunch(
  manifest: BundleManifest,
  form: BundleFormField[],
  dir: string,
  values: Record<string, UserConfigValue>,
  runtime: BundleRuntime,
): ResolvedLaunch {
  if (manifest.platforms && !manifest.platforms.includes(runtime.platform))
    throw unsupported(
      `it is made for ${manifest.platforms.join(', ')}, and this computer runs ${runtime.platform}`,
    );
  const launch = forPlatform(manifest, runtime.platform);
  checkManifestEnv(manifest);
  const vars = systemVariables(runtime, dir);
  const sensitive = new Set(form.filter((f) => f.sensitive).map((f) => f.key));
  const declared = new Set(form.map((f) => f.key));
  const text = (v: UserConfigValue) => (typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v));
  const refsIn = (s: string) =>
    variablesIn(s)
      .filter((n) => n.startsWith(USER_CONFIG))
      .map((n) => n.slice(USER_CONFIG.length));
  const lookup = (where: string) => (name: string) => {
    if (!name.startsWith(USER_CONFIG)) return vars[name];
    const key = name.slice(USER_CONFIG.length);
    if (!declared.has(key))
      throw new BundleError(
        'manifest-invalid',
        `The bundle's manifest.json is not valid: ${where} uses \${${name}}, which its user_config does not declare.`,
      );
    const value = values[key];
    if (Array.isArray(value))
      throw unsupported(
        `${where} puts the list "${key}" inside other text; a list can only fill whole arguments`,
      );
    return value === undefined ? '' : text(value);
  };
  const noSecret = (s: string, where: string) => {
    const secret = refsIn(s).find((k) => sensitive.has(k));
    if (secret)
      throw unsupported(
        `it passes the secret "${secret}" in its ${where}, where Switchboard would have to write it into config.json; secrets go to a server only through its environment`,
      );
  };

  noSecret(launch.command ?? '', 'command');
  let command = substitute(launch.command ?? '', lookup('its command'));
  const args: string[] = [];
  for (const [i, arg] of (launch.args ?? []).entries()) {
    noSecret(arg, 'arguments');
    const whole = /^\$\{user_config\.([^}]+)\}$/.exec(arg)?.[1];
    if (whole !== undefined && declared.has(whole)) {
      // A whole argument from a setting: a list spreads over several, an empty setting leaves it out.
      const value = values[whole];
      if (Array.isArray(value)) args.push(...value);
      else if (value !== undefined && value !== '') args.push(text(value));
      continue;
    }
    args.push(substitute(arg, lookup(`argument ${i + 1}`)));
  }
  const env: Record<string, string> = {};
  const secretEnv: string[] = [];
  for (const [name, template] of Object.entries(launch.env ?? {})) {
    const whole = /^\$\{user_config\.([^}]+)\}$/.exec(template)?.[1];
    if (whole !== undefined && declared.has(whole) && (values[whole] === undefined || values[whole] === ''))
      continue;
    env[name] = substitute(template, lookup(`the environment variable ${name}`));
    if (refsIn(template).some((k) => sensitive.has(k))) secretEnv.push(name);
  }

  checkSearchPaths(env, dir, runtime.platform);
  fileInBundle(dir, manifest.server.entry_point, 'an entry point');
  const node = isNodeCommand(command);
  if (node) {
    command = runtime.execPath;
    if (runtime.electron) env.ELECTRON_RUN_AS_NODE = '1';
  }
  const inBundle =
    !node &&
    (manifest.server.type === 'binary' ||
      command.includes('/') ||
      command.includes('\\') ||
      command.startsWith('.'));
  if (inBundle) {
    const exe = runtime.platform === 'win32' && path.extname(command) === '' ? `${command}.exe` : command;
    command = fileInBundle(dir, exe, 'a program');
  } else if (command.trim() === '') {
    throw new BundleError(
      'manifest-invalid',
      "The bundle's manifest.json is not valid: its command is empty.",
    );
  } else {
    checkInterpreterArgs(dir, node ? 'node' : command, args);
  }
  return { command, args, env, secretEnv, cwd: dir };
}
