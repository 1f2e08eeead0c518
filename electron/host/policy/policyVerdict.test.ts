import { describe, expect, it } from 'vitest';
import { parseConfig, type ServerConfig } from '../config/serverConfig';
import { type ManagedPolicy, type PolicyRule, parsePolicy } from './managedPolicy';
import type { LaunchFacts, PolicyFacts } from './policyFacts';
import { allowedBy, deniedBy, policyVerdict, type ServerOrigin } from './policyVerdict';
import type { PackagesOf } from './registryPackages';

const policy = (document: unknown): ManagedPolicy => {
  const parsed = parsePolicy(document);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.policy;
};
const stdio = (command: string, args: string[] = [], more: Record<string, unknown> = {}): ServerConfig =>
  parseConfig({ mcpServers: { s: { command, args, ...more } } }).servers[0]!;
const remote = (url: string): ServerConfig => parseConfig({ mcpServers: { s: { url } } }).servers[0]!;
const manual: ServerOrigin = { kind: 'manual' };
const fromRegistry = (
  name: string,
  registryUrl = 'https://registry.modelcontextprotocol.io',
): ServerOrigin => ({
  kind: 'registry',
  name,
  registryUrl,
});

/**
 * A computer whose app PATH is /usr/bin: a bare name is /usr/bin/<name>, a path is itself, and home
 * is /home/me — unless `launch` says what the server's program really is (a look-alike, a link).
 */
function facts(
  server: ServerConfig,
  launch: Partial<LaunchFacts> = {},
  packages: Record<string, PackagesOf> = {},
): PolicyFacts {
  const onPath = (c: string) => (/[\\/]/.test(c) ? c : `/usr/bin/${c}`);
  return {
    ...(server.kind === 'stdio'
      ? { launch: { realProgram: onPath(server.command), cwd: server.cwd ?? '/home/me', ...launch } }
      : {}),
    programOf: onPath,
    folderOf: (cwd) => cwd,
    packagesOf: (rule) => packages[rule] ?? { known: true, packages: [], remotes: [], repositories: [] },
  };
}

