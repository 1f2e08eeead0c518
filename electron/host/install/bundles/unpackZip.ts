// Unpacks a bundle's archive into a folder, refusing what could write outside it, plant a link, or
// fill the disk. mcpb's own unpack is not used: it inflates the whole archive in memory (fflate's
// unzipSync) with no bound on sizes, and writes links' targets as files without saying so. yauzl reads
// the central directory and streams each entry, erroring when an entry inflates past its declared size.
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type ArchiveRange, asArchived } from './archiveRange';
import { BundleError } from './bundleError';

export interface UnpackLimits {
  maxEntries: number;
  /** Per entry, unpacked. */
  maxEntryBytes: number;
  /** All entries together, unpacked. */
  maxTotalBytes: number;
}
/** Room for a Node server with its node_modules, not for an archive that unpacks to fill the disk. */
export const DEFAULT_UNPACK_LIMITS: UnpackLimits = {
  maxEntries: 50_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
};

const MiB = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** Windows' "reparse point" attribute: a link or junction archived from NTFS. */
const DOS_REPARSE_POINT = 0x400;

const READ_CHUNK = 64 * 1024;

/**
 * The archive's bytes of an open file, for yauzl: only those of `range` (a signature block may follow
 * them), patched as `range` says — every read, the end record's included, sees what was signed.
 */
class ArchiveReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly file: FileHandle,
    private readonly range: ArchiveRange,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number) {
    const { file, range } = this;
    const stop = Math.min(end, range.end);
    async function* chunks() {
      for (let at = start; at < stop; ) {
        const buffer = Buffer.alloc(Math.min(READ_CHUNK, stop - at));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
        if (bytesRead === 0) throw new Error('unexpected end of file');
        yield asArchived(buffer.subarray(0, bytesRead), at, range);
        at += bytesRead;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }
}

type Listed = { entry: Entry; name: string; kind: 'file' | 'dir'; executable: boolean };

function kindOf(entry: Entry, name: string): Listed['kind'] {
  const mode = entry.externalFileAttributes >>> 16;
  const type = mode & S_IFMT;
  if (type === S_IFLNK || entry.externalFileAttributes & DOS_REPARSE_POINT)
    throw new BundleError(
      'unsafe-entry',
      `The bundle holds a symbolic link, "${name}": a link can point anywhere on this computer, so a bundle may not hold one.`,
    );
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR)
    throw new BundleError(
      'unsafe-entry',
      `The bundle's entry "${name}" is a special file (a device, pipe or socket), not a file or folder.`,
    );
  return name.endsWith('/') || type === S_IFDIR ? 'dir' : 'file';
}

/** yauzl's own refusals, said in terms of the bundle. */
function fromYauzl(error: unknown): BundleError {
  if (error instanceof BundleError) return error;
  const message = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '');
  if (/^(invalid relative path|absolute path|invalid characters in fileName)/.test(message))
    return new BundleError(
      'unsafe-path',
      `The bundle holds an entry whose name leads outside its folder (${message}): it could overwrite files elsewhere on this computer.`,
      { cause: error },
    );
  if (/^too many bytes in the stream/.test(message))
    return new BundleError(
      'too-large',
      `The bundle holds an entry that unpacks to more than it declares (${message}): a zip bomb.`,
      { cause: error },
    );
  if (/encrypted|compression method/.test(message))
    return new BundleError('unsupported-entry', `The bundle cannot be unpacked: ${message}.`, {
      cause: error,
    });
  return new BundleError('not-a-zip', `The file is not a bundle (a zip archive) or is damaged: ${message}.`, {
    cause: error,
  });
}

