// Which configured servers each registry entry installed, for Browse's "Installed" and "Update
// available": the host's own record of installing them (policy/installRecords.ts), never what
// config.json says of a server's origin.
import type { InstalledAsView } from '../../../shared/host/registryView';
import { type RegistryOrigin, updateAvailable } from './registry';

const keyOf = (registryUrl: string, name: string) => `${registryUrl}\n${name}`;

export class InstalledEntries {
  private constructor(private readonly byEntry: Map<string, { server: string; origin: RegistryOrigin }[]>) {}

  /** The registry origins of `servers` (those installed from a registry by the host), read once. */
  static async of(
    servers: readonly string[],
    originOf: (server: string) => Promise<RegistryOrigin | undefined>,
  ): Promise<InstalledEntries> {
    const byEntry = new Map<string, { server: string; origin: RegistryOrigin }[]>();
    const origins = await Promise.all(
      servers.map(async (server) => ({ server, origin: await originOf(server) })),
    );
    for (const { server, origin } of origins) {
      if (!origin) continue;
      const key = keyOf(origin.registryUrl, origin.name);
      byEntry.set(key, [...(byEntry.get(key) ?? []), { server, origin }]);
    }
    return new InstalledEntries(byEntry);
  }

  /** The servers installed from the entry `name` of `registryUrl`, each with whether `version` is newer. */
  of(entry: { registryUrl: string; name: string; version: string }): InstalledAsView[] {
    return (this.byEntry.get(keyOf(entry.registryUrl, entry.name)) ?? []).map(({ server, origin }) => ({
      server,
      version: origin.version,
      update: updateAvailable(origin, entry).available,
    }));
  }
}
