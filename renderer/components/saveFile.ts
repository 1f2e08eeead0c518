// Server bytes (or text made from them, like an exported log) leave the app only as a file. An object
// URL lives in the app's origin: typed text/html, SVG or XHTML it would be a page there, running script
// beside the host API. So every download is application/octet-stream (a browser never renders or
// sniffs it), its URL exists only while the download starts, and its name cannot carry a path,
// hidden characters or a leading dot.

const DOWNLOAD_TYPE = 'application/octet-stream';

/** Image types shown inline (raster only: an SVG is a document that can carry script). */
const INLINE_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/** Whether bytes a server calls `mimeType` may be shown as an <img> (data: URL); else offer a download. */
export function isInlineImage(mimeType: string): boolean {
  return INLINE_IMAGES.has(mimeType.toLowerCase().split(';')[0]!.trim());
}

/** Whether bytes a server calls `mimeType` may be played in an <audio> element. */
export function isInlineAudio(mimeType: string): boolean {
  return /^audio\/[\w.+-]+$/i.test(mimeType.split(';')[0]!.trim());
}

/** A file name a server (or a title) suggested, made safe to save: no folders, controls or invisibles. */
export function safeFileName(name: string, fallback = 'download'): string {
  const cleaned = name
    // Only the last path segment: a name never picks a folder.
    .split(/[/\\]/)
    .pop()!
    // Controls, format characters (bidi overrides, zero-width), private use, unassigned, separators.
    .replace(/[\p{C}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[\p{Zs}]+/gu, ' ')
    // Characters no common file system takes.
    .replace(/[<>:"|?*]/g, '_')
    // No hidden file, no trailing dot or space (Windows drops them, changing the type).
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned || fallback;
}

/** Base64 from a server to its bytes (the decoder refuses what is not base64). */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Saves `content` as a file named (safely) `name`. Never opens or renders it. */
export function saveFile(name: string, content: BlobPart): void {
  const url = URL.createObjectURL(new Blob([content], { type: DOWNLOAD_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = safeFileName(name);
  a.rel = 'noopener';
  a.click();
  // Long enough for the browser to start the download; the URL is gone after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
