import type { AreaApi } from '../../../shared/ipc/contract';
import type { SERVERS_METHODS } from '../../../shared/ipc/serversContract';
import type { HostParts } from '../hostParts';
import type { ShellAbilities } from './shellAbilities';

/** The servers area of the contract: each server's lifecycle, trust, sign-in and log. */
export function serversApi(host: HostParts, shell: ShellAbilities) {
  return {
    async listServers() {
      return host.registry.views();
    },
    async getConfigProblem() {
      return host.registry.configState.problem ?? null;
    },
    async startServer(id) {
      await host.registry.start(id);
    },
    async stopServer(id) {
      await host.registry.stop(id);
    },
    async refreshServerLists(id) {
      await host.catalog.refresh(id);
    },
    async restartServer(id) {
      await host.registry.restart(id);
    },
    async signIn(id) {
      await host.registry.signIn(id);
    },
    async signOut(id) {
      await host.registry.signOut(id);
    },
    async setServerEnabled(id, enabled) {
      await host.registry.setEnabled(id, enabled);
    },
    async setServerSandbox(id, enabled) {
      if (host.registry.configOf(id)?.kind !== 'stdio')
        throw new Error(`${id} is not a local server: only a program on this computer can be sandboxed`);
      await host.registry.change(id, (raw) => ({ ...raw, sandboxEnabled: enabled }));
    },
    async allowSandboxDenial(id, violationId) {
      const sandbox = host.registry.session(id).sandbox;
      if (!sandbox?.enabled) throw new Error(`${id} does not run sandboxed`);
      await host.registry.change(id, (raw) => ({
        ...raw,
        sandbox: sandbox.allowing(violationId, raw.sandbox),
      }));
    },
    /**
     * The person trusts the launch the page showed them (`identity`). A renderer can save a command
     * (the edit form) but never run one on its own say-so: where the shell has a dialog of its own it
     * shows the launch again there, and what is trusted is exactly what was shown — an edit saved while
     * either was open trusts nothing.
     */
    async trustServer(id, identity) {
      const request = host.registry.pendingTrust(id, identity);
      if (!request) return;
      const { identity: _, ...launch } = request;
      if (shell.confirmLaunch && !(await shell.confirmLaunch(id, launch))) {
        host.registry.trustRefused(id, request.identity);
        return;
      }
      await host.registry.trust(id, request.identity);
    },
    async trustServers(items) {
      // Every launch as it was shown, or nothing is trusted: one changed since (an edit, a file
      // written) throws, naming it, and the person looks at the list again.
      const asked = items.flatMap(({ id, identity }) => {
        const request = host.registry.pendingTrust(id, identity);
        return request ? [{ id, request }] : [];
      });
      const launches = asked.map(({ id, request: { identity: _, ...launch } }) => ({ server: id, launch }));
      if (launches.length > 0) {
        if (shell.confirmLaunches) {
          if (!(await shell.confirmLaunches(launches))) {
            for (const { id, request } of asked) host.registry.trustRefused(id, request.identity);
            return { trusted: [] };
          }
        } else if (shell.confirmLaunch)
          throw new Error('This shell confirms each launch on its own: trust the servers one by one');
      }
      await Promise.all(asked.map(({ id, request }) => host.registry.trust(id, request.identity)));
      return { trusted: items.map((i) => i.id) };
    },
    async getLogs(server) {
      return host.logs.entries(server ?? undefined);
    },
    async setLogLevel(id, level) {
      await host.registry.session(id).setLoggingLevel(level);
    },
    async setWireTrace(id, on) {
      host.registry.session(id).setWireTrace(on);
    },
  } satisfies AreaApi<typeof SERVERS_METHODS>;
}
