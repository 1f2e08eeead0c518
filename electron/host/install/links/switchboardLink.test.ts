import { describe, expect, it } from 'vitest';
import { parseConfig, serverToRaw } from '../../config/serverConfig';
import { parseInstallLink } from './installLink';
import type { LinkInstall } from './linkTypes';
import { MAX_LINK_SERVERS, switchboardInstallLink } from './switchboardLink';

function install(link: string, from?: string): LinkInstall {
  const result = parseInstallLink(link, from !== undefined ? { from } : {});
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.preview.install;
}
function refusal(link: string): string {
  const result = parseInstallLink(link);
  if (result.ok) throw new Error('accepted');
  return result.error;
}
const servers = (link: string) => {
  const i = install(link);
  if (i.kind !== 'servers') throw new Error('not servers');
  return i.servers;
};

const file = parseConfig({
  mcpServers: {
    fetch: { command: 'uvx', args: ['mcp-server-fetch'], env: { LOG_LEVEL: 'debug' }, cwd: '/srv/fetch' },
    docs: {
      url: 'https://learn.microsoft.com/api/mcp',
      type: 'http',
      headers: { 'X-Team': 'blue' },
      requestTimeoutMs: 120_000,
    },
    sse: {
      url: 'https://mcp.example/sse',
      type: 'sse',
      protocol: 'legacy',
      oauth: { clientId: 'switchboard' },
    },
    'name with spaces ✓': { command: 'node', args: ['server.js', '--flag=a b', 'ü'] },
  },
});

describe('switchboard://install links', () => {
  it('round trips each server of a config, one per link, to the same config', () => {
    expect(file.invalid).toEqual([]);
    for (const config of file.servers) {
      const link = switchboardInstallLink({ name: config.name, entry: serverToRaw(config) });
      expect(link).toMatch(/^switchboard:\/\/install\?name=[^&]+&config=[A-Za-z0-9_-]+$/);
      const [server] = servers(link);
      expect(server!.config).toEqual(config);
      expect(server!.secretLooking).toEqual([]);
    }
  });

  it("round trips several servers in one link, the caller's origin passed through", () => {
    const entries = Object.fromEntries(file.servers.map((s) => [s.name, serverToRaw(s)]));
    const link = switchboardInstallLink({ servers: entries });
    const result = parseInstallLink(link, { from: 'https://servers.example.com/catalog' });
    expect(result.ok && result.preview.origin).toEqual({
      format: 'switchboard',
      app: 'Switchboard',
      from: 'https://servers.example.com/catalog',
    });
    expect(servers(link).map((s) => s.config)).toEqual(file.servers);
  });

  it('round trips a registry server by name and version', () => {
    const link = switchboardInstallLink({
      registry: 'io.github.modelcontextprotocol/server-everything',
      version: '1.2.0-beta.1+b5',
    });
    expect(install(link)).toEqual({
      kind: 'registry',
      name: 'io.github.modelcontextprotocol/server-everything',
      version: '1.2.0-beta.1+b5',
    });
    expect(install(switchboardInstallLink({ registry: 'com.example/tool' }))).toEqual({
      kind: 'registry',
      name: 'com.example/tool',
    });
  });

  it('reads standard base64 as well', () => {
    const config = Buffer.from(JSON.stringify({ command: 'npx', args: ['-y', 'a'] })).toString('base64');
    expect(
      servers(`switchboard://install?name=a&config=${encodeURIComponent(config)}`)[0]!.config,
    ).toMatchObject({ command: 'npx' });
  });

  it('refuses what its three forms do not allow', () => {
    const entry = Buffer.from('{"command":"npx"}').toString('base64url');
    expect(refusal(`switchboard://install?name=a&config=${entry}&from=evil`)).toMatch(
      /parameters it never takes: from/,
    );
    expect(refusal('switchboard://install?name=a')).toMatch(/neither "config" nor "registry"/);
    expect(refusal(`switchboard://install?registry=a.b/c&config=${entry}`)).toMatch(
      /registry server and also gives a config/,
    );
    expect(refusal('switchboard://install?registry=not-a-name')).toMatch(/is not a registry server name/);
    expect(refusal('switchboard://install?registry=a.b/c&version=1%200')).toMatch(/"1 0" is not a version/);
    expect(refusal('switchboard://install?version=1.0.0')).toMatch(/version but no registry server/);
    expect(refusal(`switchboard://install?config=${entry}`)).toMatch(/config must be \{"mcpServers"/);
    expect(
      refusal(`switchboard://install?config=${Buffer.from('{"mcpServers":{}}').toString('base64url')}`),
    ).toMatch(/no servers/);
    expect(refusal(`switchboard://uninstall?name=a&config=${entry}`)).toMatch(
      /only as switchboard:\/\/install/,
    );
    const many = Object.fromEntries(
      Array.from({ length: MAX_LINK_SERVERS + 1 }, (_, i) => [`s${i}`, { command: 'npx' }]),
    );
    expect(refusal(switchboardInstallLink({ servers: many }))).toMatch(/holds 21 servers; at most 20/);
    expect(
      refusal(switchboardInstallLink({ servers: { a: { command: 'x' }, ' a ': { command: 'y' } } })),
    ).toMatch(/names two servers "a"/);
  });

  it("never brings a stored secret: a reference is refused, a plain client secret is parseConfig's refusal", () => {
    expect(
      refusal(
        switchboardInstallLink({
          name: 'a',
          entry: { url: 'https://a.example', oauth: { clientId: 'c', clientSecret: { $secret: 'x' } } },
        }),
      ),
    ).toMatch(/refers to a stored secret/);
    expect(
      refusal(
        switchboardInstallLink({
          name: 'a',
          entry: { url: 'https://a.example', oauth: { clientId: 'c', clientSecret: 'shh' } },
        }),
      ),
    ).toMatch(/oauth\.clientSecret: must be a secret reference/);
  });
});
