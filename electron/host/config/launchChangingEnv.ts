// Environment variables that change what a local server really runs — which program a name resolves
// to, what code an interpreter, a version manager's shim or a library loads before (or instead of)
// the script, which program it opens on demand — or where its packages come from (a registry, an
// index, a proxy, a certificate authority). A launch judged by its command and arguments is only
// judged if none of these is set: the managed policy's allow-list (unless its rule names the
// variable), a bundle's "runs only what it holds", and a registry entry's pinned package all refuse
// them. Names compare ignoring case (Windows env is case-insensitive; npm reads npm_config_* in either
// case).
//
// This is a deny-list, and no deny-list of a computer's environment is complete: every runtime, shim
// and library may read a name nobody listed yet. So whole families are caught (every PYTHON*, NODE_*,
// OPENSSL_*, GIT_*… name), and the few names let through are flags known to be read as switches. An
// organization that needs the allow-list to hold sets the policy's `onlyListedEnv`, under which a
// server may set only what its rule names.

/** Exact names. */
const NAMES = new Set(
  [
    // Which program a bare command name is, the shell's start-up code, and its trace prompt (which a
    // shell expands, running any $(…) in it, under `set -x`).
    'PATH',
    'PATHEXT',
    'BASH_ENV',
    'ENV',
    'SHELLOPTS',
    'BASHOPTS',
    'PROMPT_COMMAND',
    'PS4',
    'IFS',
    'CDPATH',
    'ZDOTDIR',
    // Programs started on demand: a browser to sign in with, an editor, a pager, a shell.
    'BROWSER',
    'EDITOR',
    'VISUAL',
    'PAGER',
    'MANPAGER',
    'LESSOPEN',
    'LESSCLOSE',
    'SHELL',
    'COMSPEC',
    'TERMINAL',
    'SUDO_ASKPASS',
    'SSH_ASKPASS',
    'SSH_ASKPASS_REQUIRE',
    // Where per-user configuration (.npmrc, pip.conf, uv.toml, .docker/config.json) and caches are.
    'HOME',
    'USERPROFILE',
    'HOMEDRIVE',
    'HOMEPATH',
    'APPDATA',
    'LOCALAPPDATA',
    'PROGRAMDATA',
    // The dynamic loader and the C library (glibc's list of variables unsafe for setuid programs).
    'GCONV_PATH',
    'GETCONF_DIR',
    'GLIBC_TUNABLES',
    'HOSTALIASES',
    'LOCALDOMAIN',
    'LOCPATH',
    'MALLOC_TRACE',
    'NIS_PATH',
    'NLSPATH',
    'RESOLV_HOST_CONF',
    'RES_OPTIONS',
    'TZDIR',
    // Libraries that load plugins (shared libraries) from where a variable says.
    'ODBCINI',
    'ODBCSYSINI',
    'SASL_PATH',
    'KRB5_CONFIG',
    'QT_PLUGIN_PATH',
    'GTK_PATH',
    'GTK_MODULES',
    'GIO_MODULE_DIR',
    'GST_PLUGIN_PATH',
    'GST_PLUGIN_SYSTEM_PATH',
    'LIBGL_DRIVERS_PATH',
    'VK_ICD_FILENAMES',
    'VK_LAYER_PATH',
    'OCL_ICD_VENDORS',
    // Compilers and build tools a package install runs (node-gyp, setup.py, cgo).
    'CC',
    'CXX',
    'CPP',
    'LD',
    'AR',
    'CFLAGS',
    'CXXFLAGS',
    'CPPFLAGS',
    'LDFLAGS',
    'LIBRARY_PATH',
    'MAKE',
    'MAKEFLAGS',
    // Other interpreters and tools that load code or packages from the environment.
    'CLASSPATH',
    'TCLLIBPATH',
    'VIRTUAL_ENV',
    'CONDARC',
    'ELIXIR_ERL_OPTIONS',
    'PUB_HOSTED_URL',
    'PUB_CACHE',
    'N_PREFIX',
    // Which browser a browser-driving server starts.
    'CHROME_PATH',
    'CHROME_BIN',
    // TLS trust and proxies: whoever they name can serve other packages; where TLS keys are written.
    // (OpenSSL reads only these two SSL_ names: a family would take a database's SSL_MODE too.)
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'CTLOG_FILE',
    'REQUESTS_CA_BUNDLE',
    'SSLKEYLOGFILE',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'FTP_PROXY',
    'ALL_PROXY',
    'NO_PROXY',
    // Credentials that run a program to get a credential (credential_process, exec plugins).
    'KUBECONFIG',
    'AWS_CONFIG_FILE',
    'AWS_SHARED_CREDENTIALS_FILE',
    'AWS_CA_BUNDLE',
    'GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES',
    // Which container engine runs a container.
    'CONTAINER_HOST',
  ].map((n) => n.toUpperCase()),
);