describe('an allow rule', () => {
  const table: [PolicyRule, ServerConfig, ServerOrigin, boolean][] = [
    // Registry names: exact, or a namespace with /*; ignoring case; only servers the host installed.
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), fromRegistry('io.github.acme/tool'), true],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), fromRegistry('io.github.Acme/Tool'), true],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), fromRegistry('io.github.acme/tool-2'), false],
    [{ registry: 'io.github.acme/*' }, stdio('npx'), fromRegistry('io.github.acme/anything'), true],
    [{ registry: 'io.github.acme/*' }, stdio('npx'), fromRegistry('io.github.acme-evil/x'), false],
    [{ registry: 'io.github.acme/*' }, stdio('npx'), fromRegistry('io.github.acmex/y'), false],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), manual, false],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), { kind: 'link', format: 'vscode' }, false],
    // Commands: the very file the rule's program is, found as the app finds it …
    [{ command: 'npx' }, stdio('npx'), manual, true],
    [{ command: 'npx' }, stdio('/usr/bin/npx'), manual, true],
    [{ command: 'npx' }, stdio('/usr/local/bin/npx'), manual, false],
    [{ command: 'npx' }, stdio('npx-evil'), manual, false],
    [{ command: '/opt/acme/bin/mcp' }, stdio('/opt/acme/bin/mcp'), manual, true],
    [{ command: '/opt/acme/bin/mcp' }, stdio('/tmp/mcp'), manual, false],
    // … with args, the server's arguments begin with them …
    [{ command: 'uvx', args: ['acme-mcp'] }, stdio('uvx', ['acme-mcp', '--port', '1']), manual, true],
    [{ command: 'uvx', args: ['acme-mcp'] }, stdio('uvx', ['other-mcp']), manual, false],
    [{ command: 'uvx', args: ['acme-mcp'] }, stdio('uvx'), manual, false],
    [{ command: 'uvx' }, remote('https://uvx.example'), manual, false],
    // … and it starts in no folder of its own, or in the one the rule names.
    [
      { command: 'node', args: ['server.mjs'] },
      stdio('node', ['server.mjs'], { cwd: '/tmp/x' }),
      manual,
      false,
    ],
    [{ command: 'node', cwd: '/opt/acme' }, stdio('node', [], { cwd: '/opt/acme' }), manual, true],
    [{ command: 'node', cwd: '/opt/acme' }, stdio('node'), manual, false],
    // URLs: an origin is everything on it; a longer URL is a prefix at a path boundary.
    [{ url: 'https://mcp.acme.com' }, remote('https://mcp.acme.com/v1/mcp'), manual, true],
    [{ url: 'https://mcp.acme.com/' }, remote('https://MCP.ACME.COM:443/sse'), manual, true],
    [{ url: 'https://mcp.acme.com' }, remote('http://mcp.acme.com/mcp'), manual, false],
    [{ url: 'https://mcp.acme.com' }, remote('https://mcp.acme.com:8443/mcp'), manual, false],
    [{ url: 'https://mcp.acme.com' }, remote('https://mcp.acme.com.evil.example/mcp'), manual, false],
    [{ url: 'https://mcp.acme.com' }, remote('https://mcp.acme.com@evil.example/mcp'), manual, false],
    [{ url: 'https://acme.com/mcp' }, remote('https://acme.com/mcp'), manual, true],
    [{ url: 'https://acme.com/mcp' }, remote('https://acme.com/mcp/tools?x=1'), manual, true],
    [{ url: 'https://acme.com/mcp' }, remote('https://acme.com/mcp?team=a'), manual, true],
    [{ url: 'https://acme.com/mcp' }, remote('https://acme.com/mcp-evil'), manual, false],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/x'), manual, true],
    [{ url: 'https://acme.com/mcp' }, stdio('npx', ['https://acme.com/mcp']), manual, false],
    // Issue 47, item 14: hosts compared as the network sees them — a final dot, case, IDN, default port.
    [{ url: 'https://localhost:8443' }, remote('https://localhost.:8443/mcp'), manual, true],
    [{ url: 'https://localhost.:8443' }, remote('https://LOCALHOST:8443/mcp'), manual, true],
    [{ url: 'https://mcp.acme.com' }, remote('https://mcp.acme.com../mcp'), manual, true],
    [{ url: 'https://acme.com/mcp' }, remote('https://acme.com.:443/mcp/x'), manual, true],
    [{ url: 'https://bücher.example' }, remote('https://xn--bcher-kva.example/mcp'), manual, true],
    [{ url: 'https://xn--bcher-kva.example/mcp' }, remote('https://BÜCHER.example./mcp'), manual, true],
    [{ url: 'http://acme.com/mcp' }, remote('http://acme.com:80/mcp'), manual, true],
    // … and a path prefix is not escaped by a user name or by spelling a letter in percent-encoding.
    [{ url: 'https://acme.com/mcp' }, remote('https://someone@acme.com/mcp'), manual, true],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/%6Dcp/x'), manual, true],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/%6dcp/x'), manual, true],
    [{ url: 'https://acme.com/a%2fb/' }, remote('https://acme.com/a%2Fb/x'), manual, true],
    // Second attack run, finding 10: an IPv4 address written as IPv6 is it; repeated slashes are one;
    // and a path prefix holds only if every reading of the path is under it (%2f, %2e, ";params").
    [{ url: 'http://127.0.0.1:9000' }, remote('http://[::ffff:7f00:1]:9000/mcp'), manual, true],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com//mcp//x'), manual, true],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/..%2fadmin'), manual, false],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/..%2Fadmin'), manual, false],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/%2e%2e%2fadmin'), manual, false],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/x/..%5c..%5cadmin'), manual, false],
    [{ url: 'https://acme.com/mcp' }, remote('https://acme.com/mcp;x/../admin'), manual, false],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/tools;v=1'), manual, true],
    [{ url: 'https://acme.com/mcp/' }, remote('https://acme.com/mcp/a%2fb'), manual, true],
  ];
  it.each(table)('%j, %j from %j → %s', (rule, server, origin, expected) => {
    expect(allowedBy(rule, server, origin, facts(server))).toBe(expected);
  });

  it('issue 47, item 2: a program merely named `node`, or a link to another file, is not `node`', () => {
    const named = stdio('/tmp/evil/node', ['/opt/acme/server.mjs']);
    const rule = { command: 'node', args: ['/opt/acme/server.mjs'] };
    expect(allowedBy(rule, named, manual, facts(named))).toBe(false);
    // A bare `node` that is not the app's `node` (a PATH in its env once chose another one).
    const bare = stdio('node', ['/opt/acme/server.mjs']);
    expect(allowedBy(rule, bare, manual, facts(bare, { realProgram: '/tmp/evil/node' }))).toBe(false);
    // The app's own `node`, through a link: the same file.
    const linked = stdio('/usr/local/bin/node', ['/opt/acme/server.mjs']);
    expect(allowedBy(rule, linked, manual, facts(linked, { realProgram: '/usr/bin/node' }))).toBe(true);
    // Not found at all: nothing is allowed.
    expect(allowedBy({ command: 'node' }, bare, manual, facts(bare, { realProgram: undefined }))).toBe(false);
  });
});

