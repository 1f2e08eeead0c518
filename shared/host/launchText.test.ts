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
  it('lists the folder and every env value, secrets only by name', () => {
    expect(
      launchDetail({
        command: 'node',
        args: ['s.js'],
        cwd: '/srv',
        env: [
          { name: 'NODE_OPTIONS', value: '--require /tmp/evil.js' },
          { name: 'TOKEN', secret: true },
        ],
      }),
    ).toBe(
      "node s.js\nin /srv\nwith environment variables:\n  NODE_OPTIONS='--require /tmp/evil.js'\n  TOKEN = (a stored secret)",
    );
    expect(launchDetail({ command: 'node', args: [], env: [] })).toBe(
      'node\nwith no environment variables of its own',
    );
  });
  it('writes invisible and control characters as escapes (a native dialog renders text as is)', () => {
    expect(commandLine({ command: 'node', args: ['safe\u202Egpj.js', 'a\nb', 'x\u200By', '\u3164'] })).toBe(
      "node 'safe\\u{202E}gpj.js' 'a\\u{A}b' 'x\\u{200B}y' '\\u{3164}'",
    );
    expect(commandLine({ command: 'node', args: ['héllo', 'नमस्ते'] })).toBe("node 'héllo' 'नमस्ते'");
  });
  it('escapes env names and the folder too: no line in the dialog that the launch does not hold', () => {
    const text = launchDetail({
      command: 'node',
      args: ['s.js'],
      cwd: '/srv\nwith no environment variables of its own',
      env: [
        { name: 'X\n  SAFE', value: '1' },
        { name: 'Y\u202E', secret: true },
      ],
    });
    expect(text.split('\n')).toEqual([
      'node s.js',
      "in '/srv\\u{A}with no environment variables of its own'",
      'with environment variables:',
      "  'X\\u{A}  SAFE'=1",
      "  'Y\\u{202E}' = (a stored secret)",
    ]);
  });
});
