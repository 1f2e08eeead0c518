import { describe, expect, it } from 'vitest';
import { parseConfig, type ServerConfig } from '../../config/serverConfig';
import { type ManagedPolicy, type PolicyRule, parsePolicy } from './managedPolicy';
import { matches, policyVerdict, type ServerOrigin } from './policyVerdict';

const policy = (document: unknown): ManagedPolicy => {
  const parsed = parsePolicy(document);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.policy;
};
const stdio = (command: string, args: string[] = []): ServerConfig =>
  parseConfig({ mcpServers: { s: { command, args } } }).servers[0]!;
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

describe('matching one rule', () => {
  const table: [PolicyRule, ServerConfig, ServerOrigin, boolean][] = [
    // Registry names: exact, or a namespace with /*; ignoring case; only servers from the registry.
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), fromRegistry('io.github.acme/tool'), true],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), fromRegistry('io.github.Acme/Tool'), true],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), fromRegistry('io.github.acme/tool-2'), false],
    [{ registry: 'io.github.acme/*' }, stdio('npx'), fromRegistry('io.github.acme/anything'), true],
    [{ registry: 'io.github.acme/*' }, stdio('npx'), fromRegistry('io.github.acme-evil/x'), false],
    [{ registry: 'io.github.acme/*' }, stdio('npx'), fromRegistry('io.github.acmex/y'), false],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), manual, false],
    [{ registry: 'io.github.acme/tool' }, stdio('npx'), { kind: 'link', format: 'vscode' }, false],
    // Commands: a bare name is the basename anywhere (Windows extensions and case ignored) …
    [{ command: 'npx' }, stdio('npx'), manual, true],
    [{ command: 'npx' }, stdio('/usr/local/bin/npx'), manual, true],
    [{ command: 'npx' }, stdio('C:\\Program Files\\nodejs\\NPX.CMD'), manual, true],
    [{ command: 'npx.cmd' }, stdio('npx'), manual, true],
    [{ command: 'npx' }, stdio('npx-evil'), manual, false],
    [{ command: 'npx' }, stdio('/usr/bin/npx/../uvx'), manual, false],
    // … a path is that path (normalized; case ignored only for Windows drive paths) …
    [{ command: '/opt/acme/bin/mcp' }, stdio('/opt/acme/bin/mcp'), manual, true],
    [{ command: '/opt/acme/bin/mcp' }, stdio('/opt/acme/bin/../bin//mcp'), manual, true],
    [{ command: '/opt/acme/bin/mcp' }, stdio('/tmp/mcp'), manual, false],
    [{ command: '/opt/acme/bin/mcp' }, stdio('mcp'), manual, false],
    [{ command: '/opt/acme/bin/mcp' }, stdio('/OPT/acme/bin/mcp'), manual, false],
    [{ command: 'C:\\Tools\\mcp.exe' }, stdio('c:/tools/MCP.exe'), manual, true],
    // … with args, the server's arguments begin with them.
    [{ command: 'uvx', args: ['acme-mcp'] }, stdio('uvx', ['acme-mcp', '--port', '1']), manual, true],
    [{ command: 'uvx', args: ['acme-mcp'] }, stdio('uvx', ['other-mcp']), manual, false],
    [{ command: 'uvx', args: ['acme-mcp'] }, stdio('uvx'), manual, false],
    [{ command: 'uvx' }, remote('https://uvx.example'), manual, false],
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
  ];
  it.each(table)('%j, %j from %j → %s', (rule, server, origin, expected) => {
    expect(matches(rule, server, origin)).toBe(expected);
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

  it('allows what an allow rule matches', () => {
    expect(policyVerdict(acme, stdio('npx'), acmeRegistry('io.github.acme/tool'))).toEqual({ allowed: true });
    expect(policyVerdict(acme, stdio('uvx', ['acme-mcp']), manual)).toEqual({ allowed: true });
    expect(
      policyVerdict(acme, remote('https://mcp.acme.com/mcp'), { kind: 'link', format: 'cursor' }),
    ).toEqual({ allowed: true });
  });

  it('deny wins over allow, naming the rule as written', () => {
    expect(policyVerdict(acme, stdio('npx'), acmeRegistry('io.github.acme/legacy'))).toEqual({
      allowed: false,
      rule: 'deniedServers[0] {"registry":"io.github.acme/legacy"}',
      reason: "your organization's policy denies the registry server io.github.acme/legacy",
    });
    expect(policyVerdict(acme, remote('https://mcp.acme.com/admin/mcp'), manual)).toEqual({
      allowed: false,
      rule: 'deniedServers[1] {"url":"https://mcp.acme.com/admin"}',
      reason: "your organization's policy denies servers at https://mcp.acme.com/admin",
    });
  });

  it('with an allow-list, anything not matched is refused', () => {
    expect(policyVerdict(acme, stdio('npx', ['-y', 'x']), manual)).toEqual({
      allowed: false,
      rule: 'allowedServers',
      reason:
        "your organization's policy allows only the servers it lists, and this one (command npx) matches none of them",
    });
    expect(policyVerdict(policy({ allowedServers: [] }), stdio('uvx'), manual)).toEqual({
      allowed: false,
      rule: 'allowedServers []',
      reason: "your organization's policy allows no servers",
    });
  });

  it('a registry server from another registry than the fixed one is refused', () => {
    expect(
      policyVerdict(
        acme,
        stdio('npx'),
        fromRegistry('io.github.acme/tool', 'https://registry.other.example'),
      ),
    ).toEqual({
      allowed: false,
      rule: 'registryUrl "https://registry.acme.example/"',
      reason:
        "your organization's policy allows registry servers only from https://registry.acme.example/, and this one comes from https://registry.other.example",
    });
  });

  it('the fixed registry is compared as the network sees its host (a final dot, case, default port)', () => {
    for (const url of ['https://REGISTRY.acme.example.', 'https://registry.acme.example.:443/'])
      expect(policyVerdict(acme, stdio('npx'), fromRegistry('io.github.acme/tool', url))).toEqual({
        allowed: true,
      });
  });

  it('registryOnly refuses whatever did not come from the registry, and allows what did', () => {
    const only = policy({ registryOnly: true });
    const origins: [ServerOrigin, string][] = [
      [manual, 'added by hand or imported'],
      [{ kind: 'link', format: 'goose' }, 'added from an install link'],
      [{ kind: 'bundle' }, 'added from a bundle'],
    ];
    for (const [origin, how] of origins) {
      expect(policyVerdict(only, stdio('npx'), origin)).toEqual({
        allowed: false,
        rule: 'registryOnly true',
        reason: `your organization's policy allows only servers installed from the registry, and this one was ${how}`,
      });
    }
    expect(policyVerdict(only, stdio('npx'), fromRegistry('io.github.x/y'))).toEqual({ allowed: true });
  });

  it('an empty policy allows everything; a deny-list alone refuses only what it names', () => {
    expect(policyVerdict(policy({}), stdio('anything'), manual)).toEqual({ allowed: true });
    const denyNpx = policy({ deniedServers: [{ command: 'npx' }] });
    expect(policyVerdict(denyNpx, stdio('uvx'), manual)).toEqual({ allowed: true });
    expect(policyVerdict(denyNpx, stdio('/usr/bin/npx'), manual).allowed).toBe(false);
  });
});
