import { randomUUID } from 'node:crypto';
import { claimedType, formatSize, MAX_FILE_BYTES } from '../../../shared/chat/attachedFile';
import { FileRefused } from './inspectFile';

/** Uploads at once (a message carries at most 20 files; the page sends them a few at a time). */
const MAX_OPEN = 24;
/** An upload that stops arriving is given up after this long. */
const IDLE_MS = 5 * 60_000;

interface Upload {
  name: string;
  size: number;
  pieces: Buffer[];
  received: number;
  at: number;
}

/**
 * Files the page sends in pieces (a picked, dropped or pasted file: the page has bytes, not a path),
 * held in memory until the last piece — at most MAX_FILE_BYTES each — and then handed over whole.
 */
export class FileUploads {
  private readonly uploads = new Map<string, Upload>();

  /** Room for `name` of `size` bytes; refused (saying so) past the largest file any kind may be. */
  start(name: string, size: number): string {
    this.expire();
    if (size > MAX_FILE_BYTES) {
      const claimed = claimedType(name);
      throw new FileRefused(
        `${name} is ${formatSize(size)}: ${claimed?.kind === 'image' ? 'an image' : 'a file'} may be at most ${formatSize(MAX_FILE_BYTES)} (a PDF; an image 3.75 MB, a text file 512 KB). Nothing was attached.`,
      );
    }
    if (this.uploads.size >= MAX_OPEN)
      throw new Error('Too many files are being sent at once: wait for them.');
    const id = randomUUID();
    this.uploads.set(id, { name, size, pieces: [], received: 0, at: Date.now() });
    return id;
  }

  /** Adds the piece at `offset`: pieces come in order, and never past the size announced. */
  append(id: string, offset: number, bytes: Buffer): number {
    const upload = this.require(id);
    if (offset !== upload.received)
      throw new Error(
        `The upload of ${upload.name} is at byte ${upload.received}, not ${offset}: send it again.`,
      );
    if (upload.received + bytes.length > upload.size) {
      this.uploads.delete(id);
      throw new Error(`${upload.name} is larger than the size announced; nothing was kept.`);
    }
    upload.pieces.push(bytes);
    upload.received += bytes.length;
    upload.at = Date.now();
    return upload.received;
  }

  /** The whole file, and the upload is over (whatever is then done with it). */
  take(id: string): { name: string; bytes: Buffer } {
    const upload = this.require(id);
    this.uploads.delete(id);
    if (upload.received !== upload.size)
      throw new Error(
        `Only ${upload.received} of ${upload.size} bytes of ${upload.name} arrived: attach it again.`,
      );
    return { name: upload.name, bytes: Buffer.concat(upload.pieces) };
  }

  clear(): void {
    this.uploads.clear();
  }

  private require(id: string): Upload {
    const upload = this.uploads.get(id);
    if (!upload) throw new Error('This upload has ended or expired: attach the file again.');
    return upload;
  }

  private expire(): void {
    const now = Date.now();
    for (const [id, u] of this.uploads) if (now - u.at > IDLE_MS) this.uploads.delete(id);
  }
}
