import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../../e2e/fixtures/registry/fixtureServer';
import { parseConfig } from '../../config/serverConfig';
import { secretRefProblem } from '../../secrets/secretStore';
import { buildDraft, type InstallDraft, suggestedServerName } from './buildDraft';
import type { InstallValues } from './inputResolver';
import { readOrigin } from './registryOrigin';
import type { ServerJson } from './serverJson';

const REGISTRY = 'https://registry.modelcontextprotocol.io';

function draft(server: ServerJson, choice: string, values: InstallValues = {}, name?: string): InstallDraft {
  return buildDraft({ server, registryUrl: REGISTRY }, choice, values, {
    name: name ?? suggestedServerName(server),
  });
}

function ok(result: InstallDraft) {
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  if (result.kind !== 'server') throw new Error('a bundle');
  return result;
}

const problems = (result: InstallDraft) => (result.ok ? [] : result.problems);

describe('buildDraft: packages', () => {
  const airtable = () => fixtureServer('upstream/seed/seed.json', 1);

  it('npm: npx -y id@version, the secret as a reference bound to npx, its value apart, the origin kept', () => {
    const result = ok(
      draft(airtable(), 'packages/0', { 'packages/0/environmentVariables/0': 'pat123.abc123' }),
    );
    const id = 'airtable-mcp-server/env/AIRTABLE_API_KEY@npx';
    expect(result.config).toMatchObject({
      name: 'airtable-mcp-server',
      kind: 'stdio',
      disabled: false,
      command: 'npx',
      args: ['-y', 'airtable-mcp-server@1.7.3'],
      env: { AIRTABLE_API_KEY: { $secret: id } },
    });
    expect(result.secrets).toEqual({ [id]: 'pat123.abc123' });
    expect(result.runtime).toBe('npx');
    expect(result.origin).toEqual({
      registryUrl: REGISTRY,
      name: 'io.github.domdomegg/airtable-mcp-server',
      version: '1.7.3',
      choice: 'packages/0',
    });
    // What config.json would hold: no secret value, the origin, and it reads back as the same server.
    expect(JSON.stringify(result.config.raw)).not.toContain('pat123');
    expect(readOrigin(result.config.raw)).toEqual(result.origin);
    expect(parseConfig({ mcpServers: { [result.config.name]: result.config.raw } }).servers).toEqual([
      result.config,
    ]);
    // The reference resolves where the host resolves secrets: its own server, field and program.
    expect(
      secretRefProblem(
        'airtable-mcp-server',
        'env',
        'AIRTABLE_API_KEY',
        { $secret: id },
        {
          kind: 'stdio',
          command: 'npx',
        },
      ),
    ).toBeUndefined();
  });

  it('says which required value is missing, and builds nothing', () => {
    expect(draft(airtable(), 'packages/0')).toEqual({
      ok: false,
      problems: [
        {
          field: 'packages/0/environmentVariables/0',
          message: expect.stringMatching(
            /^environment variable AIRTABLE_API_KEY is required \(Airtable personal/,
          ),
        },
      ],
    });
  });

  it('oci: docker run -i --rm, env handed in by name, the pinned image', () => {
    const result = ok(
      draft(airtable(), 'packages/1', { 'packages/1/environmentVariables/0': 'pat' }, 'airtable'),
    );
    expect(result.config).toMatchObject({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'AIRTABLE_API_KEY', 'docker.io/domdomegg/airtable-mcp-server:1.7.3'],
      env: { AIRTABLE_API_KEY: { $secret: 'airtable/env/AIRTABLE_API_KEY@docker' } },
    });
  });

  it('oci: runtime arguments with variables, a package argument, an env default', () => {
    const server = fixtureServer('upstream/docs/filesystem.json');
    expect(problems(draft(server, 'packages/1'))).toEqual([
      {
        field: 'packages/1/runtimeArguments/0/variables/source_path',
        message: 'argument source_path is required (Source path on host)',
      },
    ]);
    const result = ok(
      draft(server, 'packages/1', {
        'packages/1/runtimeArguments/0/variables/source_path': '/home/me/project',
      }),
    );
    expect(result.config).toMatchObject({
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--mount',
        'type=bind,src=/home/me/project,dst=/project',
        '-e',
        'LOG_LEVEL',
        'docker.io/mcp/filesystem:1.0.2',
        '/project',
      ],
      env: { LOG_LEVEL: 'info' },
    });
    expect(result.secrets).toEqual({});
  });

  it('oci: an image named apart from its version is pinned to it', () => {
    const server = fixtureServer('upstream/docs/filesystem.json');
    server.packages![1]!.identifier = 'mcp/filesystem';
    server.packages![1]!.version = '1.0.2';
    const result = ok(
      draft(server, 'packages/1', { 'packages/1/runtimeArguments/0/variables/source_path': '/src' }),
    );
    expect(result.config.kind === 'stdio' && result.config.args).toContain('mcp/filesystem:1.0.2');
  });

  it('named and positional arguments, choices, numbers, secrets and defaults, all checked', () => {
    const server = fixtureServer('upstream/docs/database-manager.json');
    // As documented it runs with `--network host`, which is refused (installChoices.test); a network
    // of Docker's own is not.
    server.packages![0]!.runtimeArguments![0]!.value = 'bridge';
    const values = {
      'packages/0/runtimeArguments/1/variables/db_type': 'postgres',
      'packages/0/packageArguments/1': '5432',
      'packages/0/packageArguments/2': 'inventory',
      'packages/0/environmentVariables/0': 'app',
      'packages/0/environmentVariables/1': 'p@ss;$word',
    };
    const result = ok(draft(server, 'packages/0', values, 'db'));
    expect(result.config).toMatchObject({
      args: [
        'run',
        '-i',
        '--rm',
        '--network',
        'bridge',
        '-e',
        'DB_TYPE=postgres',
        '-e',
        'DB_USERNAME',
        '-e',
        'DB_PASSWORD',
        '-e',
        'SSL_MODE',
        'docker.io/example/database-manager-mcp:3.1.0',
        '--host',
        'localhost',
        '--port',
        '5432',
        'inventory',
      ],
      env: { DB_USERNAME: 'app', DB_PASSWORD: { $secret: 'db/env/DB_PASSWORD@docker' }, SSL_MODE: 'prefer' },
    });
    // A secret may hold any punctuation: it never reaches a command line.
    expect(result.secrets).toEqual({ 'db/env/DB_PASSWORD@docker': 'p@ss;$word' });

    const wrong = draft(server, 'packages/0', {
      ...values,
      'packages/0/runtimeArguments/1/variables/db_type': 'oracle',
      'packages/0/packageArguments/1': 'five',
      'packages/0/environmentVariables/2': 'sometimes',
      'packages/0/environmentVariables/0': 'app\nX=1',
    });
    expect(problems(wrong).map((p) => p.message)).toEqual([
      'argument db_type must be one of postgres, mysql, mongodb, redis (not "oracle")',
      'environment variable DB_USERNAME holds a line break or another control character',
      'environment variable SSL_MODE must be one of disable, prefer, require (not "sometimes")',
      'argument --port must be a number (not "five")',
    ]);
  });

  it('refuses a typed value that starts with "-" or carries shell characters, naming the field', () => {
    const server = fixtureServer('upstream/examples/valid/with-package.json');
    const base = { 'packages/0/environmentVariables/0': 'k' };
    expect(
      problems(draft(server, 'packages/0', { ...base, 'packages/0/packageArguments/0': '--inspect' })),
    ).toEqual([
      {
        field: 'packages/0/packageArguments/0',
        message:
          'argument config_path starts with "-", so the program would read it as an option ("--inspect")',
      },
    ]);
    expect(
      problems(
        draft(server, 'packages/0', { ...base, 'packages/0/packageArguments/0': 'a.json; rm -rf ~' }),
      )[0],
    ).toEqual({
      field: 'packages/0/packageArguments/0',
      message: 'argument config_path holds the shell character ";" ("a.json; rm -rf ~")',
    });
    const variable = fixtureServer('upstream/docs/filesystem.json');
    expect(
      problems(
        draft(variable, 'packages/1', { 'packages/1/runtimeArguments/0/variables/source_path': '/a`id`' }),
      )[0]?.message,
    ).toBe('argument source_path holds the shell character "`" ("/a`id`")');
    // An optional positional left empty is left out; the fixed named one stays.
    const result = ok(draft(server, 'packages/0', base));
    expect(result.config.kind === 'stdio' && result.config.args).toEqual([
      '-y',
      '@modelcontextprotocol/server-weather@1.0.0',
      '--port',
      '8080',
    ]);
    const withPath = ok(
      draft(server, 'packages/0', { ...base, 'packages/0/packageArguments/0': '/home/me/w.json' }),
    );
    expect(withPath.config.kind === 'stdio' && withPath.config.args).toEqual([
      '-y',
      '@modelcontextprotocol/server-weather@1.0.0',
      '/home/me/w.json',
      '--port',
      '8080',
    ]);
  });

  it('a repeated argument takes several values; one that is not repeated takes one', () => {
    const server = fixtureServer('upstream/docs/filesystem.json');
    const two = ok(draft(server, 'packages/0', { 'packages/0/packageArguments/0': ['/a', '/b'] }));
    expect(two.config.kind === 'stdio' && two.config.args).toEqual([
      '-y',
      '@modelcontextprotocol/server-filesystem@1.0.2',
      '/a',
      '/b',
    ]);
    const byDefault = ok(draft(server, 'packages/0'));
    expect(byDefault.config.kind === 'stdio' && byDefault.config.args.at(-1)).toBe('/Users/username/Desktop');
    expect(
      problems(draft(server, 'packages/0', { 'packages/0/environmentVariables/0': ['a', 'b'] })),
    ).toEqual([
      {
        field: 'packages/0/environmentVariables/0',
        message: 'environment variable LOG_LEVEL takes one value, not 2',
      },
    ]);
  });

  it('pypi with uvx id==version (a runtime hint for python ignored), nuget with dnx, fixed arguments after --', () => {
    const pypi = ok(draft(fixtureServer('upstream/seed/seed.json', 3), 'packages/0'));
    expect(pypi.config).toMatchObject({ command: 'uvx', args: ['time-mcp-pypi==1.0.6'] });
    const nuget = ok(draft(fixtureServer('upstream/docs/knapcode-0.4.0-beta.json'), 'packages/0'));
    expect(nuget.config).toMatchObject({
      name: 'knapcode-samplemcpserver',
      command: 'dnx',
      args: ['Knapcode.SampleMcpServer@0.4.0-beta', '--yes', '--', 'mcp', 'start'],
    });
    const snyk = ok(draft(fixtureServer('upstream/docs/snyk.json'), 'packages/0'));
    expect(snyk.config).toMatchObject({
      command: 'npx',
      args: ['-y', 'snyk@1.1298.0', 'mcp', '-t', 'stdio'],
    });
  });

  it('mcpb: a bundle reference with its URL and SHA-256, for the bundle installer', () => {
    expect(draft(airtable(), 'packages/2', {}, 'airtable')).toEqual({
      ok: true,
      kind: 'bundle',
      bundle: {
        name: 'airtable',
        url: 'https://github.com/domdomegg/airtable-mcp-server/releases/download/v1.7.3/airtable-mcp-server.mcpb',
        fileSha256: '0f28a9129cfebd262dfb77854c872355d21401bb3e056575b3027081f5d570ca',
      },
      origin: expect.objectContaining({ version: '1.7.3', choice: 'packages/2' }),
    });
  });
});

