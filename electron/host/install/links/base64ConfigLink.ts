// The two formats that carry a name and a base64 `mcpServers` entry:
// Cursor — `cursor://anysphere.cursor-deeplink/mcp/install?name=$NAME&config=$BASE64_ENCODED_CONFIG`,
//   the config being JSON.stringify of the server's mcp.json entry, base64-encoded (Cursor docs, "MCP
//   Install Links", https://cursor.com/docs/mcp/install-links);
// LM Studio — `lmstudio://add_mcp?name=…&config=…`, "Base64 encoded JSON configuration for the MCP
//   server" (LM Studio docs, "Add to LM Studio button", https://lmstudio.ai/docs/app/mcp/deeplink;
//   LM Studio "follows Cursor's mcp.json notation").

import { isRecord } from '../../../../shared/json/isRecord';
import { decodeBase64Json } from './base64Json';
import { draftServer, ENTRY_FIELDS } from './linkDraft';
import { linkQuery } from './linkQuery';
import { LinkError, type LinkServer } from './linkTypes';

export function parseCursorLink(url: URL): { servers: LinkServer[]; unused: string[] } {
  if (url.host !== 'anysphere.cursor-deeplink' || url.pathname !== '/mcp/install')
    throw new LinkError(
      'a Cursor link installs a server only as cursor://anysphere.cursor-deeplink/mcp/install?name=…&config=…',
    );
  return nameAndConfig(url, 'Cursor');
}

export function parseLmStudioLink(url: URL): { servers: LinkServer[]; unused: string[] } {
  if (url.host !== 'add_mcp' || (url.pathname !== '' && url.pathname !== '/'))
    throw new LinkError('an LM Studio link installs a server only as lmstudio://add_mcp?name=…&config=…');
  return nameAndConfig(url, 'LM Studio');
}

function nameAndConfig(url: URL, app: string): { servers: LinkServer[]; unused: string[] } {
  const query = linkQuery(url);
  const name = query.one('name');
  const config = query.one('config');
  if (name === undefined) throw new LinkError(`the ${app} link has no "name"`);
  if (config === undefined) throw new LinkError(`the ${app} link has no "config"`);
  let entry = decodeBase64Json(config, `the ${app} link's config`);
  const warnings: string[] = [];
  // Some links wrap the entry as in mcp.json ({"postgres": {…}}), which is what Cursor's generator is
  // given, not what it links: read the one entry inside, and say so.
  const keys = isRecord(entry) ? Object.keys(entry) : [];
  const inner = isRecord(entry) && keys.length === 1 ? entry[keys[0]!] : undefined;
  if (isRecord(entry) && !('command' in entry) && !('url' in entry) && isRecord(inner)) {
    if ('command' in inner || 'url' in inner) {
      warnings.push(
        `the config wraps the server in {"${keys[0]}": …}; read as the server itself${keys[0] !== name ? `, named "${name}" as the link says` : ''}`,
      );
      entry = inner;
    }
  }
  const server = draftServer(name, entry, { fields: ENTRY_FIELDS });
  server.warnings.unshift(...warnings);
  return { servers: [server], unused: query.unused() };
}
