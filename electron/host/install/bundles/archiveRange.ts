// The bytes of a bundle that are its zip archive: one definition, read by both the signature check
// and the unpacker, so that what is unpacked is exactly what was signed.

/**
 * A bundle's archive: the file's bytes [0, end), with `patch` written over them where given. A signed
 * bundle's archive ends where its signature block starts; `patch` restores the archive comment's
 * length as it was signed, when a later `mcpb sign` widened it over the block afterwards.
 */
export interface ArchiveRange {
  end: number;
  patch?: { at: number; bytes: Buffer };
}

/** `chunk`, read from the file at `position`, as the archive holds it (a copy when the patch falls in it). */
export function asArchived(chunk: Buffer, position: number, range: ArchiveRange): Buffer {
  const patch = range.patch;
  if (!patch) return chunk;
  const from = Math.max(patch.at, position);
  const to = Math.min(patch.at + patch.bytes.length, position + chunk.length);
  if (from >= to) return chunk;
  const out = Buffer.from(chunk);
  patch.bytes.copy(out, from - position, from - patch.at, to - patch.at);
  return out;
}
