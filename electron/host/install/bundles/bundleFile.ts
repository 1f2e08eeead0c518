// How a .mcpb file is laid out: a zip archive, and after it, when it is signed, `mcpb sign`'s block —
// "MCPB_SIG_V1", a 4-byte little-endian length, a DER PKCS#7 signature, "MCPB_SIG_END". mcpb 2.1.2
// signs the archive and appends the block; a later mcpb (modelcontextprotocol/mcpb#204) also widens
// the archive's comment to cover the block, after signing, so that strict zip readers accept the file.
// Both are read here: the archive is then the whole file, and what was signed had the comment unwidened.
import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { BundleError } from './bundleError';

const HEADER = Buffer.from('MCPB_SIG_V1');
const FOOTER = Buffer.from('MCPB_SIG_END');
/** Far above a signature with a chain of certificates; a block claiming more is no signature. */
const MAX_SIGNATURE_BYTES = 1024 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const CHUNK = 1024 * 1024;

export interface BundleLayout {
  size: number;
  /** The zip archive is the file's bytes [0, zipEnd). */
  zipEnd: number;
  /** Present when the file ends with a signature block. */
  signed?: {
    pkcs7: Buffer;
    /** The signed content is the file's bytes [0, contentEnd)… */
    contentEnd: number;
    /** …or those bytes with the archive comment's length as it was before the block was added. */
    unwidened?: { at: number; bytes: Buffer };
  };
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

/** Where the archive and the signature lie in the file. */
export async function readBundleLayout(file: FileHandle, size: number): Promise<BundleLayout> {
  const tailStart = Math.max(0, size - (MAX_SIGNATURE_BYTES + HEADER.length + 4 + FOOTER.length));
  const tail = await readAt(file, tailStart, size - tailStart);
  if (!tail.subarray(tail.length - FOOTER.length).equals(FOOTER)) return { size, zipEnd: size };
  // The header nearest the end whose length field accounts exactly for the bytes up to the footer: a
  // signature's own bytes may happen to hold "MCPB_SIG_V1", and the length field tells them apart.
  let header = tail.lastIndexOf(HEADER);
  while (header !== -1) {
    const lengthAt = header + HEADER.length;
    if (lengthAt + 4 <= tail.length) {
      const length = tail.readUInt32LE(lengthAt);
      if (lengthAt + 4 + length + FOOTER.length === tail.length) {
        const contentEnd = tailStart + header;
        const pkcs7 = Buffer.from(tail.subarray(lengthAt + 4, lengthAt + 4 + length));
        const { zipEnd, unwidened } = await zipBeforeBlock(file, contentEnd, size);
        return { size, zipEnd, signed: { pkcs7, contentEnd, ...(unwidened ? { unwidened } : {}) } };
      }
    }
    header = header === 0 ? -1 : tail.lastIndexOf(HEADER, header - 1);
  }
  throw new BundleError(
    'bad-signature',
    'The bundle ends with a signature block that cannot be read: it was damaged or changed after signing. Do not install it; get the bundle again from its publisher.',
  );
}

/** The archive before a signature block: just before it, or (widened comment) the whole file. */
async function zipBeforeBlock(
  file: FileHandle,
  contentEnd: number,
  size: number,
): Promise<{ zipEnd: number; unwidened?: { at: number; bytes: Buffer } }> {
  const start = Math.max(0, contentEnd - EOCD_SIZE - MAX_COMMENT);
  const region = await readAt(file, start, contentEnd - start);
  for (let i = region.length - EOCD_SIZE; i >= 0; i--) {
    if (region.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    const commentLength = region.readUInt16LE(i + 20);
    const commentEnd = start + i + EOCD_SIZE + commentLength;
    if (commentEnd === contentEnd) return { zipEnd: contentEnd };
    if (commentEnd === size) {
      const bytes = Buffer.alloc(2);
      bytes.writeUInt16LE(commentLength - (size - contentEnd));
      return { zipEnd: size, unwidened: { at: start + i + 20, bytes } };
    }
  }
  // No archive ends there: the zip reader says what is wrong with it.
  return { zipEnd: contentEnd };
}

export interface BundleDigests {
  /** SHA-256 of the whole file, as a registry lists it. */
  sha256: string;
  /** The signed content's digests, in each form it may have been signed in (see BundleLayout). */
  content: Buffer[];
}

/** Reads the file once: its SHA-256, and the digests a signature is checked against. */
export async function digestBundle(
  file: FileHandle,
  layout: BundleLayout,
  algorithm: string | undefined,
): Promise<BundleDigests> {
  const whole = createHash('sha256');
  const signed = layout.signed;
  const asIs = algorithm && signed ? createHash(algorithm) : undefined;
  const patch = signed?.unwidened;
  let unwidened: Hash | undefined;
  for (let at = 0; at < layout.size; ) {
    // Reads stop at the comment length, so the two forms part there.
    let length = Math.min(CHUNK, layout.size - at);
    if (patch && at < patch.at) length = Math.min(length, patch.at - at);
    if (patch && at === patch.at) length = patch.bytes.length;
    const bytes = await readAt(file, at, length);
    if (bytes.length !== length)
      throw new BundleError('unreadable', 'The bundle file changed while it was read.');
    whole.update(bytes);
    if (asIs && signed && at < signed.contentEnd) {
      const content = bytes.subarray(0, signed.contentEnd - at);
      if (patch && at === patch.at) {
        unwidened = asIs.copy();
        unwidened.update(patch.bytes);
        asIs.update(content);
      } else {
        asIs.update(content);
        unwidened?.update(content);
      }
    }
    at += length;
  }
  const content: Buffer[] = [];
  for (const hash of [asIs, unwidened]) if (hash) content.push(hash.digest());
  return { sha256: whole.digest('hex'), content };
}
