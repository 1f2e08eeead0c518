import type { AreaApi } from '../../../shared/ipc/contract';
import type { ROOTS_METHODS, RootsView } from '../../../shared/ipc/rootsContract';
import type { HostParts } from '../hostParts';
import { listDirectory } from '../roots/directoryBrowser';
import type { ShellAbilities } from './shellAbilities';

/** The roots as the page sees them: the lists, and whether this shell picks folders natively. */
export function rootsView(host: HostParts, shell: ShellAbilities): RootsView {
  return {
    global: host.roots.globalDirectories(),
    servers: host.roots.serverDirectories(),
    nativePicker: shell.pickDirectory !== undefined,
  };
}

/** The roots area of the contract: the folders servers may see. */
export function rootsApi(host: HostParts, shell: ShellAbilities) {
  return {
    async getRoots() {
      return rootsView(host, shell);
    },
    async addRoot(directory, server) {
      // A typed path from the page: where the shell can ask natively (Electron), the person confirms it
      // there, so a compromised page cannot expose a folder on its own.
      if (shell.confirmFolder && !(await shell.confirmFolder(directory, server)))
        throw new Error(`${directory} was not added: not confirmed`);
      return host.roots.add(directory, server ?? undefined);
    },
    async removeRoot(directory, server) {
      await host.roots.remove(directory, server ?? undefined);
    },
    async useGlobalRoots(server) {
      await host.roots.useGlobal(server);
    },
    async pickRootDirectory(server) {
      if (!shell.pickDirectory)
        throw new Error('This window has no native folder dialog: use the folder browser instead');
      const chosen = await shell.pickDirectory();
      return chosen === undefined ? null : host.roots.add(chosen, server ?? undefined);
    },
    async listDirectory(dir) {
      if (!shell.browseDirectories)
        throw new Error('This window picks folders with the system dialog, not the in-app browser');
      return listDirectory(dir);
    },
  } satisfies AreaApi<typeof ROOTS_METHODS>;
}
