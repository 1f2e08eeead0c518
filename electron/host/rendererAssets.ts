import path from 'node:path';

/** How both shells serve the built renderer: the same types, the same CSP, the same path rule. */
const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const mimeTypeOf = (file: string): string =>
  MIME_TYPES[path.extname(file)] ?? 'application/octet-stream';

/** The renderer's CSP: nothing inline, nothing eval'd, no network but `connect` (our own origin by default). */
export function rendererCsp(connect: string[] = [], frames: string[] = []): string {
  return [
    "default-src 'self'",
    // Server Views (MCP Apps) only, each on its own sandbox origin; nothing else is framed.
    `frame-src ${frames.join(' ') || "'none'"}`,
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "media-src 'self' data:",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The file a URL path names inside `root` (`/` is index.html); undefined when it would leave `root`. */
function fileInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${decoded}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * The file a URL path serves inside `root`, or undefined: never outside `root`, and never a source
 * map (the build leaves none; one put there is not served) — judged by the file the path resolves
 * to, so no spelling of the path (`%2emap`, `.ma%70`, a trailing slash) reaches one.
 */
export function servedFile(root: string, urlPath: string): string | undefined {
  const file = fileInside(root, urlPath);
  return file && path.extname(file).toLowerCase() !== '.map' ? file : undefined;
}
