// Bundle folders follow their servers: removing a server removes its bundle's unpacked folder (unless
// another server of the config still names it), and at start every folder no server names — an
// install interrupted, a server removed by editing config.json — is swept.

import { isRecord } from '../../../shared/json/isRecord';
import { BundleError } from './bundles/bundleError';
import { bundleOriginOf } from './bundles/bundleServerDraft';
import { removeBundle, sweepBundles } from './bundles/installBundle';

/** The bundle folders the config's servers (`mcpServers`, as the file holds them) name. */
function bundleDirsIn(servers: Record<string, unknown>, bundlesDir: string): string[] {
  return Object.values(servers).flatMap((raw) =>
    isRecord(raw) ? (bundleOriginOf(raw, bundlesDir)?.dir ?? []) : [],
  );
}

/**
 * After a server was removed: its bundle's folder, when it had one that no server left names. Returns
 * the folder removed.
 */
export async function removeUnusedBundle(
  removed: Record<string, unknown> | undefined,
  remaining: Record<string, unknown>,
  bundlesDir: string,
): Promise<string | undefined> {
  const dir = removed ? bundleOriginOf(removed, bundlesDir)?.dir : undefined;
  if (!dir || bundleDirsIn(remaining, bundlesDir).includes(dir)) return undefined;
  try {
    await removeBundle(bundlesDir, dir);
  } catch (error) {
    if (error instanceof BundleError) return undefined;
    throw error;
  }
  return dir;
}

/**
 * At start, before any install: every bundle folder the config's servers do not name goes. Only with a
 * config that was read: an unreadable file names nothing, which must not read as "nothing is used".
 */
export async function sweepUnusedBundles(
  document: Record<string, unknown> | undefined,
  bundlesDir: string,
): Promise<string[]> {
  if (!document) return [];
  const servers = isRecord(document.mcpServers) ? document.mcpServers : {};
  return sweepBundles(bundlesDir, bundleDirsIn(servers, bundlesDir));
}
