/**
 * The environment a stdio server starts with: a small inherited set that programs need to run
 * (locating binaries, home, locale, temp), plus what its config sets. Nothing else of ours: no API
 * keys, tokens or other servers' secrets can leak to a child through the environment.
 */
export const INHERITED_ENV_VARS: readonly string[] =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'TMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
        'COMSPEC',
      ]
    : ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ'];

export function buildChildEnv(
  configured: Record<string, string> | undefined,
  options: { parentEnv?: NodeJS.ProcessEnv; path?: string } = {},
): Record<string, string> {
  const parent = options.parentEnv ?? process.env;
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV_VARS) {
    const value = parent[name];
    // Skip exported shell functions ("() { … }"): a known injection vector.
    if (value === undefined || value.startsWith('()')) continue;
    env[name] = value;
  }
  if (options.path) env[process.platform === 'win32' ? 'Path' : 'PATH'] = options.path;
  return { ...env, ...configured };
}
