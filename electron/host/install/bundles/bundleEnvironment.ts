// A bundle's environment may not change what its programs run or where their packages come from
// (policy/launchChangingEnv.ts: NODE_OPTIONS, LD_PRELOAD, PATH, PYTHONPATH, npm_config_*, …): a
// variable like that makes "runs only what the bundle holds" untrue whatever its command says. The
// one exception is a module search path (PYTHONPATH, NODE_PATH) every entry of which lies inside the
// bundle — the way MANIFEST.md has Python bundles find the packages they ship.
import { changesLaunch } from '../../config/launchChangingEnv';
import type { BundleManifest } from './bundleManifest';
import { asWritten, isInBundle, outsideBundle } from './bundlePaths';

const SEARCH_PATHS = new Set(['PYTHONPATH', 'NODE_PATH']);

/**
 * Refuses a variable that changes what runs in any environment the manifest sets — mcp_config's and
 * every platform's override, this computer's or not, so a bundle is judged the same everywhere.
 */
export function checkManifestEnv(manifest: BundleManifest): void {
  const config = manifest.server.mcp_config;
  const envs = [config?.env, ...Object.values(config?.platform_overrides ?? {}).map((o) => o.env)];
  for (const env of envs)
    for (const name of Object.keys(env ?? {})) {
      // The child's environment is NAME=VALUE strings: "NODE_OPTIONS=--require=x --title" set to "y"
      // arrives as NODE_OPTIONS, whatever the name looked like.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
      if (name === '' || /[=\u0000-\u001f]/.test(name))
        throw outsideBundle(
          `names an environment variable ${JSON.stringify(name)}, which is no variable's name: a program would see another variable (the part before "=") instead`,
        );
      if (changesLaunch(name) && !SEARCH_PATHS.has(name.toUpperCase()))
        throw outsideBundle(
          `sets ${name} in its environment, which changes what a program runs or where its packages come from`,
        );
    }
}

/** Refuses a module search path, as it will be set on `platform`, naming a folder outside the bundle. */
export function checkSearchPaths(env: Record<string, string>, dir: string, platform: NodeJS.Platform): void {
  for (const [name, value] of Object.entries(env)) {
    if (!SEARCH_PATHS.has(name.toUpperCase())) continue;
    const delimiter = platform === 'win32' ? ';' : ':';
    const outside = value.split(delimiter).find((entry) => !isInBundle(dir, entry));
    if (outside !== undefined)
      throw outsideBundle(
        `sets ${name} to a folder outside the bundle (${asWritten(dir, outside)}), from which its program would load code`,
      );
  }
}
