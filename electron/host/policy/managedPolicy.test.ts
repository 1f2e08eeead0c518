import { describe, expect, it } from 'vitest';
import { parsePolicy, policyFilePath } from './managedPolicy';

const error = (document: unknown) => {
  const parsed = parsePolicy(document);
  if (parsed.ok) throw new Error('accepted');
  return parsed.error;
};

describe('parsePolicy', () => {
  it('reads every field, keeping each rule as the file writes it', () => {
    const parsed = parsePolicy({
      $schema: 'https://switchboard.example/policy.schema.json',
      registryOnly: true,
      registryUrl: 'https://registry.acme.example',
      allowedServers: [{ registry: 'io.github.acme/*' }, { args: ['acme-mcp'], command: 'uvx' }],
      deniedServers: [{ url: 'https://mcp.untrusted.example' }],
    });
    expect(parsed).toEqual({
      ok: true,
      policy: {
        registryOnly: true,
        onlyListedEnv: false,
        registryUrl: 'https://registry.acme.example',
        allowedServers: [
          {
            rule: { registry: 'io.github.acme/*' },
            text: 'allowedServers[0] {"registry":"io.github.acme/*"}',
          },
          {
            rule: { command: 'uvx', args: ['acme-mcp'] },
            text: 'allowedServers[1] {"args":["acme-mcp"],"command":"uvx"}',
          },
        ],
        deniedServers: [
          {
            rule: { url: 'https://mcp.untrusted.example' },
            text: 'deniedServers[0] {"url":"https://mcp.untrusted.example"}',
          },
        ],
        requireSandbox: false,
        sandboxAllowedDomains: [],
        sandboxDeniedDomains: [],
      },
    });
  });

  it('an empty object is a policy that allows everything; an absent allow-list is not an empty one', () => {
    expect(parsePolicy({})).toEqual({
      ok: true,
      policy: {
        registryOnly: false,
        onlyListedEnv: false,
        deniedServers: [],
        requireSandbox: false,
        sandboxAllowedDomains: [],
        sandboxDeniedDomains: [],
      },
    });
    expect(parsePolicy({ allowedServers: [] })).toMatchObject({ ok: true, policy: { allowedServers: [] } });
  });

  it('refuses anything it does not understand, saying where (a security control is never half-read)', () => {
    expect(error([])).toBe('must be a JSON object');
    expect(error({ deniedServer: [] })).toBe('unknown field "deniedServer"');
    expect(error({ registryOnly: 'yes' })).toBe('registryOnly: must be true or false');
    expect(error({ registryUrl: 'javascript:alert(1)' })).toMatch(
      /^registryUrl: must be the http:\/\/ or https:\/\/ URL/,
    );
    expect(error({ allowedServers: {} })).toBe('allowedServers: must be an array of rules');
    expect(error({ allowedServers: ['npx'] })).toMatch(/^allowedServers\[0\]: each rule must be an object/);
    expect(error({ deniedServers: [{}] })).toMatch(/^deniedServers\[0\]: a rule names exactly one of/);
    expect(error({ deniedServers: [{ command: 'npx', url: 'https://a.example' }] })).toMatch(
      /not command and url/,
    );
    expect(error({ deniedServers: [{ commmand: 'npx' }] })).toMatch(
      /deniedServers\[0\]: unknown field "commmand"/,
    );
    expect(error({ deniedServers: [{ registry: 'io.github.acme/**' }] })).toMatch(
      /registry: must be a registry name/,
    );
    expect(error({ deniedServers: [{ registry: 'io.github.*' }] })).toMatch(
      /registry: must be a registry name/,
    );
    expect(error({ deniedServers: [{ url: 'file:///etc' }] })).toMatch(/url: must be an http/);
    expect(error({ deniedServers: [{ command: '  ' }] })).toMatch(/command: must be a command/);
    expect(error({ deniedServers: [{ url: 'https://a.example', args: ['x'] }] })).toMatch(
      /args: "args" goes only with "command"/,
    );
  });
});

describe('the rule fields of issue 47: cwd and env (allow rules), absolute command paths', () => {
  it('reads them in an allow rule', () => {
    expect(
      parsePolicy({
        allowedServers: [
          { command: 'node', args: ['/opt/acme/server.mjs'], cwd: '/opt/acme', env: ['NODE_OPTIONS'] },
          { registry: 'io.github.acme/*', env: ['NPM_CONFIG_REGISTRY'] },
          { command: 'C:\\Tools\\mcp.exe' },
        ],
      }),
    ).toMatchObject({
      ok: true,
      policy: {
        allowedServers: [
          { rule: { command: 'node', cwd: '/opt/acme', env: ['NODE_OPTIONS'] } },
          { rule: { registry: 'io.github.acme/*', env: ['NPM_CONFIG_REGISTRY'] } },
          { rule: { command: 'C:\\Tools\\mcp.exe' } },
        ],
      },
    });
  });

  it('refuses them where they would mean nothing, or something else in each folder', () => {
    expect(error({ allowedServers: [{ command: 'node', cwd: 'relative/dir' }] })).toMatch(
      /allowedServers\[0\]\.cwd: must be the absolute path of a folder/,
    );
    expect(error({ allowedServers: [{ registry: 'io.github.a/b', cwd: '/opt' }] })).toMatch(
      /cwd: "cwd" goes only with "command"/,
    );
    expect(error({ allowedServers: [{ url: 'https://a.example', env: ['PATH'] }] })).toMatch(
      /env: "env" goes only with "command" or "registry"/,
    );
    expect(error({ allowedServers: [{ command: 'node', env: ['A=B'] }] })).toMatch(
      /env\[0\]: must be a variable name/,
    );
    expect(error({ deniedServers: [{ command: 'node', env: ['NODE_OPTIONS'] }] })).toMatch(
      /deniedServers\[0\]\.env: "env" goes only in allowedServers/,
    );
    expect(error({ deniedServers: [{ command: 'node', cwd: '/tmp' }] })).toMatch(
      /deniedServers\[0\]\.cwd: "cwd" goes only in allowedServers/,
    );
    expect(error({ allowedServers: [{ command: './bin/node' }] })).toMatch(
      /command: must be a program name \(npx\) or the absolute path of one/,
    );
  });
});

