/** One command a person can paste as it is, with the system it is for when there are several. */
export interface InstallCommand {
  label?: string;
  command: string;
}

/**
 * The host's install advice (`sudo apt install bubblewrap socat  (Fedora: sudo dnf install …)`,
 * `sudo sysctl -w … (or allow bwrap in AppArmor)`) as commands that paste into a terminal as they
 * are: an alternative for another system is a command of its own, and a remark in parentheses is
 * said beside them, never copied with them.
 */
export function installCommands(install: string): { commands: InstallCommand[]; note?: string } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(install.trim());
  if (!m?.[1]) return { commands: [{ command: install.trim() }] };
  const [, first, aside] = m;
  const alternative = /^([\w .-]{1,30}):\s*(.+)$/.exec(aside!);
  if (alternative)
    return { commands: [{ command: first }, { label: alternative[1]!, command: alternative[2]! }] };
  return { commands: [{ command: first }], note: aside! };
}
