import type { ServerView } from '../../shared/host/serverView';
import type { Icon } from '../../shared/mcp/protocol';

/**
 * A raster icon the server carries inline (an SVG can carry script: never shown). Any other address it
 * names is not loaded by the page: a remote server's own-origin icon comes fetched by the host.
 */
const inlineIcon = (icons: readonly Icon[] | undefined): string | undefined =>
  icons?.find((i) => /^data:image\/(?:png|jpeg|jpg|webp|gif)[;,]/i.test(i.src))?.src;

/** The icons seen while each server ran, by what it runs: a stopped server keeps its face. */
const seen = new Map<string, string>();
const MAX_SEEN = 500;

/**
 * The icon to draw for a server: its own while it runs (fetched by the host, or inline), else the one
 * it showed when it last ran this same command or address in this window; undefined for none.
 */
export function serverIconSrc(server: Pick<ServerView, 'id' | 'target' | 'state'> | undefined) {
  if (!server) return undefined;
  const key = `${server.id}\n${server.target}`;
  const { state } = server;
  if (state.status === 'running') {
    const icon = state.icon ?? inlineIcon(state.serverInfo.icons);
    if (icon) {
      seen.delete(key);
      seen.set(key, icon);
      if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value!);
    } else seen.delete(key);
    return icon;
  }
  return seen.get(key);
}
