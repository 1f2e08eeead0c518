import { Server } from 'lucide-react';
import { useApp } from '../state/store';
import { serverIconSrc } from './serverIconSrc';

export type IconSize = 'sm' | 'md' | 'lg' | 'xl';

/**
 * A server's face: its own icon (the host hands it over as a data: URL; the page loads nothing from
 * where a server or a registry says), or a neutral tile when it has none. Decorative — the server's
 * name always stands beside it.
 */
export function ServerIcon({
  server,
  src,
  size = 'md',
}: {
  /** A configured server, by id: its icon comes from its state. */
  server?: string;
  /** A registry entry's icon, already fetched by the host (the tile while there is none). */
  src?: string;
  size?: IconSize;
}) {
  const own = useApp((s) =>
    server === undefined ? undefined : serverIconSrc(s.servers.find((v) => v.id === server)),
  );
  const shown = src ?? own;
  const image = shown?.startsWith('data:image/') && !shown.startsWith('data:image/svg') ? shown : undefined;
  return (
    <span
      className={`server-icon icon-${size}${image ? '' : ' fallback'}`}
      data-server-icon={image ? 'image' : 'fallback'}
      aria-hidden="true"
    >
      {image ? (
        <img src={image} alt="" data-registry-icon={src !== undefined ? '' : undefined} />
      ) : (
        <Server className="server-icon-fallback" />
      )}
    </span>
  );
}
