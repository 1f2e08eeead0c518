import { describe, expect, it } from 'vitest';
import { parseArgs, splitCommandLine, UsageError } from './args';

describe('CLI arguments', () => {
  it('--stdio is split by the shared splitter (shared/host/commandLine); its refusals are usage errors', () => {
    expect(splitCommandLine(`npx -y "@scope/server name"`)).toEqual(['npx', '-y', '@scope/server name']);
    expect(() => splitCommandLine('server; rm -rf /')).toThrow(UsageError);
    expect(() => splitCommandLine('server | tee')).toThrow(/^--stdio: shell operators are not supported/);
  });

  it('parses flags and the subcommand', () => {
    const a = parseArgs([
      '--stdio',
      'node server.js --flag',
      '--timeout',
      '500',
      '--log-level',
      'debug',
      '--roots',
      '/a,/b',
      '--env',
      'TOKEN=x=y',
      'call',
      'echo',
      '{"message":"hi"}',
    ]);
    expect(a).toMatchObject({
      server: { kind: 'stdio', command: 'node', args: ['server.js', '--flag'], env: { TOKEN: 'x=y' } },
      timeoutMs: 500,
      logLevel: 'debug',
      roots: ['/a', '/b'],
      subcommand: 'call',
      positional: ['echo', '{"message":"hi"}'],
    });
  });

  it('install: the file, its name, settings (repeated for several paths), variables and --yes, in any order', () => {
    const a = parseArgs([
      '--set',
      'folders=/a',
      'install',
      'report.mcpb',
      '--set',
      'folders=/b',
      '--set',
      'greeting=a=b',
      '--set-env',
      'api_key=REPORT_KEY',
      '--name',
      'report',
      '--yes',
    ]);
    expect(a).toMatchObject({
      server: null,
      subcommand: 'install',
      positional: ['report.mcpb'],
      install: {
        name: 'report',
        values: { folders: ['/a', '/b'], greeting: ['a=b'] },
        fromEnv: { api_key: 'REPORT_KEY' },
        yes: true,
      },
    });
  });

  it('parses a remote server with a forced transport and headers', () => {
    const a = parseArgs([
      '--url',
      'https://mcp.example.com/mcp',
      '--transport',
      'sse',
      '--header',
      'Authorization: Bearer abc:def',
      '--header',
      'X-Team:  blue ',
      'tools',
    ]);
    expect(a.server).toEqual({
      kind: 'url',
      url: 'https://mcp.example.com/mcp',
      transport: 'sse',
      headers: { Authorization: 'Bearer abc:def', 'X-Team': 'blue' },
      oauth: {
        credentialsFile: undefined,
        signIn: true,
        clientId: undefined,
        clientSecretEnv: undefined,
        clientCredentials: false,
      },
    });
    expect(parseArgs(['--url', 'http://localhost:3000/mcp', 'info']).server).toMatchObject({
      transport: 'auto',
    });
  });

  it('parses the sign-in flags: a credentials file, no sign-in, a client with its secret in the environment', () => {
    const a = parseArgs([
      '--url',
      'https://mcp.example.com/mcp',
      '--credentials',
      '/tmp/c.json',
      '--no-sign-in',
      '--client-id',
      'ci-bot',
      '--client-secret-env',
      'CI_SECRET',
      '--client-credentials',
      'tools',
    ]);
    expect(a.server).toMatchObject({
      oauth: {
        credentialsFile: '/tmp/c.json',
        signIn: false,
        clientId: 'ci-bot',
        clientSecretEnv: 'CI_SECRET',
        clientCredentials: true,
      },
    });
  });

  it.each([
    [[], /--stdio "<command line>" or --url/],
    [['--url', 'http://x/mcp', '--client-credentials', 'info'], /need --client-id/],
    [
      ['--url', 'http://x/mcp', '--client-id', 'a', '--client-secret-env', 'not a name', 'info'],
      /name of an environment variable/,
    ],
    [['--stdio', 'y', '--credentials', 'c.json', 'info'], /sign-in flags are for --url servers/],
    [['--url', 'ftp://x/y', 'info'], /--url takes an http\(s\) URL/],
    [['--url', 'http://x/mcp', '--transport', 'ws', 'info'], /--transport takes http or sse/],
    [['--url', 'http://x/mcp', '--header', 'no colon', 'info'], /--header takes "Name: value"/],
    [['--url', 'http://x/mcp', '--stdio', 'y', 'info'], /not both/],
    [['--stdio', 'y', '--header', 'A: b', 'info'], /for --url servers/],
    [['--url', 'http://x/mcp', '--env', 'A=b', 'info'], /--env is for --stdio/],
    [['--stdio', 'x'], /subcommand is required/],
    [['--stdio', 'x', 'explode'], /unknown subcommand/],
    [['--stdio', 'x', 'call'], /call takes 1–2/],
    [['--stdio', 'x', '--timeout', 'soon', 'info'], /--timeout/],
    [['--stdio', 'x', '--log-level', 'loud', 'info'], /--log-level must be one of/],
    [['--stdio', 'x', '--elicitation-response', '[1]', 'info'], /must be a JSON object/],
    [['--stdio', 'x', '--bogus', 'info'], /unknown flag --bogus/],
    [['--stdio'], /--stdio needs a value/],
    [['install'], /install takes 1 argument/],
    [['--stdio', 'x', 'install', 'a.mcpb'], /install takes a bundle file, not --stdio or --url/],
    [['install', 'a.mcpb', '--timeout', '5'], /install takes only --name, --set, --set-env and --yes/],
    [['install', 'a.mcpb', '--env', 'A=b'], /install takes only/],
    [['--stdio', 'x', '--yes', 'tools'], /--name, --set, --set-env and --yes are for install/],
    [['install', 'a.mcpb', '--set', 'novalue'], /--set takes KEY=VALUE/],
    [['install', 'a.mcpb', '--set-env', 'k=not a var'], /--set-env takes KEY=VAR/],
    [['install', 'a.mcpb', '--set', 'k=1', '--set-env', 'k=V'], /k is given twice/],
    [['install', 'a.mcpb', '--name', ''], /--name takes a server name/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv as string[])).toThrow(message);
  });
});
