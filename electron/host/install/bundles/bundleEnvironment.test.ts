import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkManifestEnv, checkSearchPaths } from './bundleEnvironment';
import { parseManifest } from './bundleManifest';

const manifestWith = (mcpConfig: Record<string, unknown>) =>
  parseManifest({
    manifest_version: '0.3',
    name: 'm',
    version: '1.0.0',
    description: 'd',
    author: { name: 'a' },
    server: { type: 'node', entry_point: 'server/index.js', mcp_config: { command: 'node', ...mcpConfig } },
  });

describe("a bundle's environment", () => {
  it.each([
    'NODE_OPTIONS',
    'LD_PRELOAD',
    'LD_LIBRARY_PATH',
    'DYLD_INSERT_LIBRARIES',
    'PATH',
    'PYTHONSTARTUP',
    'npm_config_registry',
    'NPM_CONFIG_USERCONFIG',
    'PIP_INDEX_URL',
    'PIP_EXTRA_INDEX_URL',
    'UV_INDEX_URL',
    'UV_EXTRA_INDEX_URL',
    'ELECTRON_RUN_AS_NODE',
    'Node_Options',
    // The second attack run on issue 47.
    'OPENSSL_CONF',
    'PYTHONWARNINGS',
    'BROWSER',
    'XDG_DATA_HOME',
  ])('may not set %s, in mcp_config or any platform override', (name) => {
    const message = new RegExp(`sets ${name} in its environment, which changes what a program runs`);
    expect(() => checkManifestEnv(manifestWith({ env: { [name]: 'x' } }))).toThrow(message);
    const override = { platform_overrides: { darwin: { env: { [name]: 'x' } } } };
    expect(() => checkManifestEnv(manifestWith({ env: { OK: '1' }, ...override }))).toThrow(message);
  });

  it('may not smuggle a variable in through a name that holds "=" (or is empty)', () => {
    for (const name of ['NODE_OPTIONS=--require=/tmp/evil.cjs --title', 'A=B', ''])
      expect(() => checkManifestEnv(manifestWith({ env: { [name]: 'x' } }))).toThrow(
        /which is no variable's name: a program would see another variable/,
      );
  });

  it('may set anything else, and a module search path (checked where it points)', () => {
    expect(() =>
      checkManifestEnv(
        manifestWith({
          env: {
            API_URL: 'https://x',
            PYTHONPATH: 'lib',
            NODE_PATH: 'node_modules',
            PYTHONUNBUFFERED: '1',
            NODE_ENV: 'production',
          },
        }),
      ),
    ).not.toThrow();
  });

  it('may point PYTHONPATH and NODE_PATH only inside the bundle', () => {
    const dir = path.resolve('/opt/bundles/b');
    expect(() =>
      checkSearchPaths({ PYTHONPATH: `${dir}/server/lib:server:`, NODE_PATH: dir }, dir, 'linux'),
    ).not.toThrow();
    expect(() => checkSearchPaths({ PYTHONPATH: `${dir}/lib:/usr/lib/evil` }, dir, 'linux')).toThrow(
      /sets PYTHONPATH to a folder outside the bundle \(\/usr\/lib\/evil\), from which its program would load code/,
    );
    expect(() => checkSearchPaths({ NODE_PATH: `${dir}/../other` }, dir, 'linux')).toThrow(
      /sets NODE_PATH to a folder outside the bundle \(\$\{__dirname\}\/\.\.\/other\)/,
    );
    expect(() => checkSearchPaths({ pythonpath: '/elsewhere' }, dir, 'linux')).toThrow(/pythonpath/);
  });
});
