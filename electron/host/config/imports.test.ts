import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { Host } from '../host';
import { defaultImportPath, planImport } from './imports';
import { applyImport, draftOf, saveDraft } from './serverEditor';

const samples = path.join(__dirname, '../../../e2e/fixtures/imports');
let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-import-',
  (dir) => {
    home = dir;
    host = undefined;
  },
  () => host?.shutdown() ?? Promise.resolve(),
);
const config = async () => JSON.parse(await readFile(path.join(home, 'config.json'), 'utf8'));

describe('imports', () => {
  it('knows where each app keeps its servers', () => {
    const env = { HOME: '/home/ada', APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' };
    expect(defaultImportPath('claude-desktop', env, 'darwin')).toBe(
      '/home/ada/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(defaultImportPath('claude-desktop', env, 'linux')).toBe(
      '/home/ada/.config/Claude/claude_desktop_config.json',
    );
    expect(defaultImportPath('claude-desktop', env, 'win32')).toContain(
      path.join('Claude', 'claude_desktop_config.json'),
    );
    expect(defaultImportPath('cursor', env, 'linux')).toBe('/home/ada/.cursor/mcp.json');
    expect(defaultImportPath('vscode', env, 'linux')).toBe('/home/ada/.config/Code/User/mcp.json');
  });

  it('flags a server that runs the same as one already configured under another name', async () => {
    const plan = await planImport('claude-desktop', path.join(samples, 'claude_desktop_config.json'), {
      gh: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
      other: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
    });
    expect(plan.preview.servers.map((s) => [s.name, s.exists, s.sameAs])).toEqual([
      ['filesystem', false, undefined],
      ['github', false, 'gh'],
    ]);
  });

  it('Claude Desktop: a preview first, without secret values; applying moves found secrets to the store', async () => {
    host = await Host.create({ home });
    await host.registry.upsert('filesystem', { url: 'http://127.0.0.1:9/mcp' });
    const plan = await planImport(
      'claude-desktop',
      path.join(samples, 'claude_desktop_config.json'),
      host.registry.configuredServers(),
    );
    expect(plan.preview.servers.map((s) => [s.name, s.exists])).toEqual([
      ['filesystem', true],
      ['github', false],
    ]);
    expect(plan.preview.warnings).toEqual([
      'broken skipped: claude-desktop.broken.command: must be a non-empty string',
    ]);
    expect(plan.preview.servers[1]!.secrets).toEqual([
      {
        id: 'github/env/GITHUB_PERSONAL_ACCESS_TOKEN@npx',
        server: 'github',
        field: 'env',
        name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
        origin: 'found',
      },
    ]);
    expect(JSON.stringify(plan.preview)).not.toContain('ghp_importcanary');
    expect((await config()).mcpServers.github).toBeUndefined(); // nothing written by previewing

    await applyImport(plan, { servers: ['github'], inputs: {} }, host.registry, host.secrets);
    const saved = (await config()).mcpServers;
    expect(saved.github.env).toEqual({
      GITHUB_PERSONAL_ACCESS_TOKEN: { $secret: 'github/env/GITHUB_PERSONAL_ACCESS_TOKEN@npx' },
      LOG_LEVEL: 'info',
    });
    expect(saved.filesystem.url).toBe('http://127.0.0.1:9/mcp'); // not selected: untouched
    expect(JSON.stringify(saved)).not.toContain('ghp_importcanary');
    expect(await host.secrets.get('github/env/GITHUB_PERSONAL_ACCESS_TOKEN@npx')).toBe(
      'ghp_importcanary0123456789',
    );
  });

  it('Cursor: remote servers with headers; unexpanded variables are named in a warning', async () => {
    const plan = await planImport('cursor', path.join(samples, 'cursor-mcp.json'), {});
    expect(plan.preview.servers.map((s) => s.target)).toEqual([
      'https://mcp.linear.example/sse',
      'uvx mcp-server-time',
    ]);
    expect(plan.preview.servers[0]!.secrets.map((s) => [s.field, s.name, s.origin])).toEqual([
      ['headers', 'Authorization', 'found'],
    ]);
    expect(plan.preview.servers[1]!.warnings).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal variable syntax of the imported file
      'env TZ_DIR uses ${env:HOME}, which Switchboard does not expand: edit it after import',
    ]);
  });

  it("VS Code: a server's sandbox (sandboxEnabled, sandbox) carries over as written", async () => {
    host = await Host.create({ home });
    const file = path.join(home, 'mcp.json');
    const sandbox = {
      filesystem: { allowWrite: ['~/notes'], denyRead: ['~/private'] },
      network: { allowedDomains: ['api.acme.com'], deniedDomains: [] },
    };
    await writeFile(
      file,
      JSON.stringify({
        servers: {
          files: {
            type: 'stdio',
            command: 'npx',
            args: ['-y', '@acme/files'],
            sandboxEnabled: true,
            sandbox,
          },
        },
      }),
    );
    const plan = await planImport('vscode', file, {});
    expect(plan.preview.servers[0]).toMatchObject({ name: 'files', warnings: [] });
    await applyImport(plan, { servers: ['files'], inputs: {} }, host.registry, host.secrets);
    expect((await config()).mcpServers.files).toMatchObject({ sandboxEnabled: true, sandbox });
    expect(host.registry.configOf('files')).toMatchObject({ sandboxEnabled: true, sandbox });
  });

  it('VS Code: JSONC read, inputs become secret prompts, the typed values are stored', async () => {
    host = await Host.create({ home });
    const plan = await planImport('vscode', path.join(samples, 'vscode-mcp.json'), {});
    const [github, weather] = plan.preview.servers;
    expect(github!.secrets[0]).toMatchObject({
      origin: 'input',
      description: 'GitHub Personal Access Token',
      inputIds: ['gh-token'],
    });
    expect(github!.warnings).toEqual(['envFile is not supported: add those variables to env after import']);
    expect(weather!.secrets[0]).toMatchObject({
      field: 'headers',
      name: 'Authorization',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's input syntax, kept as the template
      template: 'Bearer ${input:api-key}',
    });
    await expect(
      applyImport(
        plan,
        {
          servers: ['github', 'weather'],
          inputs: { 'github/env/GITHUB_PERSONAL_ACCESS_TOKEN@docker': { 'gh-token': 'ghp_x' } },
        },
        host.registry,
        host.secrets,
      ),
    ).rejects.toThrow(/weather: enter a value for "Weather API key"/);
    expect(await host.secrets.values()).toEqual([]); // nothing half-written

    await applyImport(
      plan,
      {
        servers: ['github', 'weather'],
        inputs: {
          'github/env/GITHUB_PERSONAL_ACCESS_TOKEN@docker': { 'gh-token': 'ghp_typed' },
          'weather/headers/Authorization@https://weather.example': { 'api-key': 'wk-typed' },
        },
      },
      host.registry,
      host.secrets,
    );
    const saved = (await config()).mcpServers;
    expect(saved.github.type).toBeUndefined();
    expect(saved.weather).toMatchObject({
      type: 'http',
      headers: {
        Authorization: { $secret: 'weather/headers/Authorization@https://weather.example' },
        'X-Note': 'a,}',
      },
    });
    expect(await host.secrets.get('weather/headers/Authorization@https://weather.example')).toBe(
      'Bearer wk-typed',
    );
    expect(await host.secrets.get('github/env/GITHUB_PERSONAL_ACCESS_TOKEN@docker')).toBe('ghp_typed');
  });

  it('a file that cannot be read says so', async () => {
    await writeFile(path.join(home, 'bad.json'), '{');
    await expect(planImport('cursor', path.join(home, 'bad.json'), {})).rejects.toThrow(
      /Cannot import from .*bad\.json/,
    );
  });
});

