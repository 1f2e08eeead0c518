// VS Code's install link: `vscode:mcp/install?<URL-encoded JSON>` (`vscode-insiders:` for Insiders).
// The JSON is the object `code --add-mcp` takes: the server's mcp.json entry plus its "name", and
// optionally the "inputs" its `${input:…}` values ask for. Sources: the VS Code docs, "Use MCP servers
// in VS Code" → "URL handler" (microsoft/vscode-docs, docs/copilot/chat/mcp-servers.md), and VS Code's
// handler, src/vs/workbench/contrib/mcp/browser/mcpUrlHandler.ts (microsoft/vscode): the path must be
// `mcp/install`, the query is JSON.parse(decodeURIComponent(query)) and "name" is split off the rest.
// The curated list at code.visualstudio.com/mcp also writes "gallery": true, which only VS Code uses.

import { isRecord } from '../../../../shared/json/isRecord';
import { parseJson } from './base64Json';
import { draftServer, ENTRY_FIELDS } from './linkDraft';
import { LinkError, type LinkServer } from './linkTypes';

export function parseVsCodeLink(url: URL): LinkServer[] {
  if (url.pathname !== 'mcp/install' || url.host !== '')
    throw new LinkError(`a VS Code link installs a server only as ${url.protocol}mcp/install?{…}`);
  const query = url.search.slice(1);
  if (query === '') throw new LinkError('the VS Code link carries no server after "?"');
  let json: string;
  try {
    json = decodeURIComponent(query);
  } catch {
    throw new LinkError('the VS Code link is not validly URL-encoded');
  }
  if (!json.trimStart().startsWith('{') && /(^|&)config=/.test(query))
    throw new LinkError(
      'this VS Code link has name= and config= parameters, which VS Code does not read: its install link carries the server as URL-encoded JSON right after "?"',
    );
  const document = parseJson(json, 'the server in the VS Code link');
  if (!isRecord(document)) throw new LinkError('the server in the VS Code link is not a JSON object');
  const { name, inputs, gallery: _gallery, envFile, ...entry } = document;
  if (typeof name !== 'string') throw new LinkError('the VS Code link gives the server no "name"');
  const server = draftServer(name, entry, { fields: ENTRY_FIELDS, inputs: inputDescriptions(inputs) });
  if (envFile !== undefined)
    server.warnings.push('envFile is not supported: add those variables to env before it starts');
  return [server];
}

function inputDescriptions(inputs: unknown): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  if (!Array.isArray(inputs)) return out;
  for (const input of inputs) {
    if (isRecord(input) && typeof input.id === 'string')
      out.set(input.id, typeof input.description === 'string' ? input.description : undefined);
  }
  return out;
}
