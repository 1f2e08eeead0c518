// Environment variables that change what a local server really runs — which program a name resolves
// to, what code an interpreter loads before the script, which libraries the loader maps in — or where
// its packages come from (a registry, an index, a proxy, a certificate authority). A launch judged by
// its command and arguments is only judged if none of these is set: the managed policy's allow-list
// (unless its rule names the variable), a bundle's "runs only what it holds", and a registry entry's
// pinned package all refuse them. Names compare ignoring case (Windows env is case-insensitive; npm
// reads npm_config_* in either case).

/** Exact names. */
const NAMES = new Set(
  [
    // Which program a bare command name is, and the shell's own start-up code.
    'PATH',
    'PATHEXT',
    'BASH_ENV',
    'ENV',
    'SHELLOPTS',
    'BASHOPTS',
    'PROMPT_COMMAND',
    'IFS',
    'CDPATH',
    // Where per-user configuration (.npmrc, pip.conf, uv.toml, .docker/config.json) is read from.
    'HOME',
    'USERPROFILE',
    'XDG_CONFIG_HOME',
    'APPDATA',
    // Node and Electron.
    'NODE_OPTIONS',
    'NODE_PATH',
    'NODE_EXTRA_CA_CERTS',
    'NODE_TLS_REJECT_UNAUTHORIZED',
    'NODE_REPL_EXTERNAL_MODULE',
    'ELECTRON_RUN_AS_NODE',
    'COREPACK_NPM_REGISTRY',
    'COREPACK_HOME',
    // The dynamic loader and the C library.
    'GCONV_PATH',
    'GETCONF_DIR',
    'HOSTALIASES',
    'LOCPATH',
    'MALLOC_TRACE',
    'NLSPATH',
    'RESOLV_HOST_CONF',
    'RES_OPTIONS',
    // Python.
    'PYTHONPATH',
    'PYTHONSTARTUP',
    'PYTHONHOME',
    'PYTHONUSERBASE',
    'PYTHONSAFEPATH',
    'PYTHONINSPECT',
    'PYTHONEXECUTABLE',
    'PYTHONPLATLIBDIR',
    'VIRTUAL_ENV',
    // Where Python packages come from.
    'PIP_INDEX_URL',
    'PIP_EXTRA_INDEX_URL',
    'PIP_FIND_LINKS',
    'PIP_TRUSTED_HOST',
    'PIP_CONFIG_FILE',
    'PIP_CERT',
    'PIP_PROXY',
    'PIP_NO_INDEX',
    'UV_INDEX',
    'UV_INDEX_URL',
    'UV_EXTRA_INDEX_URL',
    'UV_DEFAULT_INDEX',
    'UV_FIND_LINKS',
    'UV_CONFIG_FILE',
    'UV_INSECURE_HOST',
    'UV_PYTHON',
    'UV_TOOL_DIR',
    'UV_CACHE_DIR',
    'UV_NATIVE_TLS',
    'PIPX_HOME',
    'PIPX_BIN_DIR',
    // TLS trust and proxies: whoever they name can serve other packages.
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'REQUESTS_CA_BUNDLE',
    'CURL_CA_BUNDLE',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'ALL_PROXY',
    'NO_PROXY',
    // Other interpreters that load code from the environment.
    'PERL5LIB',
    'PERL5OPT',
    'PERLLIB',
    'RUBYOPT',
    'RUBYLIB',
    'GEM_HOME',
    'GEM_PATH',
    'JAVA_TOOL_OPTIONS',
    '_JAVA_OPTIONS',
    'JDK_JAVA_OPTIONS',
    'CLASSPATH',
    'DENO_DIR',
    'DENO_CERT',
    'GOFLAGS',
    'GOPROXY',
    'GONOSUMDB',
    'GONOSUMCHECK',
    'GOPRIVATE',
    'GOINSECURE',
    'CARGO_HOME',
    'RUSTC_WRAPPER',
    // Docker: which daemon runs the container, and with whose credentials.
    'DOCKER_HOST',
    'DOCKER_CONFIG',
    'DOCKER_CONTEXT',
    'DOCKER_CERT_PATH',
    'DOCKER_TLS_VERIFY',
    'DOCKER_DEFAULT_PLATFORM',
  ].map((n) => n.toUpperCase()),
);

/** Whole families: every npm, yarn, pnpm, bun and dynamic-loader setting. */
const PREFIXES = ['NPM_CONFIG_', 'YARN_', 'PNPM_', 'BUN_', 'BUNFIG', 'LD_', 'DYLD_', 'PIP_', 'UV_', 'PIPX_'];

/** Whether setting `name` can change what a launch runs or where its packages come from. */
export function changesLaunch(name: string): boolean {
  // A name holding "=" is read by the program up to it (`NODE_OPTIONS=--require=x --title`): whatever
  // it spells, it is not what it seems; a control character likewise.
  if (/[=\p{Cc}]/u.test(name) || name === '') return true;
  const upper = name.toUpperCase();
  return NAMES.has(upper) || PREFIXES.some((p) => upper.startsWith(p));
}

/** The names in `env` that change what runs, in the order written. */
export function launchChangingNames(env: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(env).filter(changesLaunch);
}
