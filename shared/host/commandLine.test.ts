import { describe, expect, it } from 'vitest';
import { parseCommandLine, splitCommandLine } from './commandLine';

describe('command lines', () => {
  it('splits like a shell, expanding nothing', () => {
    expect(splitCommandLine(`npx -y "@scope/server name" 'a b' c\\ d $HOME *.json`)).toEqual([
      'npx',
      '-y',
      '@scope/server name',
      'a b',
      'c d',
      '$HOME',
      '*.json',
    ]);
  });

  it('refuses shell operators and comments, naming them', () => {
    expect(() => splitCommandLine('server | tee log')).toThrow(/shell operators are not supported \(\|\)/);
    expect(() => splitCommandLine('server && rm -rf /')).toThrow(/\(&&\)/);
    expect(() => splitCommandLine('server > out')).toThrow(/\(>\)/);
    expect(() => splitCommandLine('server # note')).toThrow(/comments are not supported/);
  });

  it('takes a README line apart: leading NAME=value words, the program, its arguments', () => {
    expect(parseCommandLine('npx -y @modelcontextprotocol/server-everything stdio')).toEqual({
      env: {},
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'],
    });
    expect(parseCommandLine('GITHUB_TOKEN=abc LOG="a b" npx server')).toEqual({
      env: { GITHUB_TOKEN: 'abc', LOG: 'a b' },
      command: 'npx',
      args: ['server'],
    });
    // A program path with spaces, quoted, is one word; a lone NAME=value is a program, not env.
    expect(parseCommandLine(`'/opt/My App/server'`)).toEqual({
      env: {},
      command: '/opt/My App/server',
      args: [],
    });
    expect(parseCommandLine('A=1')).toEqual({ env: {}, command: 'A=1', args: [] });
    expect(parseCommandLine('')).toEqual({ env: {}, command: '', args: [] });
  });
});
