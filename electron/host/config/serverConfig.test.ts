import { describe, expect, it } from 'vitest';
import { parseConfig, type ServerConfig, serverToRaw } from './serverConfig';

describe('parseConfig', () => {
  it('reads stdio and remote servers in the de-facto mcpServers format', () => {
    const parsed = parseConfig({
      mcpServers: {
        files: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          env: { A: 'b' },
          cwd: '/tmp',
        },
        remote: {
          url: 'https://mcp.example.com/mcp',
          type: 'http',
          headers: { Authorization: { $secret: 'remote.header.Authorization' } },
        },
        legacy: {
          url: 'http://127.0.0.1:3001/sse',
          type: 'sse',
          disabled: true,
          requestTimeoutMs: 5000,
          maxTotalTimeoutMs: 60000,
        },
        detect: { url: 'http://127.0.0.1:3001/mcp' },
      },
    });
    expect(parsed.issues).toEqual([]);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.servers.map((s) => [s.name, s.kind])).toEqual([
      ['files', 'stdio'],
      ['remote', 'remote'],
      ['legacy', 'remote'],
      ['detect', 'remote'],
    ]);
    expect(parsed.servers[0]).toMatchObject({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      cwd: '/tmp',
      disabled: false,
    });
    expect(parsed.servers[1]).toMatchObject({
      type: 'http',
      headers: { Authorization: { $secret: 'remote.header.Authorization' } },
    });
    expect(parsed.servers[2]).toMatchObject({
      type: 'sse',
      disabled: true,
      requestTimeoutMs: 5000,
      maxTotalTimeoutMs: 60000,
    });
    expect(parsed.servers[3]).toMatchObject({ type: 'auto' });
  });

  it('names the server and field at fault, and still loads the good servers', () => {
    const parsed = parseConfig({
      mcpServers: {
        good: { command: 'node' },
        'bad args': { command: 'node', args: ['ok', 3] },
        both: { command: 'x', url: 'http://y' },
        neither: { args: [] },
        badUrl: { url: 'ftp://files.example.com' },
        badType: { url: 'http://x', type: 'websocket' },
        badEnv: { command: 'x', env: { TOKEN: 42 } },
        badTimeout: { command: 'x', requestTimeoutMs: -1, disabled: 'yes' },
        badProtocol: { command: 'x', protocol: '2026-07-28' },
        notObject: 'npx server',
      },
    });
    expect(parsed.servers.map((s) => s.name)).toEqual(['good']);
    const paths = parsed.invalid.flatMap((i) => i.issues.map((x) => `${x.path}: ${x.message}`));
    expect(paths).toEqual([
      'mcpServers["bad args"].args[1]: must be a string',
      'mcpServers.both: has both "command" and "url": pick one',
      'mcpServers.neither: needs "command" (local server) or "url" (remote)',
      'mcpServers.badUrl.url: must be an http:// or https:// URL',
      'mcpServers.badType.type: must be "http" or "sse"',
      'mcpServers.badEnv.env.TOKEN: must be a string or a secret reference {"$secret": "…"}',
      'mcpServers.badTimeout.disabled: must be true or false',
      'mcpServers.badTimeout.requestTimeoutMs: must be a positive whole number of milliseconds',
      'mcpServers.badProtocol.protocol: must be "auto", "modern" or "legacy"',
      'mcpServers.notObject: must be an object',
    ]);
  });

  it('reads a pre-registered OAuth client, whose secret or key is only ever a secret reference', () => {
    const ref = { $secret: 'linear/oauth/clientSecret@https://mcp.example.com' };
    const parsed = parseConfig({
      mcpServers: {
        person: { url: 'https://mcp.example.com/mcp', oauth: { clientId: 'abc', clientSecret: ref } },
        machine: {
          url: 'https://mcp.example.com/mcp',
          oauth: { clientId: 'svc', grant: 'client_credentials', privateKey: ref, algorithm: 'RS256' },
        },
        plainSecret: { url: 'https://x.example/mcp', oauth: { clientId: 'a', clientSecret: 'hunter2' } },
        typo: { url: 'https://x.example/mcp', oauth: { client_id: 'a' } },
        noCredential: { url: 'https://x.example/mcp', oauth: { clientId: 'a', grant: 'client_credentials' } },
        keyForPerson: { url: 'https://x.example/mcp', oauth: { clientId: 'a', privateKey: ref } },
        badGrant: { url: 'https://x.example/mcp', oauth: { clientId: 'a', grant: 'password' } },
        notObject: { url: 'https://x.example/mcp', oauth: 'abc' },
      },
    });
    expect(parsed.servers).toMatchObject([
      { name: 'person', oauth: { clientId: 'abc', clientSecret: ref } },
      {
        name: 'machine',
        oauth: { clientId: 'svc', grant: 'client_credentials', privateKey: ref, algorithm: 'RS256' },
      },
    ]);
    const issues = parsed.invalid.flatMap((i) => i.issues.map((x) => `${x.path}: ${x.message}`));
    expect(issues).toEqual([
      `mcpServers.plainSecret.oauth.clientSecret: must be a secret reference {"$secret": "…"}: a client secret is never written in this file; enter it in the server's settings, which keep it in the secret store`,
      'mcpServers.typo.oauth.client_id: is not an oauth field (clientId, clientSecret, privateKey, grant, algorithm)',
      'mcpServers.typo.oauth.clientId: must be a string (the client id the authorization server gave you)',
      'mcpServers.noCredential.oauth: the client credentials grant needs a client secret or a private key',
      'mcpServers.keyForPerson.oauth: a private key (private_key_jwt) is used only with the client credentials grant',
      'mcpServers.badGrant.oauth.grant: must be "authorization_code" (a person signs in) or "client_credentials" (the client signs in as itself)',
      'mcpServers.notObject.oauth: must be an object: {"clientId": "…", "clientSecret": {"$secret": "…"}, "grant": "…"}',
    ]);
    // Written back as it was read.
    expect(serverToRaw(parsed.servers[1]!).oauth).toEqual({
      clientId: 'svc',
      grant: 'client_credentials',
      privateKey: ref,
      algorithm: 'RS256',
    });
  });

  it('holds a server to the limits the edit form does (shared/host/serverFields.ts)', () => {
    const parsed = parseConfig({
      mcpServers: {
        longWait: { command: 'x', requestTimeoutMs: 2 * 86_400_000 },
        manyArgs: { command: 'x', args: Array(1001).fill('a') },
        emptyCwd: { command: 'x', cwd: '' },
        blank: { command: '   ' },
        namelessHeader: { url: 'https://x.example', headers: { '': 'v' } },
        smuggledName: { command: 'x', env: { 'NODE_OPTIONS=--require=/tmp/evil.cjs --title': 'x' } },
        hugeEnv: { command: 'x', env: { BIG: 'v'.repeat(65_537) } },
        atLimits: {
          command: 'x',
          args: Array(1000).fill('a'),
          env: { BIG: 'v'.repeat(65_536) },
          maxTotalTimeoutMs: 86_400_000,
        },
      },
    });
    expect(parsed.servers.map((s) => s.name)).toEqual(['atLimits']);
    expect(parsed.invalid.flatMap((i) => i.issues.map((x) => `${x.path}: ${x.message}`))).toEqual([
      'mcpServers.longWait.requestTimeoutMs: must be at most 86400000 milliseconds (a day)',
      'mcpServers.manyArgs.args: must be at most 1000 arguments',
      'mcpServers.emptyCwd.cwd: must name a directory (leave it out for the home folder)',
      'mcpServers.blank.command: must be a non-empty string',
      'mcpServers.namelessHeader.headers[""]: a name must not be empty',
      'mcpServers.smuggledName.env["NODE_OPTIONS=--require=/tmp/evil.cjs --title"]: a name must not hold "=" or a control character',
      'mcpServers.hugeEnv.env.BIG: must be at most 65536 characters',
    ]);
  });

  it.each([[[]], ['text'], [{ mcpServers: [] }], [{ mcpServers: 'x' }]])(
    'refuses a document like %j as a whole',
    (doc) => {
      const parsed = parseConfig(doc);
      expect(parsed.servers).toEqual([]);
      expect(parsed.issues).toHaveLength(1);
    },
  );

  it('refuses server names with invisible or control characters (a name must show all of itself)', () => {
    const parsed = parseConfig({
      mcpServers: {
        'files\u200B': { command: 'a' },
        'gith\u202Eub': { url: 'https://x' },
        café: { command: 'b' },
      },
    });
    expect(parsed.servers.map((s) => s.name)).toEqual(['café']);
    expect(parsed.invalid.map((i) => i.issues[0]!.message)).toEqual([
      'the name "files\\u{200B}" holds invisible or control characters: rename it',
      'the name "gith\\u{202E}ub" holds invisible or control characters: rename it',
    ]);
  });

  it('writes back every field it does not know, at server level', () => {
    const raw = { command: 'node', args: ['a'], autoApprove: ['read'], 'x-team': { owner: 'ada' } };
    const [server] = parseConfig({ mcpServers: { s: raw } }).servers as [ServerConfig];
    const edited = { ...server, args: ['a', 'b'], disabled: true } as ServerConfig;
    expect(serverToRaw(edited)).toEqual({ ...raw, args: ['a', 'b'], disabled: true });
  });
});
