// biome-ignore-all lint/suspicious/noTemplateCurlyInString: manifests are written in their own ${…} syntax
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { bundleForm } from './bundleForm';
import { resolveLaunch } from './bundleLaunch';
import { parseManifest, type UserConfigValue } from './bundleManifest';
import { type BundleRuntime, currentRuntime, runNodeBundlesWith } from './bundleRuntime';

let dir = '';
tempDirPerTest('sb-mcpb-launch-', (d) => {
  dir = d;
});

const runtime = (extra: Partial<BundleRuntime> = {}): BundleRuntime => ({
  execPath: '/opt/switchboard/switchboard',
  electron: false,
  platform: 'linux',
  home: '/home/ada',
  ...extra,
});

async function launchOf(
  server: Record<string, unknown>,
  options: {
    userConfig?: Record<string, unknown>;
    values?: Record<string, UserConfigValue>;
    runtime?: BundleRuntime;
    files?: string[];
    extra?: Record<string, unknown>;
  } = {},
) {
  for (const f of options.files ?? ['server/index.js']) {
    await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await writeFile(path.join(dir, f), '');
  }
  const manifest = parseManifest({
    manifest_version: '0.3',
    name: 'm',
    version: '1.0.0',
    description: 'd',
    author: { name: 'a' },
    server,
    ...(options.userConfig ? { user_config: options.userConfig } : {}),
    ...options.extra,
  });
  const rt = options.runtime ?? runtime();
  return resolveLaunch(manifest, bundleForm(manifest, dir, rt), dir, options.values ?? {}, rt);
}

const node = (mcp_config: Record<string, unknown>) => ({
  type: 'node',
  entry_point: 'server/index.js',
  mcp_config,
});
const option = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  title: 't',
  description: 'd',
  ...extra,
});

