import { describe, expect, it } from 'vitest';
import { changesLaunch } from './launchChangingEnv';

describe('changesLaunch', () => {
  it('names what the issue names, in either case', () => {
    for (const name of [
      'NODE_OPTIONS',
      'node_options',
      'LD_PRELOAD',
      'LD_LIBRARY_PATH',
      'DYLD_INSERT_LIBRARIES',
      'PYTHONPATH',
      'PYTHONSTARTUP',
      'PATH',
      'Path',
      'NPM_CONFIG_REGISTRY',
      'npm_config_registry',
      'PIP_INDEX_URL',
      'PIP_EXTRA_INDEX_URL',
      'UV_INDEX_URL',
      'UV_EXTRA_INDEX_URL',
      'HOME',
      'JAVA_TOOL_OPTIONS',
      'DOCKER_HOST',
    ])
      expect(changesLaunch(name), name).toBe(true);
  });

  it('the second attack run: names outside the first list that still ran other code, or chose it', () => {
    for (const name of [
      // An OpenSSL engine or provider loaded into node; Python's warnings importing a module, and the
      // program it then opened as a browser; a pyenv shim's hooks.
      'OPENSSL_CONF',
      'OPENSSL_MODULES',
      'OPENSSL_ENGINES',
      'PYTHONWARNINGS',
      'PYTHONPYCACHEPREFIX',
      'BROWSER',
      'PYENV_HOOK_PATH',
      'ASDF_DATA_DIR',
      'VOLTA_HOME',
      'MISE_DATA_DIR',
      'NVM_DIR',
      'RBENV_ROOT',
      'NODENV_ROOT',
      'DOTNET_STARTUP_HOOKS',
      'DOTNET_ROOT',
      'CORECLR_PROFILER_PATH',
      'COMPlus_EnableDiagnostics',
      'NUGET_PACKAGES',
      'XDG_DATA_HOME',
      'XDG_CACHE_HOME',
      'GIT_CONFIG_GLOBAL',
      'GIT_SSH_COMMAND',
    ])
      expect(changesLaunch(name), name).toBe(true);
  });

  it('whole families, so that a name nobody listed yet is caught with its kin', () => {
    for (const name of [
      // Python reads its whole PYTHON* namespace; Node its NODE_* (NODE_ENV and NODE_NO_WARNINGS aside).
      'PYTHONBREAKPOINT',
      'PYTHONSOMETHINGNEW',
      'PYTHON_COLORS',
      'PYTHON',
      'NODE_REPL_EXTERNAL_MODULE',
      'NODE_ICU_DATA',
      'NODE_SOMETHING_NEW',
      'OPENSSL_CONF_INCLUDE',
      'SSL_CERT_FILE',
      'SSL_CERT_DIR',
      'SSLKEYLOGFILE',
      'EDITOR',
      'VISUAL',
      'PAGER',
      'SHELL',
      'COMSPEC',
      'BASH_FUNC_pyenv%%',
      'PS4',
      'ASDF_CONFIG_FILE',
      'VOLTA_FEATURE_PNPM',
      'MISE_SHIMS_DIR',
      'RTX_DATA_DIR',
      'NVM_NODEJS_ORG_MIRROR',
      'RBENV_HOOK_PATH',
      'NODENV_HOOK_PATH',
      'JENV_ROOT',
      'SDKMAN_DIR',
      'FNM_DIR',
      'COREPACK_ENABLE_STRICT',
      'CONDA_PREFIX',
      'DOTNET_ADDITIONAL_DEPS',
      'CORECLR_ENABLE_PROFILING',
      'COR_PROFILER_PATH',
      'NUGET_HTTP_CACHE_PATH',
      'MSBUILDSDKSPATH',
      'XDG_RUNTIME_DIR',
      'GIT_EXEC_PATH',
      'GIT_ASKPASS',
      'SSH_ASKPASS',
      'PERL5DB',
      'RUBY_GC_HEAP_INIT_SLOTS',
      'GEM_SPEC_CACHE',
      'BUNDLE_GEMFILE',
      'JAVA_HOME',
      '_JAVA_OPTIONS',
      'JDK_JAVA_OPTIONS',
      'MAVEN_OPTS',
      'GRADLE_USER_HOME',
      'CARGO_BUILD_RUSTC_WRAPPER',
      'RUSTUP_TOOLCHAIN',
      'RUSTFLAGS',
      'GOFLAGS',
      'GOPATH',
      'GOROOT',
      'GOTOOLCHAIN',
      'GO111MODULE',
      'CGO_LDFLAGS',
      'LUA_INIT',
      'LUA_PATH_5_4',
      'PHPRC',
      'PHP_INI_SCAN_DIR',
      'R_PROFILE_USER',
      'R_LIBS',
      'DENO_AUTH_TOKENS',
      'ERL_AFLAGS',
      'JULIA_DEPOT_PATH',
      'CC',
      'CXX',
      'LDFLAGS',
      'PKG_CONFIG_PATH',
      'GLIBC_TUNABLES',
      'TZDIR',
      'LOCALAPPDATA',
      'KUBECONFIG',
      'AWS_CONFIG_FILE',
      'GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES',
      'CURL_HOME',
      'PUPPETEER_EXECUTABLE_PATH',
      'PLAYWRIGHT_BROWSERS_PATH',
      'CHROME_PATH',
      'ODBCSYSINI',
      'SASL_PATH',
      'QT_PLUGIN_PATH',
      'DOCKER_CLI_PLUGIN_EXTRA_DIRS',
      'ELECTRON_OVERRIDE_DIST_PATH',
    ])
      expect(changesLaunch(name), name).toBe(true);
  });

  it('a name holding "=" or a control character (a program reads the name up to the "=")', () => {
    for (const name of ['NODE_OPTIONS=--require=/tmp/evil.cjs --title', 'A=B', '=C:', 'X\nY', ''])
      expect(changesLaunch(name), JSON.stringify(name)).toBe(true);
  });

  it('leaves a server’s own settings alone', () => {
    for (const name of [
      'API_KEY',
      'GITHUB_TOKEN',
      'LOG_LEVEL',
      'NODE_ENV',
      'DEBUG',
      'ACME_REGION',
      // Flags each runtime reads as a switch, never as a path, a module or a program.
      'NODE_NO_WARNINGS',
      'PYTHONUNBUFFERED',
      'PYTHONIOENCODING',
      'PYTHONUTF8',
      'PYTHONDONTWRITEBYTECODE',
      'RUST_LOG',
      'RUST_BACKTRACE',
      // Go's names have no underscore; these are not Go's.
      'GOOGLE_API_KEY',
      'GOOGLE_APPLICATION_CREDENTIALS',
      // Nor are these git's, ssh's, Ruby's or R's.
      'GITHUB_TOKEN',
      'GITLAB_TOKEN',
      'SSH_AUTH_SOCK',
      'RUBRIK_URL',
      'REDIS_URL',
      // A database's TLS mode (the registry's own example entry sets it): OpenSSL reads no such name.
      'SSL_MODE',
      // Locale and time zone are data the C library reads, never code.
      'TZ',
      'LANG',
      'LC_ALL',
      'TMPDIR',
      'AWS_REGION',
      'AWS_PROFILE',
      'PERPLEXITY_API_KEY',
    ])
      expect(changesLaunch(name), name).toBe(false);
  });
});