function listEntries(zip: ZipFile, limits: UnpackLimits): Promise<Listed[]> {
  return new Promise((resolve, reject) => {
    const listed: Listed[] = [];
    let total = 0;
    zip.on('error', (error) => reject(fromYauzl(error)));
    zip.on('end', () => resolve(listed));
    zip.on('entry', (entry: Entry) => {
      try {
        const name = entry.fileName;
        // ":" names an NTFS alternate stream on Windows; control characters name nothing portable.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
        if (/[:\u0000-\u001f]/.test(name))
          throw new BundleError(
            'unsafe-path',
            `The bundle holds an entry with an unsafe name, ${JSON.stringify(name)}.`,
          );
        if (entry.isEncrypted())
          throw new BundleError('unsupported-entry', `The bundle's entry "${name}" is encrypted.`);
        const kind = kindOf(entry, name);
        if (entry.uncompressedSize > limits.maxEntryBytes)
          throw new BundleError(
            'too-large',
            `The bundle's entry "${name}" unpacks to ${MiB(entry.uncompressedSize)}, more than the ${MiB(limits.maxEntryBytes)} a file in a bundle may take: a zip bomb, or no bundle.`,
          );
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes)
          throw new BundleError(
            'too-large',
            `The bundle unpacks to more than ${MiB(limits.maxTotalBytes)}: a zip bomb, or too large to install.`,
          );
        const mode = entry.externalFileAttributes >>> 16;
        listed.push({ entry, name: name.replace(/\/+$/, ''), kind, executable: (mode & 0o111) !== 0 });
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.readEntry();
  });
}

/** Two entries that would land on one file here (on a case-insensitive disk), or a file where a folder goes. */
function checkCollisions(entries: Listed[]): void {
  const seen = new Map<string, Listed['kind']>();
  for (const e of entries) {
    const key = e.name.toLowerCase();
    const before = seen.get(key);
    if (before && (before === 'file' || e.kind === 'file'))
      throw new BundleError('unsafe-entry', `The bundle holds "${e.name}" twice (letter case aside).`);
    seen.set(key, e.kind);
  }
  for (const e of entries) {
    const parts = e.name.toLowerCase().split('/');
    for (let i = 1; i < parts.length; i++)
      if (seen.get(parts.slice(0, i).join('/')) === 'file')
        throw new BundleError('unsafe-entry', `The bundle's entry "${e.name}" lies inside a file.`);
  }
}

/** Counts what an entry really inflates to and checks its CRC: a lying header stops here too. */
function checked(e: Listed, limits: UnpackLimits, totals: { bytes: number }): Transform {
  let crc = 0;
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      totals.bytes += chunk.length;
      if (
        bytes > Math.min(limits.maxEntryBytes, e.entry.uncompressedSize) ||
        totals.bytes > limits.maxTotalBytes
      )
        return done(fromYauzl(new Error(`too many bytes in the stream: "${e.name}"`)));
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      if (crc >>> 0 !== e.entry.crc32 >>> 0)
        return done(new BundleError('not-a-zip', `The bundle is damaged: "${e.name}" fails its checksum.`));
      done();
    },
  });
}

/**
 * Unpacks the zip archive that is `archive` of `file` into `dest` (an empty folder). Every entry is
 * checked before anything is written. On a throw, `dest` may hold part of the archive: the caller
 * removes it.
 */
export async function unpackZip(
  file: string,
  archive: ArchiveRange,
  dest: string,
  limits: UnpackLimits = DEFAULT_UNPACK_LIMITS,
): Promise<{ files: number; bytes: number }> {
  const handle = await open(file, 'r');
  let zip: ZipFile | undefined;
  try {
    zip = await yauzl
      .fromRandomAccessReaderPromise(new ArchiveReader(handle, archive), archive.end, {
        autoClose: false,
        strictFileNames: false,
        validateEntrySizes: true,
      })
      .catch((error: unknown) => {
        throw fromYauzl(error);
      });
    if (zip.entryCount > limits.maxEntries)
      throw new BundleError(
        'too-large',
        `The bundle holds ${zip.entryCount} entries, more than the ${limits.maxEntries} a bundle may hold.`,
      );
    const entries = await listEntries(zip, limits);
    checkCollisions(entries);
    const root = path.resolve(dest);
    const totals = { bytes: 0 };
    let files = 0;
    for (const e of entries) {
      const target = path.resolve(root, e.name);
      if (!target.startsWith(root + path.sep))
        throw new BundleError('unsafe-path', `The bundle's entry "${e.name}" leads outside its folder.`);
      if (e.kind === 'dir') {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      const source = await zip.openReadStreamPromise(e.entry).catch((error: unknown) => {
        throw fromYauzl(error);
      });
      await pipeline(
        source,
        checked(e, limits, totals),
        // wx: never through anything already there. Modes: executable or not, nothing more (no setuid).
        createWriteStream(target, { flags: 'wx', mode: e.executable ? 0o755 : 0o644 }),
      ).catch((error: unknown) => {
        throw fromYauzl(error);
      });
      files++;
    }
    return { files, bytes: totals.bytes };
  } finally {
    zip?.close();
    await handle.close();
  }
}
