import { createHash } from 'node:crypto';
import {
  type AttachedFile,
  claimedType,
  fileLimitProblem,
  formatSize,
  typeWords,
} from '../../../shared/chat/attachedFile';
import { pdfFacts } from './pdfFacts';

/** A file the person cannot attach, with the sentence that names it and says why (nothing was kept). */
export class FileRefused extends Error {
  override readonly name = 'FileRefused';
}

/** The type the bytes themselves prove, by their signature; undefined for anything else. */
export function sniffType(
  bytes: Uint8Array,
): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf' | undefined {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  const ascii = (text: string, at = 0) =>
    starts(
      [...text].map((c) => c.charCodeAt(0)),
      at,
    );
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii('GIF87a') || ascii('GIF89a')) return 'image/gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'image/webp';
  // The header may follow a few bytes of something else (readers look in the first 1,024).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  return undefined;
}

/** Characters a name never shows: controls, zero-width and direction marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name as the person had it, with no folder and nothing hidden (at most 255 characters). */
export function cleanName(name: string): string {
  const clean = (name.split(/[\\/]/).pop() ?? '').replace(UNSEEN, '').trim();
  return (clean || 'file').slice(0, 255);
}

/**
 * What a file is, read from its bytes: an image (PNG, JPEG, GIF, WebP) or a PDF by its signature —
 * a name that claims one of those over bytes that are not is refused —, else text if it is UTF-8
 * with no NUL. Within the limits (shared/chat/attachedFile.ts), or refused with a FileRefused that
 * names the file and what is wrong.
 */
export function inspectFile(name: string, bytes: Uint8Array): AttachedFile {
  const clean = cleanName(name);
  const refuse = (why: string): never => {
    throw new FileRefused(why);
  };
  if (bytes.length === 0) refuse(`${clean} is empty. Nothing was attached.`);
  const sniffed = sniffType(bytes);
  const claimed = claimedType(clean);
  if (claimed && (!sniffed || (claimed.kind === 'pdf') !== (sniffed === 'application/pdf')))
    refuse(
      `${clean} is named as ${typeWords(claimed.mediaType)}, but its bytes are ${sniffed ? typeWords(sniffed) : 'not one'} (it may be damaged, or another kind of file renamed). Nothing was attached.`,
    );
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const size = bytes.length;
  const checked = (file: AttachedFile): AttachedFile => {
    const problem = fileLimitProblem(clean, file.kind, size, file.pages);
    return problem ? refuse(problem) : file;
  };
  if (sniffed === 'application/pdf') {
    const facts = pdfFacts(bytes);
    if (facts.encrypted)
      refuse(
        `${clean} is a password-protected (encrypted) PDF: the model can read only a PDF without encryption. Nothing was attached.`,
      );
    return checked({
      sha256,
      name: clean,
      mediaType: sniffed,
      size,
      kind: 'pdf',
      ...(facts.pages === undefined ? {} : { pages: facts.pages }),
    });
  }
  if (sniffed) return checked({ sha256, name: clean, mediaType: sniffed, size, kind: 'image' });
  if (!isText(bytes))
    refuse(
      `${clean} (${formatSize(size)}) is neither text (UTF-8) nor a PNG, JPEG, GIF or WebP image or a PDF: Switchboard cannot attach it. Nothing was attached.`,
    );
  return checked({ sha256, name: clean, mediaType: 'text/plain', size, kind: 'text' });
}

/** UTF-8 throughout, and no NUL (which no text file holds, and every binary format soon does). */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
