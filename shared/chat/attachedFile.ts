/**
 * Files the person attaches to a message (issue 49 item 8): images and PDFs go to the model as the
 * provider's own blocks, text and code as text. The host keeps each file's bytes once, by their
 * SHA-256 (`attachments/<sha256>` in the data folder); a message holds only this reference.
 */
export type AttachedFileKind = 'image' | 'pdf' | 'text';

export interface AttachedFile {
  /** The SHA-256 of the bytes (hex): where the host keeps them, and how two attachments are one file. */
  sha256: string;
  /** The file's name as the person had it (no folder). */
  name: string;
  /** Found from the bytes (a PNG named `.jpg` is sent as a PNG); `text/plain` for text and code. */
  mediaType: string;
  size: number;
  kind: AttachedFileKind;
  /** A PDF's pages, where they could be counted. */
  pages?: number;
}

const MB = 1024 * 1024;

/**
 * What a message and a request may carry, from Anthropic's published limits: an image's base64 at
 * most 5 MB (so 3.75 MB of image), a request at most 32 MB with at most 100 PDF pages (a PDF's base64
 * is a third larger than the file, hence 20 MB for one and 22 MB for every image and PDF together).
 * Text is sent as text: 512 KB is about 130,000 tokens, most of a model's context already.
 */
export const FILE_LIMITS = {
  perMessage: 20,
  imageBytes: (5 * MB * 3) / 4,
  pdfBytes: 20 * MB,
  pdfPages: 100,
  textBytes: 512 * 1024,
  /** Images and PDFs of one request, together (their base64 must fit Anthropic's 32 MB). */
  requestBytes: 22 * MB,
} as const;

/** The largest file of any kind: past it, nothing is read or sent. */
export const MAX_FILE_BYTES = Math.max(FILE_LIMITS.imageBytes, FILE_LIMITS.pdfBytes, FILE_LIMITS.textBytes);

/** A size as a person reads it: 812 bytes, 14.2 KB, 3.75 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < MB) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / MB)} MB`;
}
const trim = (n: number) => String(Number(n.toFixed(n < 10 ? 2 : 1)));

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The type a file's name claims, for the kinds whose bytes must prove it (images, PDFs). */
export function claimedType(name: string): { kind: 'image' | 'pdf'; mediaType: string } | undefined {
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (ext === 'pdf') return { kind: 'pdf', mediaType: 'application/pdf' };
  const image = IMAGE_TYPES[ext];
  return image ? { kind: 'image', mediaType: image } : undefined;
}

/** What a type is called in a sentence: "a PNG image", "a PDF". */
export function typeWords(mediaType: string): string {
  if (mediaType === 'application/pdf') return 'a PDF';
  if (mediaType.startsWith('image/')) return `a ${mediaType.slice(6).toUpperCase()} image`;
  return 'a text file';
}

/**
 * Why a file of `kind` and `size` (and `pages`) cannot be attached, in a sentence naming it; none
 * when it can. The same words the page says before uploading and the host says after reading it.
 */
export function fileLimitProblem(
  name: string,
  kind: AttachedFileKind,
  size: number,
  pages?: number,
): string | undefined {
  const over = (limit: number, what: string) =>
    `${name} is ${formatSize(size)}: ${what} may be at most ${formatSize(limit)}. Nothing was attached.`;
  if (size === 0) return `${name} is empty. Nothing was attached.`;
  if (kind === 'image' && size > FILE_LIMITS.imageBytes)
    return over(FILE_LIMITS.imageBytes, 'an image (5 MB once encoded, as Anthropic takes it)');
  if (kind === 'pdf' && size > FILE_LIMITS.pdfBytes)
    return over(FILE_LIMITS.pdfBytes, 'a PDF (Anthropic takes 32 MB a request, once encoded)');
  if (kind === 'pdf' && pages !== undefined && pages > FILE_LIMITS.pdfPages)
    return `${name} has ${pages} pages: a PDF may have at most ${FILE_LIMITS.pdfPages} (Anthropic's limit for a request). Nothing was attached.`;
  if (kind === 'text' && size > FILE_LIMITS.textBytes)
    return over(FILE_LIMITS.textBytes, 'a text file (about 130,000 tokens)');
  return undefined;
}

/**
 * Why these files cannot go in one message (or one request), naming the limit; none when they can.
 * `where`: "one message", or "this conversation's requests" for everything a turn sends again.
 */
export function filesTogetherProblem(
  files: readonly Pick<AttachedFile, 'kind' | 'size' | 'pages'>[],
  where: string,
): string | undefined {
  const binary = files.filter((f) => f.kind !== 'text').reduce((n, f) => n + f.size, 0);
  const pages = files.reduce((n, f) => n + (f.kind === 'pdf' ? (f.pages ?? 0) : 0), 0);
  if (where === 'one message' && files.length > FILE_LIMITS.perMessage)
    return `${files.length} files are attached: one message may carry at most ${FILE_LIMITS.perMessage}.`;
  if (binary > FILE_LIMITS.requestBytes)
    return `The images and PDFs of ${where} come to ${formatSize(binary)}: at most ${formatSize(FILE_LIMITS.requestBytes)} can go in one request (Anthropic takes 32 MB, once encoded).`;
  if (pages > FILE_LIMITS.pdfPages)
    return `The PDFs of ${where} have ${pages} pages: at most ${FILE_LIMITS.pdfPages} can go in one request (Anthropic's limit).`;
  return undefined;
}

/** How a file is named where a line says what was attached: "report.pdf (1.2 MB)". */
export const fileLabel = (f: Pick<AttachedFile, 'name' | 'size'>): string =>
  `${f.name} (${formatSize(f.size)})`;
