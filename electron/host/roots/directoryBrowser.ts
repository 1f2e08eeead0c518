import { readdir, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { DirectoryListing } from '../../../shared/ipc/rootsContract';

const MAX_ENTRIES = 2000;

/**
 * The in-app folder browser of the browser shell (which has no native dialog): the sub-folders of a
 * folder, names only, sorted. Files are never listed; nothing is read but directory entries.
 */
export async function listDirectory(dir: string | null, home: string = homedir()): Promise<DirectoryListing> {
  const target = dir ?? home;
  if (!path.isAbsolute(target)) throw new Error(`${target} is not an absolute path`);
  const real = await realpath(target).catch(() => {
    throw new Error(`${target} does not exist`);
  });
  const entries = await readdir(real, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      error.code === 'ENOTDIR' ? `${target} is not a folder` : `${target} cannot be read (${error.code})`,
    );
  });
  const directories = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const parent = path.dirname(real);
  return {
    path: real,
    parent: parent === real ? null : parent,
    directories: directories.slice(0, MAX_ENTRIES),
    truncated: directories.length > MAX_ENTRIES,
  };
}
