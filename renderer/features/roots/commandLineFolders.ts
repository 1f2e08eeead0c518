import type { ServerView } from '../../../shared/host/serverView';

/**
 * The folders a local server was given on its command line (the filesystem server's way), read
 * from what it runs: absolute paths or ~ paths after the program that do not name a file.
 */
export function commandLineFolders(server: Pick<ServerView, 'kind' | 'target'>): string[] {
  if (server.kind !== 'stdio') return [];
  return server.target
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^(\/|~\/|[A-Za-z]:\\)/.test(w) && !/\.[A-Za-z0-9]{1,5}$/.test(w));
}
