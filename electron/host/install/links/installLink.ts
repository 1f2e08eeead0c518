// An install link, read into a preview: which servers it would add, in config.json's shape, whose
// format it is in, and what to warn about. Nothing is installed, written, fetched or run here; a link
// that cannot be read whole and safely is refused with what was wrong with it.
import { parseCursorLink, parseLmStudioLink } from './base64ConfigLink';
import { parseGooseLink } from './gooseLink';
import {
  LINK_APPS,
  type LinkContext,
  LinkError,
  type LinkFormat,
  type LinkInstall,
  type LinkPreview,
  type LinkResult,
} from './linkTypes';
import { parseSwitchboardLink } from './switchboardLink';
import { parseVsCodeLink } from './vscodeLink';
import { appLinkOf } from './webInstallLink';

export type * from './linkTypes';

/** Install links are a few hundred bytes; anything near this is not one. */
export const MAX_LINK_BYTES = 64 * 1024;

const FORMATS: Record<string, LinkFormat> = {
  'switchboard:': 'switchboard',
  'vscode:': 'vscode',
  'vscode-insiders:': 'vscode-insiders',
  'cursor:': 'cursor',
  'lmstudio:': 'lmstudio',
  'goose:': 'goose',
};
const NEVER = ['javascript:', 'vbscript:', 'data:', 'file:', 'blob:'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Never throws: a refused link is `{ ok: false, error }`, the error a sentence a person can act on. */
export function parseInstallLink(link: string, context: LinkContext = {}): LinkResult {
  try {
    return { ok: true, preview: readLink(link, context) };
  } catch (error) {
    if (error instanceof LinkError)
      return { ok: false, error: `Cannot add from this link: ${error.message}` };
    throw error;
  }
}

function readLink(link: string, context: LinkContext): LinkPreview {
  if (typeof link !== 'string') throw new LinkError('it is not text');
  if (Buffer.byteLength(link, 'utf8') > MAX_LINK_BYTES)
    throw new LinkError(`it is larger than ${MAX_LINK_BYTES / 1024} KiB, far more than any install link`);
  const text = link.trim();
  if (text === '') throw new LinkError('it is empty');
  // The URL parser silently drops tabs and line breaks inside a URL: one that holds any is refused
  // rather than read as something other than what was shown.
  if (CONTROL.test(text)) throw new LinkError('it holds a line break or control character');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) throw new LinkError('it is not a link (no scheme such as switchboard://)');
  if (NEVER.includes(`${scheme}:`))
    throw new LinkError(`a ${scheme}: URL is never followed; it is not an install link`);
  if (scheme === 'https' && URL.canParse(text)) {
    // A README's button: the web page of VS Code, Cursor, LM Studio or Goose that opens its app's link.
    const web = appLinkOf(new URL(text));
    if (web) {
      const preview = readLink(web.link, context);
      if (web.unused.length > 0)
        preview.warnings.push(`left out parameters Switchboard does not use: ${web.unused.join(', ')}`);
      return preview;
    }
  }
  const format = FORMATS[`${scheme}:`];
  if (format === undefined)
    throw new LinkError(
      `${scheme}: links are not install links. Switchboard reads switchboard://, vscode:, vscode-insiders:, cursor://, lmstudio:// and goose:// links, and their https forms (vscode.dev/redirect/mcp/install, cursor.com/install-mcp, lmstudio.ai/install-mcp, block.github.io/goose/extension)`,
    );
  if (!URL.canParse(text)) throw new LinkError(`it is not a valid ${scheme}: URL`);
  const url = new URL(text);
  if (url.hash !== '') throw new LinkError('it has a "#" fragment, which no install link has');
  const warnings: string[] = [];
  let install: LinkInstall;
  if (format === 'switchboard') install = parseSwitchboardLink(url);
  else if (format === 'vscode' || format === 'vscode-insiders')
    install = { kind: 'servers', servers: parseVsCodeLink(url) };
  else {
    const read =
      format === 'cursor'
        ? parseCursorLink(url)
        : format === 'lmstudio'
          ? parseLmStudioLink(url)
          : parseGooseLink(url);
    install = { kind: 'servers', servers: read.servers };
    if (read.unused.length > 0)
      warnings.push(`left out parameters Switchboard does not use: ${read.unused.join(', ')}`);
  }
  return {
    origin: { format, app: LINK_APPS[format], ...(context.from !== undefined ? { from: context.from } : {}) },
    install,
    warnings,
  };
}