describe('buildDraft: remotes', () => {
  it('streamable HTTP with a URL variable and a secret header bound to the origin', () => {
    const server = fixtureServer('upstream/examples/valid/with-remote.json');
    expect(problems(draft(server, 'remotes/0'))).toEqual([
      { field: 'remotes/0/headers/0', message: 'header Authorization is required' },
    ]);
    const result = ok(draft(server, 'remotes/0', { 'remotes/0/headers/0': 'Bearer t0k' }));
    const id = 'remote-weather/headers/Authorization@https://api.example.com';
    expect(result.config).toMatchObject({
      kind: 'remote',
      url: 'https://api.example.com/mcp',
      type: 'http',
      headers: { Authorization: { $secret: id } },
    });
    expect(result.secrets).toEqual({ [id]: 'Bearer t0k' });
    expect(result.runtime).toBeUndefined();
    expect(parseConfig({ mcpServers: { x: result.config.raw } }).invalid).toEqual([]);
    const moved = ok(
      draft(server, 'remotes/0', {
        'remotes/0/variables/host': 'eu.example.com',
        'remotes/0/headers/0': 't',
      }),
    );
    expect(moved.config).toMatchObject({ url: 'https://eu.example.com/mcp' });
    // What was chosen is recorded to keep through an update; the secret header is not.
    expect(moved.origin.values).toEqual([
      { key: 'remotes/0/variables/host', target: 'url', label: 'host', value: 'eu.example.com' },
    ]);
    expect(readOrigin(moved.config.raw)).toEqual(moved.origin);
    expect(JSON.stringify(moved.config.raw)).not.toContain('"t"');
    // A value equal to its default is not a choice: the next version's default will stand.
    expect(result.origin.values).toBeUndefined();
    expect(Object.keys(moved.secrets)).toEqual([
      'remote-weather/headers/Authorization@https://eu.example.com',
    ]);
    expect(
      problems(
        draft(server, 'remotes/0', { 'remotes/0/variables/host': 'evil host', 'remotes/0/headers/0': 't' }),
      ),
    ).toContainEqual({
      field: 'remotes/0/variables/host',
      message: 'URL variable host must not hold spaces or control characters',
    });
  });

  it('sse with variables, a header whose secret part is a variable, a header with choices', () => {
    const server = fixtureServer('ours/remote-variables.json');
    const result = ok(
      draft(server, 'remotes/0', {
        'remotes/0/variables/tenant': 'acme',
        'remotes/0/headers/0/variables/api_key': 'k-123',
      }),
    );
    const id = 'remote-variables/headers/Authorization@https://acme.search.example.com';
    expect(result.config).toMatchObject({
      kind: 'remote',
      type: 'sse',
      url: 'https://acme.search.example.com/sse',
      headers: { Authorization: { $secret: id }, 'X-Region': 'eu' },
    });
    expect(result.secrets).toEqual({ [id]: 'Bearer k-123' });
    expect(problems(draft(server, 'remotes/0', { 'remotes/0/variables/tenant': 'acme' }))).toEqual([
      { field: 'remotes/0/headers/0/variables/api_key', message: 'header api_key is required (API key)' },
    ]);
  });

  it('a URL that is not http(s), or plain http to another computer, once filled in', () => {
    const server = fixtureServer('ours/remote-variables.json');
    server.remotes![0]!.url = '{base}/sse';
    server.remotes![0]!.variables = { base: { isRequired: true } };
    const filled = (base: string) =>
      problems(
        draft(server, 'remotes/0', {
          'remotes/0/variables/base': base,
          'remotes/0/headers/0/variables/api_key': 'k',
        }),
      ).map((p) => p.message);
    expect(filled('file:///etc')).toEqual(['remotes/0: "file:///etc/sse" is not an http(s) URL']);
    expect(filled('http://mcp.example.com')).toEqual([
      'remotes/0: http://mcp.example.com/sse uses plain http to another computer; Switchboard installs only https remotes',
    ]);
    expect(filled('https://me:pw@mcp.example.com')).toEqual([
      'remotes/0: https://me:pw@mcp.example.com/sse holds a user name or password',
    ]);
    expect(filled('http://127.0.0.1:8080')).toEqual([]);
  });
});

describe('buildDraft: refusals', () => {
  it('an unavailable choice gives its reasons; an unknown one is named', () => {
    const hostile = fixtureServer('ours/hostile-identifier.json');
    expect(problems(draft(hostile, 'packages/0'))).toEqual([
      { message: expect.stringContaining('holds the shell character ";"') },
    ]);
    expect(problems(draft(hostile, 'remotes/3'))).toEqual([
      { message: 'io.github.fixture/hostile-identifier 1.0.0 has no install choice remotes/3' },
    ]);
  });

  it('an entry whose own version is not one concrete version', () => {
    const server = fixtureServer('upstream/docs/everything.json');
    server.version = 'latest';
    expect(problems(draft(server, 'packages/0'))).toEqual([
      {
        message:
          'The entry\'s version is "latest", not a version: the package is not pinned: install one concrete version',
      },
    ]);
  });

  it("a name config.json would refuse, by config.json's own rules", () => {
    const server = fixtureServer('upstream/docs/everything.json');
    expect(problems(draft(server, 'packages/0', {}, '  '))).toEqual([
      { message: 'mcpServers[""] a server needs a non-empty name' },
    ]);
    expect(suggestedServerName({ name: 'io.github.user/we ather!' })).toBe('we-ather-');
  });
});
