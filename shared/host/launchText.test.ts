import { describe, expect, it } from 'vitest';
import { commandLine, launchDetail } from './launchText';

describe('launch text', () => {
  it('quotes arguments so that what runs is unambiguous', () => {
    expect(
      commandLine({
        command: 'npx',
        args: ['-y', '@scope/pkg@1.2', '/tmp/my dir', "it's", '', '$(rm -rf ~)'],
      }),
    ).toBe(`npx -y @scope/pkg@1.2 '/tmp/my dir' 'it'\\''s' '' '$(rm -rf ~)'`);
  });
  it('lists the folder and the names (never values) of the environment', () => {
    expect(launchDetail({ command: 'node', args: ['s.js'], cwd: '/srv', envNames: ['A', 'B'] })).toBe(
      'node s.js\nin /srv\nenvironment variables: A, B',
    );
    expect(launchDetail({ command: 'node', args: [], envNames: [] })).toBe(
      'node\nenvironment variables: none of its own',
    );
  });
});
