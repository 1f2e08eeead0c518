import path from 'node:path';
import type { ClientHandlers } from '../mcp';
import { Catalog } from './catalog/catalog';
import { ConfigFile } from './config/configFile';
import { LogStore } from './logs/logStore';
import { Redactor } from './logs/redactor';
import { RootsManager } from './roots/rootsManager';
import { FileSecretStore } from './secrets/fileSecretStore';
import type { SecretStore } from './secrets/secretStore';
import type { RestartPolicy } from './servers/serverConnection';
import { ServerRegistry } from './servers/serverRegistry';
import { TrustStore } from './servers/trustStore';

export interface HostOptions {
  /** The data directory (switchboardHome()). */
  home: string;
  /** The Electron shell passes its safeStorage store; otherwise a 0600 file in `home`. */
  secrets?: SecretStore;
  resolveShellPath?: boolean;
  restart?: Partial<RestartPolicy>;
  /** Client features beyond roots (sampling, elicitation), per server: the consent broker's. */
  extraHandlers?: (serverId: string) => Omit<ClientHandlers, 'roots'>;
}

/**
 * The MCP host: every server, its config, secrets, roots and logs, behind one object that both
 * shells drive. Created only fully loaded; nothing here imports `electron`.
 */
export class Host {
  private constructor(
    readonly home: string,
    readonly config: ConfigFile,
    readonly secrets: SecretStore,
    readonly redactor: Redactor,
    readonly logs: LogStore,
    readonly roots: RootsManager,
    readonly registry: ServerRegistry,
    readonly catalog: Catalog,
  ) {}

  static async create(options: HostOptions): Promise<Host> {
    const config = ConfigFile.inHome(options.home);
    const secrets = options.secrets ?? FileSecretStore.inHome(options.home);
    const redactor = new Redactor();
    redactor.add(...(await secrets.values().catch(() => [])));
    const logs = new LogStore(redactor, { dir: path.join(options.home, 'logs') });
    const roots = RootsManager.inHome(options.home);
    await roots.load();
    const registry = new ServerRegistry({
      config,
      secrets,
      logs,
      redactor,
      trust: TrustStore.inHome(options.home),
      restart: options.restart,
      resolveShellPath: options.resolveShellPath,
      handlersFor: (id) => ({
        ...options.extraHandlers?.(id),
        roots: { list: () => roots.rootsFor(id) },
      }),
    });
    roots.onChange((ids) => {
      const targets =
        ids === 'all'
          ? registry.connections()
          : ids.map((id) => registry.get(id)).filter((c) => c !== undefined);
      for (const c of targets) void c.notifyRootsChanged();
    });
    const catalog = new Catalog(registry, path.join(options.home, 'tool-settings.json'));
    const host = new Host(options.home, config, secrets, redactor, logs, roots, registry, catalog);
    await registry.load();
    await catalog.init();
    return host;
  }

  /** Stops every server per its transport's rules and writes pending logs. */
  async shutdown(): Promise<void> {
    this.catalog.dispose();
    await this.registry.shutdown();
    await this.logs.flush();
  }
}
