import type { ValidEntryView } from '../../../shared/host/registryView';

/**
 * "Installed" on an entry the host installed a server from (its tooltip names the servers), or
 * "Update available" when one of them has an older version than this one.
 */
export function InstalledBadge({ entry }: { entry: Pick<ValidEntryView, 'installed' | 'version'> }) {
  const installed = entry.installed ?? [];
  if (installed.length === 0) return null;
  const behind = installed.filter((i) => i.update);
  const names = installed.map((i) => `${i.server} (${i.version})`).join(', ');
  return behind.length > 0 ? (
    <span className="reg-badge reg-update" data-badge="update" title={`Installed as ${names}`}>
      Update available
    </span>
  ) : (
    <span className="reg-badge reg-installed" data-badge="installed" title={`Installed as ${names}`}>
      Installed
    </span>
  );
}