describe('a deny rule', () => {
  it('by command matches the same file, and still the command as written (never narrower than before)', () => {
    const rows: [PolicyRule, ServerConfig, Partial<LaunchFacts>, boolean][] = [
      [{ command: 'npx' }, stdio('npx'), {}, true],
      [{ command: 'npx' }, stdio('/usr/local/bin/npx'), {}, true],
      [{ command: 'npx' }, stdio('C:\\Program Files\\nodejs\\NPX.CMD'), {}, true],
      [{ command: 'npx.cmd' }, stdio('npx'), {}, true],
      [{ command: 'npx' }, stdio('/usr/bin/npx/../uvx'), {}, false],
      [{ command: 'npx' }, stdio('my-runner'), { realProgram: '/usr/bin/npx' }, true],
      [{ command: '/opt/acme/bin/mcp' }, stdio('/opt/acme/bin/../bin//mcp'), {}, true],
      [{ command: '/opt/acme/bin/mcp' }, stdio('mcp'), {}, false],
      [{ command: '/opt/acme/bin/mcp' }, stdio('mcp'), { realProgram: '/opt/acme/bin/mcp' }, true],
      [{ command: '/opt/acme/bin/mcp' }, stdio('/OPT/acme/bin/mcp'), {}, false],
      [{ command: 'C:\\Tools\\mcp.exe' }, stdio('c:/tools/MCP.exe'), {}, true],
    ];
    for (const [rule, server, launch, expected] of rows)
      expect(
        Boolean(deniedBy(rule, server, manual, facts(server, launch))),
        JSON.stringify([rule, server.raw]),
      ).toBe(expected);
  });

  it('by URL matches if any reading of the address does (second attack run, finding 10)', () => {
    const denies = (rule: string, url: string) =>
      Boolean(deniedBy({ url: rule }, remote(url), manual, facts(remote(url))));
    for (const url of ['http://[::ffff:127.0.0.1]:9000/mcp', 'http://[::ffff:7f00:1]:9000/mcp'])
      expect(denies('http://127.0.0.1:9000', url), url).toBe(true);
    for (const url of [
      'https://acme.com//admin',
      'https://acme.com/admin;x',
      'https://acme.com/admin;x/users',
      'https://acme.com/ADMIN',
      'https://acme.com/x/..%2fadmin',
      'https://acme.com/x/..%2Fadmin/users',
      'https://acme.com/%2e/admin',
      'https://acme.com/x%2f..%2fadmin',
    ])
      expect(denies('https://acme.com/admin', url), url).toBe(true);
    for (const url of [
      'https://acme.com/administrator',
      'https://acme.com/public/admin',
      'http://acme.com/admin',
    ])
      expect(denies('https://acme.com/admin', url), url).toBe(false);
    expect(denies('http://127.0.0.1:9000', 'http://[::1]:9000/mcp')).toBe(false);
  });

  it('by registry entry also catches its package or remote address however it was added', () => {
    const acme: Record<string, PackagesOf> = {
      'io.github.acme/tool': {
        known: true,
        packages: [
          { registryType: 'npm', identifier: '@acme/tool' },
          { registryType: 'pypi', identifier: 'acme-tool' },
        ],
        remotes: ['https://mcp.acme.example/tool'],
        repositories: [],
      },
    };
    const rule = { registry: 'io.github.acme/tool' };
    const byHand = stdio('npx', ['-y', '@acme/tool@9.9.9']);
    expect(deniedBy(rule, byHand, manual, facts(byHand, {}, acme))).toBe(
      'your organization\'s policy denies the registry server io.github.acme/tool, and this server runs its npm package @acme/tool (written "@acme/tool@9.9.9")',
    );
    const uvx = stdio('uvx', ['--from', 'Acme_Tool==1', 'acme']);
    expect(deniedBy(rule, uvx, manual, facts(uvx, {}, acme))).toContain('its pypi package acme-tool');
    const far = remote('https://mcp.acme.example/tool/mcp');
    expect(deniedBy(rule, far, manual, facts(far, {}, acme))).toContain('its remote address');
    const other = stdio('npx', ['-y', '@acme/other']);
    expect(deniedBy(rule, other, manual, facts(other, {}, acme))).toBeUndefined();
  });

  it('by registry entry is not escaped by another spelling of its package (second attack run, finding 3)', () => {
    const acme: Record<string, PackagesOf> = {
      'io.github.acme/*': {
        known: true,
        packages: [
          { registryType: 'npm', identifier: '@acme/weather' },
          { registryType: 'pypi', identifier: 'acme-weather' },
          { registryType: 'oci', identifier: 'acme/weather2' },
        ],
        remotes: [],
        repositories: ['https://github.com/acme/weather'],
      },
    };
    const rule = { registry: 'io.github.acme/*' };
    const denied = (command: string, args: string[], more: Record<string, unknown> = {}) => {
      const server = stdio(command, args, more);
      return deniedBy(rule, server, manual, facts(server, {}, acme));
    };
    const caught: [string, string[]][] = [
      ['npx', ['-y', '-p', 'w@npm:@acme/weather@1.2.3', 'weather']],
      ['npx', ['-y', 'weather@npm:@acme/weather@1.0.0']],
      ['npx', ['-y', 'https://registry.npmjs.org/@acme/weather/-/weather-1.2.3.tgz']],
      ['npx', ['-y', 'http://127.0.0.1:4873/@acme%2fweather/-/weather-1.2.3.tgz']],
      ['npx', ['-y', 'github:acme/weather']],
      ['npx', ['-y', 'acme/weather#v1']],
      ['npm', ['exec', '--package=git+ssh://git@github.com/acme/weather.git', '--', 'weather']],
      ['npx', ['-y', 'git@github.com:Acme/Weather.git']],
      ['uvx', ['--from', 'git+https://github.com/acme/weather', 'weather']],
      [
        'uvx',
        ['--from', 'https://files.pythonhosted.org/packages/xx/acme_weather-1.0-py3-none-any.whl', 'w'],
      ],
      ['pip', ['install', 'https://example.com/dist/acme-weather-1.0.tar.gz']],
      ['docker', ['run', '-i', 'registry.hub.docker.com/acme/weather2']],
      ['docker', ['run', '-i', 'index.docker.io/acme/weather2:1']],
      ['docker', ['run', '-i', 'registry-1.docker.io/acme/weather2@sha256:00']],
      ['sh', ['-c', 'npx -y @acme/weather@1.0.0']],
      ['sh', ['-c', "n''px -y '@acme/weather'"]],
      ['bash', ['-lc', 'cd /tmp && exec npx -y "@acme/weather@1.0.0" --port 1']],
      ['cmd', ['/c', 'npx -y @acme/weather']],
      ['env', ['FOO=1', 'npx', '-y', '@acme/weather']],
      ['node', ['/usr/lib/node_modules/npm/bin/npx-cli.js', '-y', '@acme/weather']],
      ['node', ['/home/me/.npm/_npx/1/node_modules/@acme/weather/dist/index.js']],
    ];
    for (const [command, args] of caught)
      expect(denied(command, args), `${command} ${args.join(' ')}`).toMatch(
        /^your organization's policy denies registry servers under io\.github\.acme, and this server (runs its (npm|pypi|oci) package|runs code from its repository)/,
      );
    expect(denied('npx', ['-y', 'weather@npm:@acme/weather@1.0.0'])).toBe(
      `your organization's policy denies registry servers under io.github.acme, and this server runs its npm package @acme/weather (written "weather@npm:@acme/weather@1.0.0")`,
    );
    expect(denied('npx', ['-y', 'github:acme/weather'])).toBe(
      `your organization's policy denies registry servers under io.github.acme, and this server runs code from its repository https://github.com/acme/weather (written "github:acme/weather")`,
    );
    // A package's name in an env value a shell string reads is its name too.
    expect(denied('sh', ['-c', 'npx -y $PKG'], { env: { PKG: '@acme/weather@1' } })).toBe(
      "your organization's policy denies registry servers under io.github.acme, and this server runs its npm package @acme/weather (named in its environment)",
    );
    const free: [string, string[]][] = [
      ['npx', ['-y', '@acme/weather-2']],
      ['npx', ['-y', 'weather@npm:@acme/other@1']],
      ['npx', ['-y', 'https://registry.npmjs.org/@acme/other/-/weather-1.2.3.tgz']],
      ['npx', ['-y', 'github:acme/weather-fork']],
      ['npx', ['-y', 'github:someone/weather']],
      [
        'uvx',
        ['--from', 'https://files.pythonhosted.org/packages/xx/acme_weathers-1.0-py3-none-any.whl', 'w'],
      ],
      ['docker', ['run', '-i', 'ghcr.io/acme/weather2']],
      ['sh', ['-c', 'npx -y @acme/other']],
    ];
    for (const [command, args] of free)
      expect(denied(command, args), `${command} ${args.join(' ')}`).toBeUndefined();
  });

  it('by registry entry whose packages could not be read refuses any launch that runs a package runner (finding 3)', () => {
    const unknown: Record<string, PackagesOf> = {
      'io.github.acme/*': { known: false, registryUrl: 'https://registry.acme.example', why: 'it timed out' },
    };
    const rule = { registry: 'io.github.acme/*' };
    const runs: [string, string[], string, string][] = [
      ['env', ['npx', '-y', 'x'], '/usr/bin/env', 'npx'],
      ['node', ['/usr/lib/node_modules/npm/bin/npx-cli.js', '-y', 'x'], '/usr/bin/node', 'npx'],
      ['node', ['/usr/lib/node_modules/npm/index.js', 'exec', 'x'], '/usr/bin/node', 'npm'],
      ['corepack', ['pnpm', 'dlx', 'x'], '/usr/lib/node_modules/corepack/dist/corepack.js', 'corepack'],
      ['python3', ['-m', 'uv', 'tool', 'run', 'x'], '/usr/bin/python3.11', 'uv'],
      ['python3', ['-m', 'pip', 'install', 'x'], '/usr/bin/python3.11', 'pip'],
      ['sh', ['-c', 'exec npx -y x'], '/usr/bin/dash', 'npx'],
      [
        'C:\\Windows\\System32\\cmd.exe',
        ['/c', 'C:\\Program Files\\nodejs\\npx.cmd -y x'],
        'C:\\Windows\\System32\\cmd.exe',
        'npx',
      ],
      ['/opt/tools/run-it', ['--with', '/home/me/.local/bin/uvx'], '/opt/tools/run-it', 'uvx'],
      ['my-launcher', [], '/usr/lib/node_modules/npm/bin/npx-cli.js', 'npx'],
    ];
    for (const [command, args, realProgram, runner] of runs) {
      const server = stdio(command, args);
      expect(deniedBy(rule, server, manual, facts(server, { realProgram }, unknown)), command).toBe(
        `your organization's policy denies registry servers under io.github.acme, and which packages that is could not be read from https://registry.acme.example (it timed out): until it can, servers that run a package runner (${runner}) are refused`,
      );
    }
    const plain = stdio('node', ['/opt/acme/server.mjs', '--mode', 'fast']);
    expect(deniedBy(rule, plain, manual, facts(plain, {}, unknown))).toBeUndefined();
  });

  it('by registry entry whose packages could not be read refuses package runners, and only them', () => {
    const unknown: Record<string, PackagesOf> = {
      'io.github.acme/*': { known: false, registryUrl: 'https://registry.acme.example', why: 'it timed out' },
    };
    const rule = { registry: 'io.github.acme/*' };
    const runner = stdio('uvx', ['anything']);
    expect(deniedBy(rule, runner, manual, facts(runner, {}, unknown))).toBe(
      "your organization's policy denies registry servers under io.github.acme, and which packages that is could not be read from https://registry.acme.example (it timed out): until it can, servers that run a package runner (uvx) are refused",
    );
    const plain = stdio('/opt/acme/bin/mcp');
    expect(deniedBy(rule, plain, manual, facts(plain, {}, unknown))).toBeUndefined();
    const far = remote('https://mcp.acme.example/tool');
    expect(deniedBy(rule, far, manual, facts(far, {}, unknown))).toBeUndefined();
  });
});

