// How a .mcpb file is laid out: a zip archive, and after it, when it is signed, `mcpb sign`'s block —
// "MCPB_SIG_V1", a 4-byte little-endian length, a DER PKCS#7 signature, "MCPB_SIG_END". mcpb 2.1.2
// signs the archive and appends the block; a later mcpb (modelcontextprotocol/mcpb#204) also widens
// the archive's comment to cover the block, after signing, so that strict zip readers accept the file.
// A signed bundle's archive is the bytes before its block, the comment's length as it was signed: the
// signature is checked against exactly that, and exactly that is unpacked. Whatever else in the file
// a zip reader could take for an archive refuses it — bytes between the archive and the block, a
// comment reaching into the block, an archive's end record inside the block, bytes after it.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { type ArchiveRange, asArchived } from './archiveRange';
import { BundleError } from './bundleError';
import type { DigestName } from './cmsSignature';

const HEADER = Buffer.from('MCPB_SIG_V1');
const FOOTER = Buffer.from('MCPB_SIG_END');
/** Far above a signature with a chain of certificates; a block claiming more is no signature. */
const MAX_SIGNATURE_BYTES = 1024 * 1024;
const MAX_BLOCK = HEADER.length + 4 + MAX_SIGNATURE_BYTES + FOOTER.length;
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** What zip readers look for from a file's end: the end record, and zip64's record and locator. */
const ARCHIVE_ENDS = [0x06054b50, 0x06064b50, 0x07064b50].map((n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
});
const CHUNK = 1024 * 1024;

export interface BundleLayout {
  size: number;
  /** The zip archive: what is unpacked, and for a signed bundle what was signed. */
  archive: ArchiveRange;
  /** The signature block's PKCS#7 (DER), when the file ends with one. */
  signature?: Buffer;
}

async function readAt(file: FileHandle, start: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, start + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

const uncovered = (why: string) =>
  new BundleError(
    'bad-signature',
    `The bundle's signature does not cover all of it (${why}): it was changed after signing, or damaged. Do not install it; get the bundle again from its publisher.`,
  );

/** Signature blocks in `bytes`, as [start, end) — a header whose length field ends it at a footer. */
function blocksIn(bytes: Buffer): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (let at = bytes.indexOf(HEADER); at !== -1; at = bytes.indexOf(HEADER, at + 1)) {
    const lengthAt = at + HEADER.length;
    if (lengthAt + 4 > bytes.length) break;
    const end = lengthAt + 4 + bytes.readUInt32LE(lengthAt) + FOOTER.length;
    if (end <= bytes.length && bytes.subarray(end - FOOTER.length, end).equals(FOOTER))
      found.push({ start: at, end });
  }
  return found;
}

/** Where the archive and the signature lie in the file; throws when they leave any doubt. */
export async function readBundleLayout(file: FileHandle, size: number): Promise<BundleLayout> {
  const tailStart = Math.max(0, size - MAX_BLOCK);
  const tail = await readAt(file, tailStart, size - tailStart);
  const blocks = blocksIn(tail);
  if (!tail.subarray(Math.max(0, tail.length - FOOTER.length)).equals(FOOTER)) {
    const before = blocks.at(-1);
    if (before) throw uncovered(`${tail.length - before.end} bytes follow its signature block`);
    return { size, archive: { end: size } };
  }
  const last = blocks.filter((b) => b.end === tail.length);
  if (last.length === 0)
    throw new BundleError(
      'bad-signature',
      'The bundle ends with a signature block that cannot be read: it was damaged or changed after signing. Do not install it; get the bundle again from its publisher.',
    );
  // A signature's own bytes holding a second block that ends at the footer: either could be the one.
  if (last.length > 1) throw uncovered('it holds two signature blocks');
  const block = last[0]!;
  const bytes = tail.subarray(block.start);
  if (ARCHIVE_ENDS.some((end) => bytes.includes(end)))
    throw uncovered(
      'its signature block holds the end of another zip archive, which a zip reader could unpack instead of the signed one',
    );
  const blockStart = tailStart + block.start;
  const signature = Buffer.from(bytes.subarray(HEADER.length + 4, bytes.length - FOOTER.length));
  return { size, archive: await archiveBefore(file, blockStart, size), signature };
}

/**
 * The archive that ends where the signature block starts: the end record a zip reader finds there
 * (the last one before it, as yauzl looks) must end, with its comment, just there — or, widened
 * after signing, at the file's end, its length as signed then restored.
 */
async function archiveBefore(file: FileHandle, blockStart: number, size: number): Promise<ArchiveRange> {
  const start = Math.max(0, blockStart - EOCD_SIZE - MAX_COMMENT);
  const region = await readAt(file, start, blockStart - start);
  let i = region.length - EOCD_SIZE;
  while (i >= 0 && region.readUInt32LE(i) !== EOCD_SIGNATURE) i--;
  if (i < 0)
    throw new BundleError(
      'not-a-zip',
      'The file is not a bundle (a zip archive) or is damaged: no zip archive ends before its signature block.',
    );
  const commentLength = region.readUInt16LE(i + 20);
  const commentEnd = start + i + EOCD_SIZE + commentLength;
  if (commentEnd === blockStart) return { end: blockStart };
  if (commentEnd === size) {
    const bytes = Buffer.alloc(2);
    bytes.writeUInt16LE(commentLength - (size - blockStart));
    return { end: blockStart, patch: { at: start + i + 20, bytes } };
  }
  if (commentEnd < blockStart)
    throw uncovered(`${blockStart - commentEnd} bytes between the archive and its signature block`);
  throw uncovered("the archive's comment reaches into its signature block without covering it");
}

export interface BundleDigests {
  /** SHA-256 of the whole file, as a registry lists it. */
  sha256: string;
  /** The archive's digest with the algorithm asked for: what a signature signs. */
  archive: Buffer;
}

/** Reads the file once: its SHA-256, and the archive's digest (as signed) with `algorithm`. */
export async function digestBundle(
  file: FileHandle,
  layout: BundleLayout,
  algorithm: DigestName,
): Promise<BundleDigests> {
  const whole = createHash('sha256');
  const archive = createHash(algorithm);
  const { end } = layout.archive;
  for (let at = 0; at < layout.size; ) {
    const length = Math.min(CHUNK, layout.size - at);
    const bytes = await readAt(file, at, length);
    if (bytes.length !== length)
      throw new BundleError('unreadable', 'The bundle file changed while it was read.');
    whole.update(bytes);
    if (at < end) archive.update(asArchived(bytes.subarray(0, end - at), at, layout.archive));
    at += length;
  }
  return { sha256: whole.digest('hex'), archive: archive.digest() };
}