/**
 * Whole families: each runtime, shim, package manager and library reads its namespace as a whole, and
 * a name added to it tomorrow must be caught today.
 */
const PREFIXES = [
  // Node, Electron and their package managers.
  'NODE_',
  'ELECTRON_',
  'NPM_CONFIG_',
  'YARN_',
  'PNPM_',
  'BUN_',
  'BUNFIG',
  'COREPACK_',
  'DENO_',
  // Python and its package managers: Python reads every PYTHON* name (PYTHONWARNINGS imports a module).
  'PYTHON',
  'PIP_',
  'UV_',
  'PIPX_',
  'CONDA_',
  'MAMBA_',
  'POETRY_',
  'PIPENV_',
  'PDM_',
  'HATCH_',
  // The dynamic loader.
  'LD_',
  'DYLD_',
  // OpenSSL (a configuration loads engines and providers: shared libraries) and TLS trust.
  'OPENSSL_',
  'CURL_',
  // Version managers, whose shims read hooks, plugins and versions from these.
  'PYENV_',
  '_PYENV_',
  'ASDF_',
  'VOLTA_',
  'MISE_',
  'RTX_',
  'NVM_',
  'FNM_',
  'NODENV_',
  'RBENV_',
  'JENV_',
  'SDKMAN_',
  'GOENV_',
  'PLENV_',
  'PHPENV_',
  'PROTO_',
  // Bash functions exported to a bash script (a shim is one): they replace the commands it runs.
  'BASH_FUNC_',
  // .NET (startup hooks, profilers, the runtime's own settings) and its packages.
  'DOTNET_',
  'CORECLR_',
  'COMPLUS_',
  'COR_',
  'NUGET_',
  'MSBUILD',
  // Where per-user files are: configuration, data, caches, runtime sockets.
  'XDG_',
  // Git (hooks, ssh, askpass, config).
  'GIT_',
  // Perl, Ruby, the JVM, Rust, Lua, PHP, R, Erlang, Julia.
  'PERL',
  'RUBY',
  'GEM_',
  'BUNDLE_',
  'BUNDLER_',
  'JAVA_',
  '_JAVA_',
  'JDK_',
  'JVM_',
  'MAVEN_',
  'M2_',
  'GRADLE_',
  'SBT_',
  'ANT_',
  'CARGO_',
  'RUST',
  'CGO_',
  'LUA_',
  'PHP',
  'R_',
  'ERL_',
  'MIX_',
  'JULIA_',
  'PKG_CONFIG',
  // Browser-driving servers: which browser binary runs, and where browsers are downloaded from.
  'PUPPETEER_',
  'PLAYWRIGHT_',
  // Docker and Podman: which daemon runs the container, and with whose credentials and plugins.
  'DOCKER_',
  'CONTAINERS_',
];

/** Go's own names are GO and capitals or digits, with no underscore (GOFLAGS, GO111MODULE): not GOOGLE_*. */
const GO_NAME = /^GO[A-Z0-9]+$/;

/**
 * Names of these families that are read only as switches — never as a path, a module or a program —
 * and that servers commonly set.
 */
const SWITCHES = new Set([
  'NODE_ENV',
  'NODE_NO_WARNINGS',
  'PYTHONUNBUFFERED',
  'PYTHONIOENCODING',
  'PYTHONUTF8',
  'PYTHONDONTWRITEBYTECODE',
  'RUST_LOG',
  'RUST_BACKTRACE',
]);

/** Whether setting `name` can change what a launch runs or where its packages come from. */
export function changesLaunch(name: string): boolean {
  // A name holding "=" is read by the program up to it (`NODE_OPTIONS=--require=x --title`): whatever
  // it spells, it is not what it seems; a control character likewise.
  if (/[=\p{Cc}]/u.test(name) || name === '') return true;
  const upper = name.toUpperCase();
  if (SWITCHES.has(upper)) return false;
  return NAMES.has(upper) || GO_NAME.test(upper) || PREFIXES.some((p) => upper.startsWith(p));
}
