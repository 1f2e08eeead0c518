// The https forms of the install links, which READMEs link to because a browser follows them: each
// host's web page turns them into its app's own link. They carry the same server in the same encoding,
// so each is read as the app link it stands for and previewed exactly as that one would be.
//   VS Code   https://vscode.dev/redirect/mcp/install?name=…&config=<URL-encoded JSON>[&inputs=<JSON>]
//             (insiders.vscode.dev too; `quality=insiders` opens VS Code Insiders) — the badge VS Code's
//             own MCP servers (github/github-mcp-server, microsoft/playwright-mcp…) link to;
//   Cursor    https://cursor.com/install-mcp?name=…&config=<base64> (also under a language, /en/install-mcp,
//             and www.cursor.com) — Cursor's "MCP Install Links" page;
//   LM Studio https://lmstudio.ai/install-mcp?name=…&config=<base64> — LM Studio's "Add to LM Studio" button;
//   Goose     https://block.github.io/goose/extension?cmd=…&arg=…&name=… — Goose's docs' install buttons.
// Nothing is fetched: the page itself is never opened.
import { linkQuery } from './linkQuery';
import { LinkError } from './linkTypes';

/**
 * The app link an https install link stands for, and the parameters it did not use; undefined when it
 * is no install link of these hosts.
 */
export function appLinkOf(url: URL): { link: string; unused: string[] } | undefined {
  const link = appLink(url);
  if (link === undefined) return undefined;
  // VS Code's parameters are read here; the others' by their app link's own reader, which says what it left out.
  return typeof link === 'string' ? { link, unused: [] } : link;
}

function appLink(url: URL): string | { link: string; unused: string[] } | undefined {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '')
    return undefined;
  if (host === 'vscode.dev' || host === 'insiders.vscode.dev') return vscodeLink(url);
  if (host === 'cursor.com' || host === 'www.cursor.com') {
    if (!/^\/([a-z]{2}(-[A-Za-z]{2})?\/)?install-mcp\/?$/.test(url.pathname)) return undefined;
    return `cursor://anysphere.cursor-deeplink/mcp/install${url.search}`;
  }
  if (host === 'lmstudio.ai' || host === 'www.lmstudio.ai') {
    if (!/^\/install-mcp\/?$/.test(url.pathname)) return undefined;
    return `lmstudio://add_mcp${url.search}`;
  }
  if (host === 'block.github.io') {
    if (!/^\/goose\/extension\/?$/.test(url.pathname)) return undefined;
    return `goose://extension${url.search}`;
  }
  return undefined;
}

function vscodeLink(url: URL): { link: string; unused: string[] } | undefined {
  if (!/^\/redirect\/mcp\/install\/?$/.test(url.pathname)) return undefined;
  const query = linkQuery(url);
  const name = query.one('name');
  const config = query.one('config');
  const inputs = query.one('inputs');
  const quality = query.one('quality');
  if (name === undefined) throw new LinkError('the VS Code link has no "name"');
  if (config === undefined) throw new LinkError('the VS Code link has no "config"');
  if (quality !== undefined && quality !== 'insiders' && quality !== 'stable')
    throw new LinkError(`the VS Code link's "quality" is ${JSON.stringify(quality)}, not insiders or stable`);
  const entry = json(config, 'config');
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
    throw new LinkError('the server in the VS Code link is not a JSON object');
  const server = { ...entry, name, ...(inputs !== undefined ? { inputs: json(inputs, 'inputs') } : {}) };
  const scheme = quality === 'insiders' ? 'vscode-insiders' : 'vscode';
  return {
    link: `${scheme}:mcp/install?${encodeURIComponent(JSON.stringify(server))}`,
    unused: query.unused(),
  };
}

function json(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new LinkError(`the VS Code link's "${what}" is not valid JSON`);
  }
}
