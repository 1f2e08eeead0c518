/**
 * The environment a stdio server starts with: a small inherited set that programs need to run
 * (locating binaries, home, locale, temp), the network settings people expect a package manager to
 * honour (proxies, extra CA certificates, npm's registry and proxy config), plus what its config sets.
 * Nothing else of ours: no API keys, tokens or other servers' secrets reach a child this way.
 */
const SYSTEM_VARS: readonly string[] =
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
    : [
        'PATH',
        'HOME',
        'USER',
        'LOGNAME',
        'SHELL',
        'TERM',
        'TMPDIR',
        'TZ',
        'XDG_CONFIG_HOME',
        'XDG_CACHE_HOME',
        'XDG_DATA_HOME',
        'XDG_RUNTIME_DIR',
      ];

/** Language and character set: error messages and file names in the person's locale. */
const LOCALE_VARS = ['LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'LC_MESSAGES'];

/**
 * Reaching the network the way the person's terminal does: without these, `npx` behind a proxy or a
 * company CA hangs until the initialize timeout. Proxy URLs may hold the person's proxy password;
 * they are the person's own settings for every program they run, not a secret of ours.
 */
const NETWORK_VARS = [
  ...['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY'].flatMap((n) => [n, n.toLowerCase()]),
  'NODE_EXTRA_CA_CERTS',
  'NODE_USE_SYSTEM_CA',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
  'PIP_CERT',
  'UV_INDEX_URL',
  'UV_EXTRA_INDEX_URL',
  // npm reads its settings from npm_config_* (any case); only these, never an auth token.
  ...[
    'registry',
    'proxy',
    'https_proxy',
    'noproxy',
    'cafile',
    'ca',
    'strict_ssl',
    'userconfig',
    'cache',
  ].flatMap((n) => [`npm_config_${n}`, `NPM_CONFIG_${n.toUpperCase()}`]),
];

/** Every variable a child inherits from the app (README: "What a local server's environment holds"). */
const INHERITED_ENV_VARS: readonly string[] = [...SYSTEM_VARS, ...LOCALE_VARS, ...NETWORK_VARS];

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
