import { describe, expect, it } from 'vitest';
import { installCommands } from './installCommands';

describe('installCommands', () => {
  it('splits another system’s command off, so each pastes into a terminal as it is', () => {
    expect(
      installCommands('sudo apt install bubblewrap socat  (Fedora: sudo dnf install bubblewrap socat)'),
    ).toEqual({
      commands: [
        { command: 'sudo apt install bubblewrap socat' },
        { label: 'Fedora', command: 'sudo dnf install bubblewrap socat' },
      ],
    });
  });

  it('keeps a remark in parentheses out of the command', () => {
    expect(
      installCommands('sudo sysctl -w kernel.unprivileged_userns_clone=1 (or allow bwrap in AppArmor)'),
    ).toEqual({
      commands: [{ command: 'sudo sysctl -w kernel.unprivileged_userns_clone=1' }],
      note: 'or allow bwrap in AppArmor',
    });
  });

  it('leaves a plain command whole', () => {
    expect(installCommands('brew install ripgrep')).toEqual({
      commands: [{ command: 'brew install ripgrep' }],
    });
  });
});
