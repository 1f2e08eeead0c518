import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomicWrite';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The bytes of files attached to messages, each kept once under its SHA-256 (`attachments/<sha256>`
 * in the data folder, 0600): the same file attached twice, in one conversation or in many, is one
 * file here; messages hold only the reference. Written atomically, so a crash leaves it whole or absent.
 */
export class AttachmentStore {
  constructor(readonly dir: string) {}

  static inHome(home: string): AttachmentStore {
    return new AttachmentStore(path.join(home, 'attachments'));
  }

  /** Keeps `bytes` under their hash; `false` when they were kept already (nothing written). */
  async put(bytes: Uint8Array): Promise<{ sha256: string; written: boolean }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file = this.fileOf(sha256);
    const kept = await stat(file).catch(() => undefined);
    if (kept?.size === bytes.length) return { sha256, written: false };
    await writeFileAtomic(file, bytes, { mode: 0o600 });
    return { sha256, written: true };
  }

  /**
   * The bytes kept under `sha256`, checked against it: absent, or changed since (by hand, a damaged
   * disk), they are undefined — never other bytes than the ones attached.
   */
  async read(sha256: string): Promise<Buffer | undefined> {
    const bytes = await readFile(this.fileOf(sha256)).catch(() => undefined);
    if (!bytes) return undefined;
    return createHash('sha256').update(bytes).digest('hex') === sha256 ? bytes : undefined;
  }

  async has(sha256: string): Promise<boolean> {
    return (await stat(this.fileOf(sha256)).catch(() => undefined))?.isFile() === true;
  }

  private fileOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256.slice(0, 80)}`);
    return path.join(this.dir, sha256);
  }
}
