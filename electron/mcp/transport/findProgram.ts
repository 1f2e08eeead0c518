import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildChildEnv } from './childEnv';
import { resolveLoginShellPath } from './loginShellPath';

export interface FindProgramOptions {
  /** The PATH to look on: the app's own (see searchPathOf), never one a server's env sets. */
  searchPath: string | undefined;
  /** The folder a command written as a path (`./bin/server`) is read against. */
  cwd?: string;
  platform?: NodeJS.Platform;
  /** Windows: the extensions a bare name may have (default the app's PATHEXT). */
  pathExt?: string;
}

const hasSeparator = (command: string, platform: NodeJS.Platform) =>
  command.includes('/') || (platform === 'win32' && command.includes('\\'));

async function isExecutableFile(file: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    if (platform !== 'win32') await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The file `command` names, as an absolute path, or undefined when there is none: a path is read
 * against `cwd`; a bare name is looked for in each absolute folder of `searchPath` in order (with
 * PATHEXT on Windows). A relative folder in PATH is skipped: it would mean whatever folder the server
 * starts in. Spawning what this returns, not the name, is what makes the program the one that was
 * found: the operating system would otherwise search the child's own PATH.
 */
export async function findProgram(command: string, options: FindProgramOptions): Promise<string | undefined> {
  const platform = options.platform ?? process.platform;
  const extensions =
    platform === 'win32'
      ? ['', ...(options.pathExt ?? process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)]
      : [''];
  const candidates = hasSeparator(command, platform)
    ? [path.resolve(options.cwd ?? process.cwd(), command)]
    : (options.searchPath ?? '')
        .split(platform === 'win32' ? ';' : ':')
        .filter((dir) => dir !== '' && path.isAbsolute(dir))
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates)
    for (const ext of extensions)
      if (await isExecutableFile(candidate + ext, platform)) return candidate + ext;
  return undefined;
}

/**
 * The PATH local servers are found on: the login shell's when the app came from a launcher
 * (`resolveShellPath`), else the app's own — what a child inherits before its config adds anything.
 */
export async function searchPathOf(
  resolveShellPath: boolean | undefined,
  parentEnv: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const shellPath = resolveShellPath ? await resolveLoginShellPath() : undefined;
  const env = buildChildEnv(undefined, { parentEnv, ...(shellPath ? { path: shellPath } : {}) });
  return env.PATH ?? env.Path;
}
