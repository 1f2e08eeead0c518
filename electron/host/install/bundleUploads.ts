// Bundle files the page sends in pieces (the browser shell has no path to give, only the bytes). Each
// upload is written into a private work folder of the bundles folder — named as an interrupted
// install's, so a crash leaves nothing the next start does not sweep — and ends read once, by the
// installer, then removed.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';

/** A page's upload is bounded well below a bundle's limit: a larger bundle is opened from its file. */
const DEFAULT_MAX_UPLOAD_BYTES = 128 * 1024 * 1024;
/** Uploads at once; one more is refused until one ends. */
const MAX_OPEN = 4;
/** An upload that stops arriving is given up after this long. */
const IDLE_MS = 5 * 60_000;

interface Upload {
  fileName: string;
  size: number;
  received: number;
  dir: string;
  file: string;
  at: number;
  /** The piece being written: the next waits for it. */
  writing: Promise<void>;
}

export class BundleUploads {
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly bundlesDir: string,
    readonly maxBytes = DEFAULT_MAX_UPLOAD_BYTES,
  ) {}

  /** Makes room for a file of `size` bytes; throws when it is too large or too many are open. */
  async start(fileName: string, size: number): Promise<string> {
    await this.expire();
    if (size > this.maxBytes)
      throw new Error(
        `${fileName} is ${mib(size)}, more than the ${mib(this.maxBytes)} a bundle may be when sent from the page.`,
      );
    if (this.uploads.size >= MAX_OPEN)
      throw new Error('Too many bundles are being sent at once: wait for one to finish.');
    await mkdir(this.bundlesDir, { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(path.join(this.bundlesDir, '.installing-upload-'));
    const file = path.join(dir, 'upload.mcpb');
    await (await open(file, 'wx', 0o600)).close();
    const id = randomUUID();
    this.uploads.set(id, {
      fileName,
      size,
      received: 0,
      dir,
      file,
      at: Date.now(),
      writing: Promise.resolve(),
    });
    return id;
  }

  /** Appends the piece at `offset`; pieces must come in order, and never past the size announced. */
  async append(id: string, offset: number, bytes: Buffer): Promise<number> {
    const upload = this.require(id);
    const write = upload.writing.then(async () => {
      if (offset !== upload.received)
        throw new Error(`The upload is at byte ${upload.received}, not ${offset}: send it again.`);
      if (upload.received + bytes.length > upload.size) {
        await this.drop(id);
        throw new Error(`${upload.fileName} is larger than the size announced; nothing was kept.`);
      }
      const handle = await open(upload.file, 'a');
      try {
        await handle.write(bytes);
      } finally {
        await handle.close();
      }
      upload.received += bytes.length;
      upload.at = Date.now();
    });
    upload.writing = write.catch(() => {});
    await write;
    return upload.received;
  }

  /**
   * The whole file, for the installer: `use` reads it, then the upload and its folder are gone
   * whatever `use` did.
   */
  async take<T>(id: string, use: (file: string, fileName: string) => Promise<T>): Promise<T> {
    const upload = this.require(id);
    await upload.writing;
    this.uploads.delete(id);
    try {
      if (upload.received !== upload.size)
        throw new Error(
          `Only ${upload.received} of ${upload.size} bytes of ${upload.fileName} arrived: send it again.`,
        );
      return await use(upload.file, upload.fileName);
    } finally {
      await rm(upload.dir, { recursive: true, force: true });
    }
  }

  /** Every upload given up (the host shuts down). */
  async clear(): Promise<void> {
    await Promise.all([...this.uploads.keys()].map((id) => this.drop(id)));
  }

  private require(id: string): Upload {
    const upload = this.uploads.get(id);
    if (!upload) throw new Error('This upload has ended or expired: pick the file again.');
    return upload;
  }

  private async drop(id: string): Promise<void> {
    const upload = this.uploads.get(id);
    this.uploads.delete(id);
    if (upload) await rm(upload.dir, { recursive: true, force: true });
  }

  private async expire(): Promise<void> {
    const now = Date.now();
    for (const [id, u] of this.uploads) if (now - u.at > IDLE_MS) await this.drop(id);
  }
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
