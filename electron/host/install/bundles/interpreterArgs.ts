// What an interpreter from this computer may be told by a bundle's manifest. Only node (the Node that
// runs Switchboard) and python start a bundle's script: any other program from the PATH — a shell,
// `env`, `npx`, `uv` — could run anything at all. Each may be given only options known to be harmless
// (nodeArgs.ts, pythonArgs.ts) and then a script, or (python -m) a module, the bundle holds. What
// follows the script is the script's own (folders from the settings, say) and is not looked at.
import { outsideBundle } from './bundlePaths';
import { checkNodeArgs } from './nodeArgs';
import { checkPythonArgs } from './pythonArgs';

export const isNodeCommand = (command: string) => /^node(\.exe)?$/i.test(command);
const isPythonCommand = (command: string) => /^python(\d+(\.\d+)?)?(\.exe)?$/i.test(command);

/** Checks what `command` (a program from this computer, not the bundle's) is told to run. */
export function checkInterpreterArgs(dir: string, command: string, args: string[]): void {
  if (isNodeCommand(command)) {
    checkNodeArgs(dir, args);
    return;
  }
  if (isPythonCommand(command)) {
    checkPythonArgs(dir, args);
    return;
  }
  throw outsideBundle(
    `starts ${command}, a program of this computer that is neither node nor python, and could run anything: a bundle runs a program it holds, or a script it holds with node or python`,
  );
}
