import { lstatSync } from 'node:fs';
import path from 'node:path';

/** Shell startup files: protected in the home folder even before they exist (a shell would read a new one). */
const SHELL_STARTUP = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.profile',
];
/**
 * Files that make a later program run code, at the top of a folder: shell startup files, git's
 * settings, an MCP host's server list (the names the sandbox runtime protects in its working
 * directory), and editors' folder settings (tasks, launch configurations).
 */
const STARTUP_FILES = [
  ...SHELL_STARTUP,
  '.gitconfig',
  '.gitmodules',
  '.ripgreprc',
  '.mcp.json',
  '.vscode',
  '.idea',
];
/** In a git repository: its hooks run at the next commit, its config can name any program. */
const IN_REPOSITORY = ['.git/hooks', '.git/config'];

const kind = (p: string): 'dir' | 'file' | undefined => {
  try {
    return lstatSync(p).isDirectory() ? 'dir' : 'file';
  } catch {
    return undefined;
  }
};

/**
 * What a confined server must not write in the folders it may write (beside its own): the files
 * there that make the person's shell, git or editor run code later. Only those that exist (a write
 * rule for a missing file makes the runtime place an empty file there while the server runs), but
 * for the shell startup files of the home folder, should the person make it writable. The runtime
 * protects the same names only in the host's own working directory, which is not a server's folder.
 */
export function protectedInside(folders: string[], home: string): string[] {
  const out: string[] = [];
  for (const folder of folders) {
    for (const name of STARTUP_FILES) {
      const p = path.join(folder, name);
      if (kind(p) || (folder === home && SHELL_STARTUP.includes(name))) out.push(p);
    }
    const git = path.join(folder, '.git');
    const gitKind = kind(git);
    // A `.git` file points to the repository elsewhere: rewritten, it could point anywhere.
    if (gitKind === 'file') out.push(git);
    if (gitKind === 'dir') out.push(...IN_REPOSITORY.map((p) => path.join(folder, p)));
  }
  return [...new Set(out)];
}

/** `target` is one of the places protectedInside names (by its path, wherever its folder is). */
export function runsLater(target: string): boolean {
  const parts = target.split(path.sep);
  const gitAt = parts.lastIndexOf('.git');
  if (gitAt >= 0 && (gitAt === parts.length - 1 || ['hooks', 'config'].includes(parts[gitAt + 1]!)))
    return true;
  return parts.some((part) => STARTUP_FILES.includes(part));
}
