import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIF, JPEG, pdf, png, WEBP } from '../../../e2e/fixtures/files/sampleFiles';
import { FILE_LIMITS } from '../../../shared/chat/attachedFile';
import { cleanName, FileRefused, inspectFile } from './inspectFile';
import { pdfFacts } from './pdfFacts';

const refusal = (name: string, bytes: Uint8Array): string => {
  try {
    inspectFile(name, bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(FileRefused);
    return (error as Error).message;
  }
  throw new Error(`${name} was not refused`);
};

describe('what an attached file is, read from its bytes', () => {
  it('images of the four types models read, by their signature; the hash is of the bytes', () => {
    const picture = png(8, 6, [30, 144, 255]);
    expect(inspectFile('shot.png', picture)).toEqual({
      sha256: createHash('sha256').update(picture).digest('hex'),
      name: 'shot.png',
      mediaType: 'image/png',
      size: picture.length,
      kind: 'image',
    });
    expect(inspectFile('photo.jpeg', JPEG).mediaType).toBe('image/jpeg');
    expect(inspectFile('anim.gif', GIF).mediaType).toBe('image/gif');
    expect(inspectFile('pic.webp', WEBP).mediaType).toBe('image/webp');
    // A JPEG saved as .png is a JPEG: sent as what it is (the API refuses a type that lies).
    expect(inspectFile('misnamed.png', JPEG)).toMatchObject({ kind: 'image', mediaType: 'image/jpeg' });
  });

  it('a name that claims an image or a PDF over other bytes is refused, naming the file', () => {
    expect(refusal('diagram.png', Buffer.from('this is only text\n'))).toBe(
      'diagram.png is named as a PNG image, but its bytes are not one (it may be damaged, or another kind of file renamed). Nothing was attached.',
    );
    expect(refusal('scan.pdf', png(2, 2, [0, 0, 0]))).toBe(
      'scan.pdf is named as a PDF, but its bytes are a PNG image (it may be damaged, or another kind of file renamed). Nothing was attached.',
    );
    expect(refusal('cover.jpg', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]))).toMatch(
      /^cover\.jpg is named as a JPEG image/,
    );
  });

  it('text and code as UTF-8 (a byte-order mark allowed); binary and other encodings refused', () => {
    const code = Buffer.from('export const π = 3.14159; // “quoted”\n');
    expect(inspectFile('math.ts', code)).toMatchObject({
      kind: 'text',
      mediaType: 'text/plain',
      size: code.length,
    });
    expect(inspectFile('notes.md', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), code])).kind).toBe('text');
    expect(refusal('data.bin', Buffer.from([1, 2, 0, 4, 5]))).toBe(
      'data.bin (5 bytes) is neither text (UTF-8) nor a PNG, JPEG, GIF or WebP image or a PDF: Switchboard cannot attach it. Nothing was attached.',
    );
    expect(refusal('latin1.txt', Buffer.from('caf\xe9\n', 'latin1'))).toMatch(
      /^latin1\.txt .* neither text \(UTF-8\)/,
    );
    expect(refusal('empty.txt', Buffer.alloc(0))).toBe('empty.txt is empty. Nothing was attached.');
  });

  it('each kind within its limit, or refused saying the limit', () => {
    // A real PNG with bytes after its end (as some editors leave them) past 3.75 MB.
    const big = Buffer.concat([png(4, 4, [0, 0, 0]), Buffer.alloc(FILE_LIMITS.imageBytes)]);
    expect(refusal('huge.png', big)).toBe(
      `huge.png is ${(big.length / 1024 / 1024).toFixed(2)} MB: an image (5 MB once encoded, as Anthropic takes it) may be at most 3.75 MB. Nothing was attached.`,
    );
    const atLimit = Buffer.concat([png(4, 4, [0, 0, 0])]);
    const padded = Buffer.concat([atLimit, Buffer.alloc(FILE_LIMITS.imageBytes - atLimit.length)]);
    expect(inspectFile('exact.png', padded).size).toBe(FILE_LIMITS.imageBytes);
    const text = Buffer.alloc(FILE_LIMITS.textBytes + 1, 'a');
    expect(refusal('long.log', text)).toBe(
      'long.log is 512 KB: a text file (about 130,000 tokens) may be at most 512 KB. Nothing was attached.',
    );
  });

  it('a name keeps no folder and nothing hidden', () => {
    expect(cleanName('C:\\Users\\me\\report\u202e.pdf')).toBe('report.pdf');
    expect(cleanName('../../etc/passwd')).toBe('passwd');
    expect(cleanName('\u0007')).toBe('file');
  });
});

describe('PDFs: pages counted, encryption refused', () => {
  it('counts the pages of PDFs with and without object streams', async () => {
    for (const objectStreams of [true, false]) {
      const file = await pdf(3, { objectStreams });
      // With object streams the page tree is compressed: not in the file's text at all.
      expect(file.toString('latin1').includes('/Type /Pages')).toBe(!objectStreams);
      expect(pdfFacts(file)).toEqual({ pages: 3, encrypted: false });
      expect(inspectFile('three.pdf', file)).toMatchObject({
        kind: 'pdf',
        mediaType: 'application/pdf',
        pages: 3,
      });
    }
  });

  it('a PDF over 100 pages is refused saying so; one of 100 is taken', async () => {
    expect(refusal('book.pdf', await pdf(101))).toBe(
      "book.pdf has 101 pages: a PDF may have at most 100 (Anthropic's limit for a request). Nothing was attached.",
    );
    expect(inspectFile('hundred.pdf', await pdf(100)).pages).toBe(100);
  });

  it('an encrypted PDF is refused', async () => {
    const plain = (await pdf(1, { objectStreams: false })).toString('latin1');
    const locked = Buffer.from(
      plain.replace(/trailer\s*<</, (t) => `${t}\n/Encrypt 9 0 R`),
      'latin1',
    );
    expect(pdfFacts(locked).encrypted).toBe(true);
    expect(refusal('locked.pdf', locked)).toBe(
      'locked.pdf is a password-protected (encrypted) PDF: the model can read only a PDF without encryption. Nothing was attached.',
    );
  });
});
