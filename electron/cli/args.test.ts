import { describe, expect, it } from 'vitest';
import { parseArgs, splitCommandLine, UsageError } from './args';

describe('CLI arguments', () => {
  it('splits a command line like a shell, without expanding or running anything', () => {
    expect(splitCommandLine(`npx -y "@scope/server name" 'a b' c\\ d $HOME`)).toEqual([
      'npx',
      '-y',
      '@scope/server name',
      'a b',
      'c d',
      '$HOME',
    ]);
    expect(() => splitCommandLine('server; rm -rf /')).toThrow(UsageError);
    expect(() => splitCommandLine('server | tee')).toThrow(/shell operators/);
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
      command: 'node',
      commandArgs: ['server.js', '--flag'],
      timeoutMs: 500,
      logLevel: 'debug',
      roots: ['/a', '/b'],
      env: { TOKEN: 'x=y' },
      subcommand: 'call',
      positional: ['echo', '{"message":"hi"}'],
    });
  });

  it.each([
    [[], /--stdio/],
    [['--stdio', 'x'], /subcommand is required/],
    [['--stdio', 'x', 'explode'], /unknown subcommand/],
    [['--stdio', 'x', 'call'], /call takes 1–2/],
    [['--stdio', 'x', '--timeout', 'soon', 'info'], /--timeout/],
    [['--stdio', 'x', '--log-level', 'loud', 'info'], /--log-level must be one of/],
    [['--stdio', 'x', '--elicitation-response', '[1]', 'info'], /must be a JSON object/],
    [['--stdio', 'x', '--bogus', 'info'], /unknown flag --bogus/],
    [['--stdio'], /--stdio needs a value/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv as string[])).toThrow(message);
  });
});
