import { useEffect, useState } from 'react';
import type { RegistryIconView } from '../../../shared/host/registryView';
import { useHost } from '../../components/HostContext';
import { type IconSize, ServerIcon } from '../../components/ServerIcon';

const prefersDark = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;

/** Icons for the theme shown first, then those for any theme, then the others. */
export function iconOrder(icons: readonly RegistryIconView[], dark: boolean): string[] {
  const theme = dark ? 'dark' : 'light';
  const rank = (i: RegistryIconView) => (i.theme === theme ? 0 : i.theme === undefined ? 1 : 2);
  return [...icons].sort((a, b) => rank(a) - rank(b)).map((i) => i.id);
}

/**
 * An entry's icon, fetched by the host (which hands back a data: URL — the page loads nothing from
 * the addresses an entry gives); the neutral tile when it has none the host could show.
 */
export function RegistryIcon({
  icons,
  size = 'lg',
}: {
  icons: readonly RegistryIconView[];
  size?: IconSize;
}) {
  const host = useHost();
  const [src, setSrc] = useState<string>();
  const ids = iconOrder(icons, prefersDark()).slice(0, 16).join(' ');
  useEffect(() => {
    setSrc(undefined);
    if (!ids) return;
    let live = true;
    host.call('registryIcon', ids.split(' ')).then(
      (data) => live && data?.startsWith('data:image/') && setSrc(data),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [host, ids]);
  return <ServerIcon src={src} size={size} />;
}
