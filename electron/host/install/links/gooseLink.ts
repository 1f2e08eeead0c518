// Goose's install link, `goose://extension?…`. Source: Goose's handler, addExtensionFromDeepLink in
// ui/desktop/src/components/settings/extensions/deeplink.ts (block/goose, now aaif-goose/goose), and
// the links in its docs (documentation/docs/mcp/*.md). Parameters:
//   name (required; Goose keys the extension by it), id, description, timeout (seconds), installation_notes;
//   a local server: cmd, arg (repeated, in order), env (repeated, `NAME=what to ask for` — Goose never
//     takes a value from the link, it asks the person);
//   a remote one: url, type or transport (`streamable_http`; `sse` in older Goose, which also made it
//     the default), header (repeated, `Name=value`, split at the first "=").
import { checkServerUrl, draftServer, ENTRY_FIELDS } from './linkDraft';
import { linkQuery } from './linkQuery';
import { LinkError, type LinkServer } from './linkTypes';

const TYPES = new Map([
  ['streamable_http', 'http'],
  ['sse', 'sse'],
]);

export function parseGooseLink(url: URL): { servers: LinkServer[]; unused: string[] } {
  if (url.host !== 'extension' || (url.pathname !== '' && url.pathname !== '/'))
    throw new LinkError('a Goose link installs a server only as goose://extension?…');
  const query = linkQuery(url);
  const name = query.one('name');
  if (name === undefined || name.trim() === '') throw new LinkError('the Goose link has no "name"');
  query.one('id');
  query.one('installation_notes');
  const description = query.one('description');
  const cmd = query.one('cmd');
  const remote = query.one('url');
  const type = query.one('type');
  const transport = query.one('transport');
  const timeout = query.one('timeout');
  const entry: Record<string, unknown> = {};
  const prompts = new Map<string, string>();
  const warnings: string[] = [];
  if ((cmd === undefined) === (remote === undefined))
    throw new LinkError(
      cmd === undefined
        ? 'the Goose link has neither "cmd" (a local server) nor "url" (a remote one)'
        : 'the Goose link has both "cmd" and "url": pick one',
    );
  if (cmd !== undefined) {
    if (type !== undefined && type !== 'stdio')
      throw new LinkError(`the Goose link runs "cmd" but says type=${type}`);
    entry.command = cmd;
    entry.args = query.all('arg');
    const env: Record<string, string> = {};
    for (const item of query.all('env')) {
      const at = item.indexOf('=');
      const key = at === -1 ? item : item.slice(0, at);
      env[key] = '';
      prompts.set(key, at === -1 ? '' : item.slice(at + 1));
    }
    entry.env = env;
  } else {
    entry.url = checkServerUrl(remote, 'the Goose link\'s "url"');
    const kind = type ?? transport;
    if (kind !== undefined) {
      const mapped = TYPES.get(kind);
      if (!mapped) throw new LinkError(`the Goose link's type "${kind}" is not streamable_http or sse`);
      entry.type = mapped;
    }
    const headers: Record<string, string> = {};
    for (const item of query.all('header')) {
      const at = item.indexOf('=');
      if (at <= 0) throw new LinkError(`the Goose link's header "${item}" is not Name=value`);
      headers[item.slice(0, at)] = item.slice(at + 1);
    }
    entry.headers = headers;
  }
  const fields: string[] = [...ENTRY_FIELDS];
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (Number.isInteger(seconds) && seconds > 0 && seconds <= 86_400) {
      entry.requestTimeoutMs = seconds * 1000;
      fields.push('requestTimeoutMs');
    } else warnings.push(`timeout=${timeout} left out: not a whole number of seconds up to a day`);
  }
  const server = draftServer(name, entry, {
    fields,
    prompts,
    ...(description ? { description } : {}),
  });
  server.warnings.unshift(...warnings);
  return { servers: [server], unused: query.unused() };
}