describe('editing a server with secret values', () => {
  it('secret values go to the store, the file keeps references, the form never gets them back', async () => {
    host = await Host.create({ home });
    await saveDraft(
      'api',
      {
        kind: 'stdio',
        command: 'node',
        args: ['server.js'],
        env: { API_KEY: { value: 'k-secret-1', secret: true }, MODE: { value: 'fast' } },
      },
      host.registry,
      host.secrets,
    );
    expect((await config()).mcpServers.api.env).toEqual({
      API_KEY: { $secret: 'api/env/API_KEY@node' },
      MODE: 'fast',
    });
    const draft = draftOf(host.registry.configOf('api')!);
    expect(draft).toMatchObject({ env: { API_KEY: { secret: true, keep: true }, MODE: { value: 'fast' } } });
    expect(JSON.stringify(draft)).not.toContain('k-secret-1');

    // Keep the secret, change something else; then un-mark it: the stored secret is deleted.
    await saveDraft(
      'api',
      { ...draft, args: ['server.js', '--v2'] } as typeof draft,
      host.registry,
      host.secrets,
    );
    expect(await host.secrets.get('api/env/API_KEY@node')).toBe('k-secret-1');
    await saveDraft(
      'api',
      { kind: 'stdio', command: 'node', args: [], env: { API_KEY: { value: 'now-plain' } } },
      host.registry,
      host.secrets,
    );
    expect(await host.secrets.get('api/env/API_KEY@node')).toBeUndefined();
    await expect(
      saveDraft(
        'api',
        { kind: 'stdio', command: 'node', args: [], env: { API_KEY: { secret: true, keep: true } } },
        host.registry,
        host.secrets,
      ),
    ).rejects.toThrow(/no stored secret to keep/);
  });
});
