import { describe, expect, it } from 'vitest';
import { launchTokens } from './launchTokens';

const tokens = (...words: string[]) => launchTokens(words).map((t) => t.token);

describe('launchTokens', () => {
  it('reads each word as written, as a shell splits it, and cut at what separates words anywhere', () => {
    expect(tokens('--package=@acme/tool')).toEqual(expect.arrayContaining(['--package', '@acme/tool']));
    expect(tokens('npx -y "@acme/tool@1"')).toEqual(expect.arrayContaining(['npx', '-y', '@acme/tool@1']));
    expect(tokens("n''px")).toContain('npx');
    expect(tokens('n\\px')).toContain('npx');
    expect(tokens('n^px -y x')).toContain('npx');
    expect(tokens('C:\\Program Files\\nodejs\\npx.cmd -y x')).toContain('npx.cmd');
    expect(tokens('a;b&&c|d$(e)`f`')).toEqual(expect.arrayContaining(['a', 'b', 'c', 'd', 'e', 'f']));
  });

  it('reads a shell string within a shell string', () => {
    expect(tokens(`sh -c "bash -c 'exec n\\"\\"px -y x'"`)).toContain('npx');
  });

  it('keeps which word each piece came from, once', () => {
    const read = launchTokens(['-y', 'sh -c "npx -y"']);
    expect(read.filter((t) => t.token === '-y')).toEqual([{ token: '-y', word: '-y' }]);
    expect(read.find((t) => t.token === 'npx')).toEqual({ token: 'npx', word: 'sh -c "npx -y"' });
  });
});
