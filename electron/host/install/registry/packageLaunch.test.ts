import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NpmRegistryFixture,
  startNpmRegistryFixture,
} from '../../../../e2e/fixtures/registry/npmRegistryFixture';
import { buildUpdate } from '../updateDraft';
import { buildDraft, type InstallDraft } from './buildDraft';
import { readEntry } from './registryEntry';
import type { Argument, Package, ServerJson } from './serverJson';

// The attack of issue 47 item 5, with real processes: the person's npm is set to a registry that
// serves the real @acme/weather@1.2.3; a hostile registry serves another package under the same name
// and version. An entry pinned to @acme/weather@1.2.3 must not be able to make `npx` take the other.
let dir: string;
let honest: NpmRegistryFixture;
let attacker: NpmRegistryFixture;
const marker = (who: string) => path.join(dir, `${who}.marker`);
const writes = (who: string) =>
  `require('node:fs').writeFileSync(${JSON.stringify(marker(who))}, process.argv.slice(2).join(' ') || '${who}');`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-pin-'));
  honest = await startNpmRegistryFixture([
    { name: '@acme/weather', version: '1.2.3', bin: writes('honest') },
  ]);
  attacker = await startNpmRegistryFixture([
    { name: '@acme/weather', version: '1.2.3', bin: writes('attacker') },
  ]);
});
afterAll(async () => {
  await honest?.close();
  await attacker?.close();
  await rm(dir, { recursive: true, force: true });
});

const weather = (pkg: Partial<Package>): ServerJson => ({
  name: 'io.github.acme/weather',
  description: 'Weather',
  version: '1.2.3',
  packages: [
    {
      registryType: 'npm',
      identifier: '@acme/weather',
      version: '1.2.3',
      transport: { type: 'stdio' },
      ...pkg,
    },
  ],
});

const install = (server: ServerJson): InstallDraft =>
  buildDraft(
    { server, registryUrl: 'https://registry.modelcontextprotocol.io' },
    'packages/0',
    {},
    {
      name: 'weather',
    },
  );

let runs = 0;

/**
 * Runs a launch as the host starts a server: its command and arguments, its env over the person's own
 * (whose npm registry is the honest one). Each run has a new npm cache, as on a computer that has not
 * run the package before: npx would otherwise run what an earlier run put there. Resolves on exit.
 */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        npm_config_registry: honest.url,
        npm_config_cache: path.join(dir, `npm-cache-${++runs}`),
        npm_config_update_notifier: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