describe('resolveLaunch', () => {
  it('runs a Node bundle with the Node that runs the app, and in Electron says so to the binary', async () => {
    const launch = await launchOf(node({ command: 'node', args: ['${__dirname}/server/index.js'] }), {
      runtime: runtime({ electron: true }),
    });
    expect(launch).toEqual({
      command: '/opt/switchboard/switchboard',
      args: [path.join(dir, 'server/index.js')],
      env: { ELECTRON_RUN_AS_NODE: '1' },
      secretEnv: [],
      cwd: dir,
    });
  });

  it('in the packaged app (RunAsNode off) a Node bundle runs with the node on the PATH, not the app', async () => {
    runNodeBundlesWith('node');
    try {
      const packaged = currentRuntime();
      expect(packaged).toMatchObject({ execPath: 'node', electron: false });
      const launch = await launchOf(node({ command: 'node', args: ['${__dirname}/server/index.js'] }), {
        runtime: packaged,
      });
      expect(launch).toMatchObject({ command: 'node', args: [path.join(dir, 'server/index.js')], env: {} });
    } finally {
      runNodeBundlesWith(undefined);
    }
    expect(currentRuntime().execPath).toBe(process.execPath);
  });

  it("fills in the person's folders, the path separator and the settings", async () => {
    const launch = await launchOf(
      node({
        command: 'node',
        args: [
          'server/index.js',
          '--out=${DOWNLOADS}${/}x',
          '${user_config.dirs}',
          '--n',
          '${user_config.n}',
        ],
        env: { DOCS: '${DOCUMENTS}', ON: '${user_config.on}', UNKNOWN: '${NOT_A_VARIABLE}' },
      }),
      {
        userConfig: {
          dirs: option('directory', { multiple: true }),
          n: option('number'),
          on: option('boolean'),
        },
        values: { dirs: ['/a', '/b c'], n: 3, on: false },
        runtime: runtime({ downloads: '/dl' }),
      },
    );
    expect(launch.args).toEqual(['server/index.js', '--out=/dl/x', '/a', '/b c', '--n', '3']);
    expect(launch.env).toEqual({ DOCS: '/home/ada/Documents', ON: 'false', UNKNOWN: '${NOT_A_VARIABLE}' });
  });

  it('leaves out an argument or a variable made of a setting left empty', async () => {
    const launch = await launchOf(
      node({
        command: 'node',
        args: ['server/index.js', '${user_config.opt}'],
        env: { OPT: '${user_config.opt}' },
      }),
      { userConfig: { opt: option('string') } },
    );
    expect(launch.args).toEqual(['server/index.js']);
    expect(launch.env).toEqual({});
  });

  it('marks variables holding a sensitive setting, and refuses one on the command line', async () => {
    const userConfig = { key: option('string', { sensitive: true }) };
    const launch = await launchOf(
      node({
        command: 'node',
        args: ['server/index.js'],
        env: { AUTH: 'Bearer ${user_config.key}', X: 'x' },
      }),
      { userConfig, values: { key: 's3cret' } },
    );
    expect(launch.env).toEqual({ AUTH: 'Bearer s3cret', X: 'x' });
    expect(launch.secretEnv).toEqual(['AUTH']);
    await expect(
      launchOf(node({ command: 'node', args: ['server/index.js', '--key=${user_config.key}'] }), {
        userConfig,
        values: { key: 's3cret' },
      }),
    ).rejects.toMatchObject({
      problem: 'unsupported',
      message: expect.stringMatching(
        /passes the secret "key" in its arguments.*only through its environment/,
      ),
    });
  });

  it('takes the platform override, each field it sets replacing the base one (as mcpb does)', async () => {
    const server = node({
      command: 'node',
      args: ['server/index.js'],
      env: { A: 'base', B: 'base' },
      platform_overrides: { win32: { env: { A: 'windows' } }, darwin: { args: ['server/mac.js'] } },
    });
    const files = ['server/index.js', 'server/mac.js'];
    expect((await launchOf(server, { files, runtime: runtime({ platform: 'win32' }) })).env).toEqual({
      A: 'windows',
    });
    const mac = await launchOf(server, { files, runtime: runtime({ platform: 'darwin' }) });
    expect(mac.args).toEqual(['server/mac.js']);
    expect(mac.env).toEqual({ A: 'base', B: 'base' });
  });

  it("runs a binary the bundle holds, with .exe on Windows, and refuses one it doesn't", async () => {
    const binary = {
      type: 'binary',
      entry_point: 'bin/tool',
      mcp_config: { command: '${__dirname}/bin/tool' },
    };
    const linux = await launchOf(binary, { files: ['bin/tool'] });
    expect(linux.command).toBe(path.join(dir, 'bin/tool'));
    const relative = { ...binary, mcp_config: { command: 'bin/tool' } };
    expect((await launchOf(relative, { files: ['bin/tool'] })).command).toBe(path.join(dir, 'bin/tool'));
    const windows = await launchOf(relative, {
      files: ['bin/tool', 'bin/tool.exe'],
      runtime: runtime({ platform: 'win32' }),
    });
    expect(windows.command).toBe(path.join(dir, 'bin/tool.exe'));
    await expect(
      launchOf({ ...binary, mcp_config: { command: 'bin/other' } }, { files: ['bin/tool'] }),
    ).rejects.toMatchObject({
      problem: 'outside-bundle',
      message: expect.stringMatching(/names a program the bundle does not hold \(bin\/other\)/),
    });
  });

  it('lets python run a module (-m) or a script it holds, never code on the command line', async () => {
    const python = (args: string[]) => ({
      type: 'python',
      entry_point: 'server/main.py',
      mcp_config: { command: 'python3', args },
    });
    const files = ['server/__init__.py', 'server/main.py'];
    expect((await launchOf(python(['-u', '-m', 'server.main']), { files })).command).toBe('python3');
    expect((await launchOf(python(['${__dirname}/server/main.py']), { files })).args).toEqual([
      path.join(dir, 'server/main.py'),
    ]);
    await expect(launchOf(python(['-c', 'import os']), { files })).rejects.toMatchObject({
      problem: 'outside-bundle',
      message: expect.stringMatching(/runs code given on the command line \(-c\)/),
    });
    await expect(launchOf(python(['-m', 'timeit', '-s', 'import os']), { files })).rejects.toMatchObject({
      problem: 'outside-bundle',
      message: expect.stringMatching(/runs the module "timeit" \(-m\), which the bundle does not hold/),
    });
  });

  it('lets Node run the script it holds with options of its own, never code loaded before it', async () => {
    const files = ['server/index.js', 'server/pre.js'];
    const args = (...a: string[]) => node({ command: 'node', args: [...a, 'server/index.js', '/srv/data'] });
    const ok = await launchOf(args('--max-old-space-size=512', '--enable-source-maps'), { files });
    expect(ok.args).toEqual([
      '--max-old-space-size=512',
      '--enable-source-maps',
      'server/index.js',
      '/srv/data',
    ]);
    for (const preload of [['-r', './server/pre.js'], ['--import=tsx'], ['--import=/tmp/evil.mjs']])
      await expect(launchOf(args(...preload), { files })).rejects.toMatchObject({
        problem: 'outside-bundle',
        message: expect.stringMatching(/loads code before its script/),
      });
  });

  it('judges the environment of every platform, and a search path by where it will point', async () => {
    const server = (env: Record<string, string>, overrides = {}) =>
      node({ command: 'node', args: ['server/index.js'], env, platform_overrides: overrides });
    await expect(
      launchOf(server({}, { win32: { env: { NODE_OPTIONS: '--require C:\\evil.js' } } })),
    ).rejects.toMatchObject({
      problem: 'outside-bundle',
      message: expect.stringMatching(/sets NODE_OPTIONS in its environment/),
    });
    const inside = await launchOf(server({ NODE_PATH: '${__dirname}/server:server' }));
    expect(inside.env).toEqual({ NODE_PATH: `${path.join(dir, 'server')}:server` });
    await expect(
      launchOf(server({ NODE_PATH: '${user_config.lib}' }), {
        userConfig: { lib: option('directory') },
        values: { lib: '/usr/lib/node_modules' },
      }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(
        /sets NODE_PATH to a folder outside the bundle \(\/usr\/lib\/node_modules\)/,
      ),
    });
  });

  it('refuses what it cannot run here, and manifests that use what they do not declare', async () => {
    await expect(
      launchOf(node({ command: 'node', args: ['server/index.js'] }), {
        extra: { compatibility: { platforms: ['win32'] } },
      }),
    ).rejects.toMatchObject({ problem: 'unsupported', message: expect.stringMatching(/made for win32/) });
    await expect(
      launchOf(node({ command: 'node', args: ['server/index.js', '${user_config.nope}'] })),
    ).rejects.toMatchObject({
      problem: 'manifest-invalid',
      message: expect.stringMatching(
        /argument 2 uses \$\{user_config\.nope\}, which its user_config does not declare/,
      ),
    });
    await expect(
      launchOf(node({ command: 'node', args: ['server/index.js', '--dirs=${user_config.dirs}'] }), {
        userConfig: { dirs: option('directory', { multiple: true }) },
        values: { dirs: ['/a'] },
      }),
    ).rejects.toMatchObject({
      problem: 'unsupported',
      message: expect.stringMatching(/a list can only fill whole arguments/),
    });
    await expect(
      launchOf({ type: 'node', entry_point: 'server/index.js', mcp_config: { command: 'node', args: [] } }),
    ).rejects.toMatchObject({
      problem: 'outside-bundle',
      message: expect.stringMatching(/with no script from the bundle/),
    });
  });

  it('refuses a uv bundle, whose packages the host would have to install', async () => {
    const uv = {
      type: 'uv',
      entry_point: 'server/index.js',
      mcp_config: { command: 'uv', args: ['run', 'x'] },
    };
    await expect(launchOf(uv, { extra: { manifest_version: '0.4' } })).rejects.toMatchObject({
      problem: 'unsupported',
      message: expect.stringMatching(/"uv" bundle/),
    });
  });
});