describe('policyVerdict', () => {
  const acme = policy({
    registryUrl: 'https://registry.acme.example/',
    allowedServers: [
      { registry: 'io.github.acme/*' },
      { command: 'uvx', args: ['acme-mcp'] },
      { url: 'https://mcp.acme.com' },
    ],
    deniedServers: [{ registry: 'io.github.acme/legacy' }, { url: 'https://mcp.acme.com/admin' }],
  });
  const acmeRegistry = (name: string) => fromRegistry(name, 'https://registry.acme.example');
  const verdict = (
    p: ManagedPolicy,
    server: ServerConfig,
    origin: ServerOrigin,
    launch: Partial<LaunchFacts> = {},
  ) => policyVerdict(p, server, origin, facts(server, launch));

  it('allows what an allow rule matches', () => {
    expect(verdict(acme, stdio('npx'), acmeRegistry('io.github.acme/tool'))).toEqual({ allowed: true });
    expect(verdict(acme, stdio('uvx', ['acme-mcp']), manual)).toEqual({ allowed: true });
    expect(verdict(acme, remote('https://mcp.acme.com/mcp'), { kind: 'link', format: 'cursor' })).toEqual({
      allowed: true,
    });
  });

  it('deny wins over allow, naming the rule as written', () => {
    expect(verdict(acme, stdio('npx'), acmeRegistry('io.github.acme/legacy'))).toEqual({
      allowed: false,
      rule: 'deniedServers[0] {"registry":"io.github.acme/legacy"}',
      reason: "your organization's policy denies the registry server io.github.acme/legacy",
    });
    expect(verdict(acme, remote('https://mcp.acme.com/admin/mcp'), manual)).toEqual({
      allowed: false,
      rule: 'deniedServers[1] {"url":"https://mcp.acme.com/admin"}',
      reason: "your organization's policy denies servers at https://mcp.acme.com/admin",
    });
  });

  it('with an allow-list, anything not matched is refused, saying what its command really is here', () => {
    expect(verdict(acme, stdio('npx', ['-y', 'x']), manual)).toEqual({
      allowed: false,
      rule: 'allowedServers',
      reason:
        "your organization's policy allows only the servers it lists, and this one (command npx, which is /usr/bin/npx here) matches none of them",
    });
    expect(verdict(acme, stdio('/tmp/uvx', ['acme-mcp'], { cwd: '/tmp' }), manual)).toMatchObject({
      reason: expect.stringContaining('(command /tmp/uvx, started in /tmp)'),
    });
    expect(verdict(acme, stdio('uvx', ['acme-mcp']), manual, { realProgram: undefined })).toMatchObject({
      reason: expect.stringContaining('(command uvx, not found on the PATH Switchboard starts servers with)'),
    });
    expect(verdict(policy({ allowedServers: [] }), stdio('uvx'), manual)).toEqual({
      allowed: false,
      rule: 'allowedServers []',
      reason: "your organization's policy allows no servers",
    });
  });

  it('issue 47, item 2: under an allow-list, env that changes what runs is refused unless the rule names it', () => {
    const rules = policy({
      allowedServers: [
        { command: 'node', args: ['/opt/acme/server.mjs'] },
        { command: 'uvx', args: ['acme-mcp'], env: ['UV_INDEX_URL', 'path'] },
        { registry: 'io.github.acme/*' },
      ],
    });
    const evil = stdio('node', ['/opt/acme/server.mjs'], {
      env: { NODE_OPTIONS: '--require /tmp/evil.cjs', LD_PRELOAD: '/tmp/evil.so', MODE: 'fast' },
    });
    expect(verdict(rules, evil, manual)).toEqual({
      allowed: false,
      rule: 'allowedServers[0] {"command":"node","args":["/opt/acme/server.mjs"]}',
      reason:
        "your organization's policy allows the command node with the arguments /opt/acme/server.mjs, but not with NODE_OPTIONS, LD_PRELOAD set in its environment: these change what runs or where its packages come from, and the rule does not name them",
    });
    const secret = stdio('node', ['/opt/acme/server.mjs'], {
      env: { npm_config_registry: { $secret: 'x' } },
    });
    expect(verdict(rules, secret, manual)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('npm_config_registry'),
    });
    const named = stdio('uvx', ['acme-mcp'], {
      env: { UV_INDEX_URL: 'https://pypi.acme.example', PATH: '/opt/bin' },
    });
    expect(verdict(rules, named, manual)).toEqual({ allowed: true });
    const installed = stdio('npx', ['-y', '@acme/tool@1'], {
      env: { NPM_CONFIG_REGISTRY: 'http://evil.example' },
    });
    expect(verdict(rules, installed, fromRegistry('io.github.acme/tool'))).toMatchObject({
      allowed: false,
      rule: 'allowedServers[2] {"registry":"io.github.acme/*"}',
    });
    // A deny-list alone judges no env.
    expect(verdict(policy({ deniedServers: [{ command: 'uvx' }] }), evil, manual)).toEqual({ allowed: true });
  });

  it('a rule\'s "env" may name a family by its prefix (NPM_CONFIG_*)', () => {
    const rules = policy({ allowedServers: [{ command: 'npx', env: ['NPM_CONFIG_*', 'Path'] }] });
    const server = stdio('npx', ['-y', 'x'], {
      env: {
        npm_config_registry: 'https://npm.acme.example',
        NPM_CONFIG_CAFILE: '/etc/acme.pem',
        PATH: '/x',
      },
    });
    expect(verdict(rules, server, manual)).toEqual({ allowed: true });
    const more = stdio('npx', ['-y', 'x'], { env: { NPM_CONFIGX: '1', NODE_OPTIONS: '-r x' } });
    expect(verdict(rules, more, manual)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('not with NODE_OPTIONS set in its environment'),
    });
  });

  it('onlyListedEnv: a server sets only what its rule names, secrets and harmless names included', () => {
    const strict = policy({
      onlyListedEnv: true,
      allowedServers: [
        { command: 'node', args: ['/opt/acme/server.mjs'], env: ['API_KEY', 'ACME_*'] },
        { registry: 'io.github.acme/*' },
      ],
    });
    const listed = stdio('node', ['/opt/acme/server.mjs'], {
      env: { API_KEY: { $secret: 'k' }, ACME_REGION: 'eu', acme_zone: 'b' },
    });
    expect(verdict(strict, listed, manual)).toEqual({ allowed: true });
    expect(verdict(strict, stdio('node', ['/opt/acme/server.mjs']), manual)).toEqual({ allowed: true });
    const unlisted = stdio('node', ['/opt/acme/server.mjs'], {
      env: { API_KEY: 'k', OTHER_KEY: { $secret: 'o' }, LOG_LEVEL: 'debug', ACME: 'x' },
    });
    expect(verdict(strict, unlisted, manual)).toEqual({
      allowed: false,
      rule: 'allowedServers[0] {"command":"node","args":["/opt/acme/server.mjs"],"env":["API_KEY","ACME_*"]}',
      reason:
        "your organization's policy allows the command node with the arguments /opt/acme/server.mjs only with the environment variables the rule names (onlyListedEnv), and this one also sets OTHER_KEY, LOG_LEVEL, ACME",
    });
    const installed = stdio('npx', ['-y', '@acme/tool@1'], { env: { API_KEY: 'k' } });
    expect(verdict(strict, installed, fromRegistry('io.github.acme/tool'))).toEqual({
      allowed: false,
      rule: 'allowedServers[1] {"registry":"io.github.acme/*"}',
      reason:
        "your organization's policy allows registry servers under io.github.acme only with the environment variables the rule names (onlyListedEnv), and this one also sets API_KEY",
    });
    // Without it, the same server is judged by the list of names that change what runs.
    const loose = policy({ allowedServers: [{ command: 'node', args: ['/opt/acme/server.mjs'] }] });
    expect(verdict(loose, unlisted, manual)).toEqual({ allowed: true });
  });

  it('a registry server from another registry than the fixed one is refused', () => {
    expect(
      verdict(acme, stdio('npx'), fromRegistry('io.github.acme/tool', 'https://registry.other.example')),
    ).toEqual({
      allowed: false,
      rule: 'registryUrl "https://registry.acme.example/"',
      reason:
        "your organization's policy allows registry servers only from https://registry.acme.example/, and this one comes from https://registry.other.example",
    });
  });

  it('the fixed registry is compared as the network sees its host (a final dot, case, default port)', () => {
    for (const url of ['https://REGISTRY.acme.example.', 'https://registry.acme.example.:443/'])
      expect(verdict(acme, stdio('npx'), fromRegistry('io.github.acme/tool', url))).toEqual({
        allowed: true,
      });
  });

  it('registryOnly refuses whatever the host did not install from the registry, and allows what it did', () => {
    const only = policy({ registryOnly: true });
    const origins: [ServerOrigin, string][] = [
      [manual, 'added by hand, imported, or changed since it was installed'],
      [{ kind: 'link', format: 'goose' }, 'added from an install link'],
      [{ kind: 'bundle' }, 'added from a bundle'],
    ];
    for (const [origin, how] of origins) {
      expect(verdict(only, stdio('npx'), origin)).toEqual({
        allowed: false,
        rule: 'registryOnly true',
        reason: `your organization's policy allows only servers installed from the registry (https://registry.modelcontextprotocol.io), and this one was ${how}`,
      });
    }
    expect(verdict(only, stdio('npx'), fromRegistry('io.github.x/y'))).toEqual({ allowed: true });
    expect(
      verdict(
        only,
        stdio('npx'),
        fromRegistry('io.github.x/y', 'https://REGISTRY.modelcontextprotocol.io./'),
      ),
    ).toEqual({ allowed: true });
  });

  it('second attack run, finding 4: without a registryUrl, only the official registry’s names are believed', () => {
    const other = fromRegistry('io.github.acme/helper', 'http://127.0.0.1:4010');
    const notBelieved =
      "installed from http://127.0.0.1:4010, which your organization's policy does not name: only the official registry's names are believed";
    expect(verdict(policy({ registryOnly: true }), stdio('npx'), other)).toEqual({
      allowed: false,
      rule: 'registryOnly true',
      reason: `your organization's policy allows only servers installed from the registry (https://registry.modelcontextprotocol.io), and this one was ${notBelieved}`,
    });
    const byName = policy({ allowedServers: [{ registry: 'io.github.acme/*' }] });
    expect(verdict(byName, stdio('npx'), other)).toEqual({
      allowed: false,
      rule: 'allowedServers',
      reason: `your organization's policy allows only the servers it lists, and this one (registry server io.github.acme/helper, ${notBelieved}) matches none of them`,
    });
    expect(verdict(byName, stdio('npx'), fromRegistry('io.github.acme/helper'))).toEqual({ allowed: true });
    // A rule by command still allows what it names, wherever the server came from.
    expect(verdict(policy({ allowedServers: [{ command: 'npx' }] }), stdio('npx'), other)).toEqual({
      allowed: true,
    });
    // A deny rule matches the name whatever registry said it.
    expect(
      verdict(policy({ deniedServers: [{ registry: 'io.github.acme/*' }] }), stdio('npx'), other),
    ).toEqual({
      allowed: false,
      rule: 'deniedServers[0] {"registry":"io.github.acme/*"}',
      reason: "your organization's policy denies registry servers under io.github.acme",
    });
  });

  it('an empty policy allows everything; a deny-list alone refuses only what it names', () => {
    expect(verdict(policy({}), stdio('anything'), manual)).toEqual({ allowed: true });
    const denyNpx = policy({ deniedServers: [{ command: 'npx' }] });
    expect(verdict(denyNpx, stdio('uvx'), manual)).toEqual({ allowed: true });
    expect(verdict(denyNpx, stdio('/usr/bin/npx'), manual).allowed).toBe(false);
  });
});