/** Launches what an install built, if it built anything, exactly as config.json would hold it. */
async function launchIfBuilt(draft: InstallDraft): Promise<void> {
  if (!draft.ok || draft.kind !== 'server' || draft.config.kind !== 'stdio') return;
  const env = Object.fromEntries(
    Object.entries(draft.config.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  await run(draft.config.command, draft.config.args, env);
}

const reasons = (draft: InstallDraft) => (draft.ok ? [] : draft.problems.map((p) => p.message));

describe('a registry entry cannot undo its pin (real npx, real npm registries on loopback)', () => {
  it('the fixture is real: npx runs the honest package from the person’s registry, the other with --registry', async () => {
    await run('npx', ['-y', '@acme/weather@1.2.3']);
    expect(readFileSync(marker('honest'), 'utf8')).toBe('honest');
    await run('npx', ['-y', '--registry', attacker.url, '@acme/weather@1.2.3']);
    expect(readFileSync(marker('attacker'), 'utf8')).toBe('attacker');
    await rm(marker('honest'));
    await rm(marker('attacker'));
  }, 120_000);

  it('runtimeArguments --registry http://attacker/ is refused at install, naming it; nothing of the attacker runs', async () => {
    const draft = install(
      weather({ runtimeArguments: [{ type: 'named', name: '--registry', value: attacker.url }] }),
    );
    const before = attacker.requests.length;
    await launchIfBuilt(draft);
    expect(existsSync(marker('attacker'))).toBe(false);
    expect(attacker.requests.length).toBe(before);
    expect(draft.ok).toBe(false);
    expect(reasons(draft).join('\n')).toMatch(/runtimeArguments\/0 \(--registry\).*another registry/);
  }, 120_000);

  it('the "=" form in a positional argument, and an npm_config_registry variable, are refused the same way', async () => {
    const before = attacker.requests.length;
    for (const pkg of [
      { runtimeArguments: [{ type: 'positional' as const, value: `--registry=${attacker.url}` }] },
      { environmentVariables: [{ name: 'npm_config_registry', value: attacker.url }] },
      { environmentVariables: [{ name: 'NPM_CONFIG_REGISTRY', value: attacker.url }] },
    ]) {
      const draft = install(weather(pkg));
      await launchIfBuilt(draft);
      expect(existsSync(marker('attacker')), JSON.stringify(pkg)).toBe(false);
      expect(draft.ok, JSON.stringify(pkg)).toBe(false);
    }
    expect(attacker.requests.length).toBe(before);
  }, 240_000);

  it('NODE_OPTIONS loading code into npx itself is refused', async () => {
    const code = `import('node:fs').then((fs) => fs.writeFileSync('${marker('node-options')}', 'ran'))`;
    const draft = install(
      weather({
        environmentVariables: [{ name: 'NODE_OPTIONS', value: `--import="data:text/javascript,${code}"` }],
      }),
    );
    await launchIfBuilt(draft);
    expect(existsSync(marker('node-options'))).toBe(false);
    expect(reasons(draft).join('\n')).toMatch(/environmentVariables\/0 \(NODE_OPTIONS\)/);
  }, 120_000);

  it('an entry without any of that installs and runs the pinned package from the person’s registry', async () => {
    const draft = install(weather({ runtimeArguments: [{ type: 'named', name: '--yes' }] }));
    expect(reasons(draft)).toEqual([]);
    await launchIfBuilt(draft);
    expect(readFileSync(marker('honest'), 'utf8')).toBe('honest');
  }, 120_000);
});

const image = (runtimeArguments: Argument[], more: Partial<Package> = {}): ServerJson => ({
  name: 'io.github.acme/weather',
  description: 'Weather',
  version: '1.2.3',
  packages: [
    {
      registryType: 'oci',
      identifier: 'docker.io/acme/weather:1.2.3',
      transport: { type: 'stdio' },
      runtimeArguments,
      ...more,
    },
  ],
});
const named = (name: string, value?: string): Argument =>
  value === undefined ? { type: 'named', name } : { type: 'named', name, value };
const fixed = (value: string): Argument => ({ type: 'positional', value });

describe('at draft-building: what would change the package or widen what it may touch is refused', () => {
  it('docker run --privileged -v /:/host, each named with why', () => {
    const draft = install(image([named('--privileged'), named('-v', '/:/host')]));
    expect(reasons(draft)).toEqual([
      'packages/0/runtimeArguments/0 (--privileged): --privileged "true" gives the container every privilege of this computer',
      'packages/0/runtimeArguments/1 (-v): --volume "/:/host" mounts "/" of this computer into the container; a folder is mounted only when you choose it',
    ]);
  });

  it('docker: capabilities, devices, the host namespaces, relaxed confinement, host files, the daemon, in every spelling', () => {
    for (const args of [
      [named('--cap-add', 'SYS_ADMIN')],
      [fixed('--cap-add=ALL')],
      [named('--device', '/dev/sda')],
      [named('--gpus', 'all')],
      [named('--network', 'host')],
      [fixed('--net=host')],
      [named('--network', 'container:db')],
      [named('--pid', 'host')],
      [fixed('--ipc=host')],
      [named('--userns', 'host')],
      [named('--uts', 'host')],
      [named('--cgroupns', 'host')],
      [named('--security-opt', 'seccomp=unconfined')],
      [named('--security-opt', 'apparmor=unconfined')],
      [named('--security-opt', 'label=disable')],
      [named('--security-opt', 'systempaths=unconfined')],
      [named('--mount', 'type=bind,src=/,dst=/host')],
      [named('--mount', 'type=bind,source=/home,target=/h,readonly')],
      [named('--mount', 'type=volume,src=root,dst=/host,volume-opt=device=/,volume-opt=o=bind')],
      [named('--volume', '/var/run/docker.sock:/var/run/docker.sock')],
      [fixed('-v=/etc:/etc')],
      [fixed('-itv/:/host')],
      [fixed('--volume=C:\\Users:/u')],
      [named('--volumes-from', 'other')],
      [named('--env-file', '/home/me/.env')],
      [named('--use-api-socket')],
      [named('-P')],
      [named('-p', '8080:80')],
      [named('-e', 'LD_PRELOAD=/tmp/x.so')],
      [named('--runtime', 'runc')],
      [named('--unknown-flag')],
      [fixed('other/image:1')],
    ]) {
      const draft = install(image(args));
      expect(draft.ok, JSON.stringify(args)).toBe(false);
      expect(reasons(draft).join('\n'), JSON.stringify(args)).toMatch(/^packages\/0\/runtimeArguments\/0 /);
    }
  });

  it('docker: what keeps the container to itself is allowed — named volumes, tmpfs, a Docker network, a loopback port, limits', () => {
    const draft = install(
      image([
        named('-v', 'weather-data:/data'),
        named('-v', '/cache'),
        named('--mount', 'type=volume,src=weather-db,dst=/db'),
        named('--mount', 'type=tmpfs,dst=/tmp'),
        named('--network', 'bridge'),
        named('-p', '127.0.0.1:8080:80'),
        named('--security-opt', 'no-new-privileges'),
        named('--cap-drop', 'ALL'),
        named('--memory', '512m'),
        named('--read-only'),
        fixed('-e'),
        fixed('TZ=UTC'),
      ]),
    );
    expect(reasons(draft)).toEqual([]);
  });

  it('docker: a folder of this computer is mounted only when the person chooses it, and never the whole disk, a socket or a system folder', () => {
    const folder: Argument = {
      type: 'named',
      name: '--mount',
      value: 'type=bind,src={source},dst=/project',
      variables: { source: { description: 'Folder to share', isRequired: true, format: 'filepath' } },
    };
    const key = 'packages/0/runtimeArguments/0/variables/source';
    const chosen = (value: string) =>
      buildDraft(
        { server: image([folder]), registryUrl: 'https://registry.modelcontextprotocol.io' },
        'packages/0',
        { [key]: value },
        { name: 'weather' },
      );
    expect(reasons(chosen('/home/me/project'))).toEqual([]);
    for (const value of ['/', '/var/run/docker.sock', '/etc', '/proc/1', 'relative/path'])
      expect(reasons(chosen(value)).join('\n'), value).toMatch(
        /\(--mount\): --mount "type=bind,src=.*mounts/,
      );
    // The entry's half of the source is still the entry's choice.
    const half = {
      ...folder,
      value: 'type=bind,src=/home/{user},dst=/project',
      variables: { user: { isRequired: true } },
    };
    expect(reasons(install(image([half]))).join('\n')).toMatch(/only partly chosen by you/);
  });

  it("a value the person types lands only where the entry's declaration put it: never as the package, the image or a registry", () => {
    // A positional runtime argument is read by npx as the package to run: refused before any form.
    const hint = install(weather({ runtimeArguments: [{ type: 'positional', valueHint: 'plugin' }] }));
    expect(reasons(hint).join('\n')).toMatch(/"<plugin>" would be read by npx as the package to run/);
    // An option the entry names, with the value the person gives, is judged once filled in.
    const network = image([{ type: 'named', name: '--network', description: 'Docker network' }]);
    const fill = (value: string) =>
      buildDraft(
        { server: network, registryUrl: 'https://registry.modelcontextprotocol.io' },
        'packages/0',
        { 'packages/0/runtimeArguments/0': value },
        { name: 'weather' },
      );
    expect(reasons(fill('bridge'))).toEqual([]);
    expect(reasons(fill('host')).join('\n')).toMatch(/shares this computer's network/);
    // An option whose name the person would complete is no option Switchboard can judge.
    const flag = install(
      weather({
        runtimeArguments: [{ type: 'positional', value: '--{setting}', variables: { setting: {} } }],
      }),
    );
    expect(reasons(flag).join('\n')).toMatch(/"--<setting>" is not one of the options/);
  });

  it('npx: another registry, config, prefix, cache or package, a shell, in any spelling; a log level is fine', () => {
    for (const args of [
      [named('--userconfig', '/tmp/npmrc')],
      [named('--globalconfig', '/tmp/npmrc')],
      [named('--prefix', '/tmp/p')],
      [named('--cache', '/tmp/c')],
      [named('-p', 'other-package')],
      [fixed('--package=other-package')],
      [fixed(`--@acme:registry=${'http://127.0.0.1:1/'}`)],
      [named('--reg', 'http://127.0.0.1:1/')],
      [named('-c', 'sh')],
      [named('--node-options', '--require=/tmp/x.js')],
      [fixed('--strict-ssl=false')],
      [fixed('--')],
    ]) {
      const draft = install(weather({ runtimeArguments: args }));
      expect(draft.ok, JSON.stringify(args)).toBe(false);
      expect(reasons(draft).join('\n'), JSON.stringify(args)).toMatch(/^packages\/0\/runtimeArguments\/0 /);
    }
    expect(
      reasons(install(weather({ runtimeArguments: [named('--loglevel', 'warn'), named('-q')] }))),
    ).toEqual([]);
  });

  it('uvx: another index, package or interpreter; dnx: another source', () => {
    const pypi = (args: Argument[]) =>
      weather({ registryType: 'pypi', identifier: 'acme-weather', runtimeArguments: args });
    for (const args of [
      [named('--index-url', 'http://127.0.0.1:1/simple')],
      [named('-i', 'http://127.0.0.1:1/simple')],
      [fixed('--extra-index-url=http://127.0.0.1:1/simple')],
      [named('--index', 'http://127.0.0.1:1/simple')],
      [named('--default-index', 'http://127.0.0.1:1/simple')],
      [named('--find-links', '/tmp/wheels')],
      [named('-f', '/tmp/wheels')],
      [named('--from', 'other-package')],
      [named('--with', 'other-package')],
      [named('--python', '/tmp/evil')],
      [fixed('other-package')],
    ]) {
      const draft = install(pypi(args));
      expect(draft.ok, JSON.stringify(args)).toBe(false);
      expect(reasons(draft).join('\n'), JSON.stringify(args)).toMatch(/^packages\/0\/runtimeArguments\/0 /);
    }
    expect(reasons(install(pypi([named('--python', '3.12')])))).toEqual([]);
    const nuget = (args: Argument[]) =>
      weather({ registryType: 'nuget', identifier: 'Acme.Weather', runtimeArguments: args });
    for (const args of [
      [named('--source', 'http://127.0.0.1:1/v3/index.json')],
      [named('--add-source', 'http://127.0.0.1:1/v3/index.json')],
      [named('--configfile', '/tmp/nuget.config')],
    ])
      expect(reasons(install(nuget(args))).join('\n'), JSON.stringify(args)).toMatch(/another NuGet/);
  });

  it('env: every variable that changes what runs or where packages come from, for every runtime, whatever its value', () => {
    for (const [registryType, identifier, name] of [
      ['npm', '@acme/weather', 'NODE_OPTIONS'],
      ['npm', '@acme/weather', 'npm_config_userconfig'],
      ['npm', '@acme/weather', 'PATH'],
      ['pypi', 'acme-weather', 'PIP_INDEX_URL'],
      ['pypi', 'acme-weather', 'UV_INDEX_URL'],
      ['pypi', 'acme-weather', 'PYTHONPATH'],
      ['oci', 'docker.io/acme/weather:1.2.3', 'DOCKER_HOST'],
      ['oci', 'docker.io/acme/weather:1.2.3', 'LD_PRELOAD'],
      ['nuget', 'Acme.Weather', 'DYLD_INSERT_LIBRARIES'],
    ] as const) {
      const draft = install(
        weather({ registryType, identifier, environmentVariables: [{ name, description: 'asked for' }] }),
      );
      expect(reasons(draft).join('\n'), name).toMatch(
        new RegExp(`^packages/0/environmentVariables/0 \\(${name}\\): sets ${name}, which changes`),
      );
    }
  });

  it('env: what the second attack run set, each refused naming it (the first list missed them)', () => {
    const cases: [string, string, { name: string; value: string }[], string[]][] = [
      [
        'nuget',
        'Acme.Weather',
        [{ name: 'DOTNET_STARTUP_HOOKS', value: '/tmp/x/Hook.dll' }],
        ['DOTNET_STARTUP_HOOKS'],
      ],
      ['nuget', 'Acme.Weather', [{ name: 'NUGET_PACKAGES', value: '/tmp/x/pkgs' }], ['NUGET_PACKAGES']],
      [
        'npm',
        '@acme/weather',
        [{ name: 'OPENSSL_CONF', value: '/tmp/attack/ossl/evil.cnf' }],
        ['OPENSSL_CONF'],
      ],
      ['pypi', 'acme-weather', [{ name: 'XDG_DATA_HOME', value: '/tmp/x' }], ['XDG_DATA_HOME']],
      [
        'pypi',
        'acme-weather',
        [
          { name: 'PYTHONWARNINGS', value: 'all:0:antigravity.x:0:0' },
          { name: 'BROWSER', value: '/tmp/x.sh' },
        ],
        ['PYTHONWARNINGS', 'BROWSER'],
      ],
    ];
    for (const [registryType, identifier, environmentVariables, names] of cases) {
      const draft = install(weather({ registryType, identifier, environmentVariables }));
      expect(draft.ok, names.join()).toBe(false);
      expect(reasons(draft), names.join()).toEqual(
        names.map((name, i) =>
          expect.stringMatching(
            new RegExp(
              `^packages/0/environmentVariables/${i} \\(${name}\\): sets ${name}, which changes what`,
            ),
          ),
        ),
      );
    }
    // A server's own settings still install.
    const own = install(
      weather({
        environmentVariables: [
          { name: 'ACME_REGION', value: 'eu' },
          { name: 'NODE_ENV', value: 'production' },
        ],
      }),
    );
    expect(reasons(own)).toEqual([]);
  });

  it('a package named at another registry than the one its runtime fetches from', () => {
    const draft = install(weather({ registryBaseUrl: 'http://127.0.0.1:1/' }));
    expect(reasons(draft).join('\n')).toMatch(
      /names its package at "http:\/\/127.0.0.1:1\/", but npx fetches/,
    );
    expect(reasons(install(weather({ registryBaseUrl: 'https://registry.npmjs.org/' })))).toEqual([]);
  });

  it('an update to a version that adds --registry is refused, naming it', async () => {
    const entry = (server: ServerJson) => {
      const read = readEntry({ server }, 'https://registry.modelcontextprotocol.io');
      if (!read.valid) throw new Error(read.reasons.join('; '));
      return read;
    };
    const installed = install(weather({}));
    if (!installed.ok || installed.kind !== 'server') throw new Error('not installed');
    const next = weather({ version: '1.2.4', runtimeArguments: [named('--registry', attacker.url)] });
    next.version = '1.2.4';
    const update = await buildUpdate(
      installed.config,
      installed.origin,
      entry(next),
      {},
      { get: async () => undefined },
    );
    expect(update.ok).toBe(false);
    expect(update.ok ? [] : update.problems.map((p) => p.message).join('\n')).toMatch(
      /cannot be installed the same way: .*\(--registry\).*another registry/,
    );
  });
});
