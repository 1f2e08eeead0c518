import { LinkError } from './linkTypes';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * JSON carried as base64 in a link's query: Cursor and LM Studio write standard base64 (btoa), ours is
 * base64url; both are read. A `+` left unescaped in a query string arrives as a space
 * (application/x-www-form-urlencoded), so spaces are read as `+`. Node's decoder skips characters it
 * does not know, so the text is checked first: a damaged link is refused, never half-read.
 */
export function decodeBase64Json(text: string, what: string): unknown {
  const encoded = text.replace(/ /g, '+');
  if (encoded === '') throw new LinkError(`${what} is empty`);
  if (!BASE64.test(encoded) || encoded.replace(/=+$/, '').length % 4 === 1)
    throw new LinkError(`${what} is not valid base64`);
  const bytes = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError(`${what} is base64 of something other than UTF-8 text`);
  }
  return parseJson(json, what);
}

/** JSON.parse whose error says where the fault is, never quoting the text around it. */
export function parseJson(json: string, what: string): unknown {
  try {
    return JSON.parse(json);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    throw new LinkError(`${what} is not valid JSON${at ? ` (at character ${Number(at[1]) + 1})` : ''}`);
  }
}

export function encodeBase64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
