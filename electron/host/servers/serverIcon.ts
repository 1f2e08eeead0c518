import type { Icon } from '../../../shared/mcp/protocol';

/** Raster types shown as a server's icon (an SVG can carry script; it is not fetched). */
const ICON_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);
const MAX_ICON_BYTES = 256 * 1024;

/**
 * A remote server's icon as a data: URL, fetched only from the server's own origin (the spec's
 * SHOULD: icons from the server's domain), without credentials or redirects, within 5 s and 256 KB;
 * undefined when none qualifies. The page never loads anything from the network itself.
 */
export async function fetchServerIcon(
  serverUrl: string,
  icons: readonly Icon[] | undefined,
  timeoutMs = 5000,
): Promise<string | undefined> {
  const origin = new URL(serverUrl).origin;
  for (const icon of icons ?? []) {
    let url: URL;
    try {
      url = new URL(icon.src, serverUrl);
    } catch {
      continue;
    }
    if (url.origin !== origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
    const data = await fetchIcon(url, { ...(icon.mimeType ? { mimeType: icon.mimeType } : {}), timeoutMs });
    if (data) return data;
  }
  return undefined;
}

/**
 * One icon as a data: URL, or undefined: a raster type (declared and served), no credentials, no
 * redirects, within `timeoutMs` and 256 KB. Unreachable, too slow, redirected, too big: undefined.
 */
export async function fetchIcon(
  url: URL,
  {
    mimeType,
    timeoutMs = 5000,
    fetcher = plainFetch,
  }: {
    mimeType?: string;
    timeoutMs?: number;
    /** How the GET is made (a fetch that refuses some addresses); a redirect must not be followed. */
    fetcher?: (url: URL, init: { signal: AbortSignal }) => Promise<Response>;
  } = {},
): Promise<string | undefined> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (mimeType && !ICON_TYPES.has(mimeType.toLowerCase())) return undefined;
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs) });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!res.ok || !ICON_TYPES.has(type)) {
      await res.body?.cancel();
      return undefined;
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_ICON_BYTES) {
      await res.body?.cancel();
      return undefined;
    }
    const bytes = await readAtMost(res, MAX_ICON_BYTES);
    if (!bytes || bytes.length === 0) return undefined;
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return undefined;
  }
}

const plainFetch = (url: URL, { signal }: { signal: AbortSignal }) =>
  fetch(url, { redirect: 'error', credentials: 'omit', signal });

/** The body, or undefined once it passes `max` bytes (the rest is not read). */
async function readAtMost(res: Response, max: number): Promise<Buffer | undefined> {
  const reader = res.body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.length;
    if (total > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
}