describe('policyFilePath', () => {
  it('is SWITCHBOARD_POLICY_FILE when set, else a folder only an administrator can write', () => {
    expect(policyFilePath({ SWITCHBOARD_POLICY_FILE: '/tmp/p.json' }, 'linux')).toBe('/tmp/p.json');
    expect(policyFilePath({}, 'linux')).toBe('/etc/switchboard/policy.json');
    expect(policyFilePath({}, 'freebsd')).toBe('/etc/switchboard/policy.json');
    expect(policyFilePath({}, 'darwin')).toBe('/Library/Application Support/Switchboard/policy.json');
    expect(policyFilePath({ ProgramData: 'D:\\PD' }, 'win32')).toBe('D:\\PD\\Switchboard\\policy.json');
    expect(policyFilePath({}, 'win32')).toBe('C:\\ProgramData\\Switchboard\\policy.json');
  });
});

describe('onlyListedEnv: a server sets only the variables its allow rule names', () => {
  it('reads it with an allow-list, and names and PREFIX_* patterns in a rule\'s "env"', () => {
    expect(
      parsePolicy({
        onlyListedEnv: true,
        allowedServers: [{ command: 'node', args: ['/opt/acme/server.mjs'], env: ['API_KEY', 'ACME_*'] }],
      }),
    ).toMatchObject({
      ok: true,
      policy: {
        onlyListedEnv: true,
        allowedServers: [{ rule: { env: ['API_KEY', 'ACME_*'] } }],
      },
    });
    expect(parsePolicy({ onlyListedEnv: false })).toMatchObject({
      ok: true,
      policy: { onlyListedEnv: false },
    });
  });

  it('refuses it where it would mean nothing, and a pattern that is not a prefix', () => {
    expect(error({ onlyListedEnv: true })).toBe(
      'onlyListedEnv: goes only with allowedServers (a server may then set only the variables the allow rule that matches it names in "env")',
    );
    expect(error({ onlyListedEnv: true, deniedServers: [{ command: 'npx' }] })).toMatch(
      /^onlyListedEnv: goes only with allowedServers/,
    );
    expect(error({ onlyListedEnv: 'yes', allowedServers: [] })).toBe('onlyListedEnv: must be true or false');
    expect(error({ allowedServers: [{ command: 'node', env: ['*'] }] })).toBe(
      'allowedServers[0].env[0]: "*" alone would name every variable: name them, or a prefix such as ACME_*',
    );
    expect(error({ allowedServers: [{ command: 'node', env: ['A*B'] }] })).toBe(
      'allowedServers[0].env[0]: must be a variable name, or a prefix ending in * (ACME_*)',
    );
    expect(error({ allowedServers: [{ command: 'node', env: ['**'] }] })).toMatch(
      /env\[0\]: must be a variable name, or a prefix ending in \*/,
    );
  });
});

describe('the sandbox fields of issue 48', () => {
  it('reads requireSandbox and the domains every sandboxed server may, or may not, reach', () => {
    const parsed = parsePolicy({
      requireSandbox: true,
      sandboxAllowedDomains: ['pypi.internal.acme', '*.acme.com', 'api.acme.com:443', '[::1]:8080'],
      sandboxDeniedDomains: ['*.pastebin.com'],
    });
    expect(parsed.ok && parsed.policy).toMatchObject({
      requireSandbox: true,
      sandboxAllowedDomains: ['pypi.internal.acme', '*.acme.com', 'api.acme.com:443', '[::1]:8080'],
      sandboxDeniedDomains: ['*.pastebin.com'],
    });
    expect(parsePolicy({}).ok && parsePolicy({})).toMatchObject({
      policy: { requireSandbox: false, sandboxAllowedDomains: [], sandboxDeniedDomains: [] },
    });
  });

  it('refuses what is no host name, saying where', () => {
    expect(error({ requireSandbox: 'yes' })).toBe('requireSandbox: must be true or false');
    expect(error({ sandboxAllowedDomains: ['https://acme.com/'] })).toMatch(
      /^sandboxAllowedDomains\[0\]: must be a host name/,
    );
    expect(error({ sandboxDeniedDomains: 'acme.com' })).toBe(
      'sandboxDeniedDomains: must be an array of host names',
    );
    expect(error({ sandboxAllowedDomains: ['a b.com'] })).toMatch(/must be a host name/);
  });
});
