// Switchboard's own install link. Three forms, nothing else:
//   switchboard://install?name=<name>&config=<base64url JSON>  one server, the JSON being its entry as
//     config.json's `mcpServers` holds it ({"command": …, "args": […], "env": {…}} or {"url": …});
//   switchboard://install?config=<base64url JSON>              several: the JSON is {"mcpServers": {…}};
//   switchboard://install?registry=<name>[&version=<version>]  a server of the registry, by its name
//     there (io.github.owner/server); the caller looks it up in the registry it uses, never one the link names.
// Standard base64 is read too. Parameters other than these are refused: our own links have no reason to carry them.

import { isRecord } from '../../../../shared/json/isRecord';
import { decodeBase64Json, encodeBase64UrlJson } from './base64Json';
import { draftServer, SWITCHBOARD_FIELDS } from './linkDraft';
import { linkQuery } from './linkQuery';
import { LinkError, type LinkInstall } from './linkTypes';

export const MAX_LINK_SERVERS = 20;
const REGISTRY_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]*$/;

export type SwitchboardLinkContent =
  | { name: string; entry: Record<string, unknown> }
  | { servers: Record<string, Record<string, unknown>> }
  | { registry: string; version?: string };

/** The link for `content`: what a page or another app writes to offer a server to Switchboard. */
export function switchboardInstallLink(content: SwitchboardLinkContent): string {
  const query = new URLSearchParams();
  if ('registry' in content) {
    query.set('registry', content.registry);
    if (content.version !== undefined) query.set('version', content.version);
  } else if ('servers' in content) {
    query.set('config', encodeBase64UrlJson({ mcpServers: content.servers }));
  } else {
    query.set('name', content.name);
    query.set('config', encodeBase64UrlJson(content.entry));
  }
  return `switchboard://install?${query}`;
}

export function parseSwitchboardLink(url: URL): LinkInstall {
  if (url.host !== 'install' || (url.pathname !== '' && url.pathname !== '/'))
    throw new LinkError('a Switchboard link installs a server only as switchboard://install?…');
  const query = linkQuery(url);
  const name = query.one('name');
  const config = query.one('config');
  const registry = query.one('registry');
  const version = query.one('version');
  const unknown = query.unused();
  if (unknown.length > 0)
    throw new LinkError(`the Switchboard link has parameters it never takes: ${unknown.join(', ')}`);
  if (registry !== undefined) {
    if (name !== undefined || config !== undefined)
      throw new LinkError('the Switchboard link names a registry server and also gives a config: pick one');
    if (registry.length > 200 || !REGISTRY_NAME.test(registry))
      throw new LinkError(
        `"${registry.slice(0, 200)}" is not a registry server name (like io.github.owner/server)`,
      );
    if (version !== undefined && (version.length > 100 || !VERSION.test(version)))
      throw new LinkError(`"${version.slice(0, 100)}" is not a version`);
    return { kind: 'registry', name: registry, ...(version !== undefined ? { version } : {}) };
  }
  if (version !== undefined)
    throw new LinkError('the Switchboard link gives a version but no registry server');
  if (config === undefined) throw new LinkError('the Switchboard link has neither "config" nor "registry"');
  const document = decodeBase64Json(config, "the Switchboard link's config");
  if (name !== undefined)
    return { kind: 'servers', servers: [draftServer(name, document, { fields: SWITCHBOARD_FIELDS })] };
  if (!isRecord(document) || !isRecord(document.mcpServers) || Object.keys(document).length !== 1)
    throw new LinkError(
      'the Switchboard link has no "name", so its config must be {"mcpServers": {…}} with the servers by name',
    );
  const entries = Object.entries(document.mcpServers);
  if (entries.length === 0) throw new LinkError('the Switchboard link has no servers in its config');
  if (entries.length > MAX_LINK_SERVERS)
    throw new LinkError(
      `the Switchboard link holds ${entries.length} servers; at most ${MAX_LINK_SERVERS} are read`,
    );
  const servers = entries.map(([n, entry]) => draftServer(n, entry, { fields: SWITCHBOARD_FIELDS }));
  const names = servers.map((s) => s.config.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new LinkError(`the Switchboard link names two servers "${twice}"`);
  return { kind: 'servers', servers };
}
