import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `file` with `text` so that a crash at any moment leaves the old file or the new one, never
 * a torn one: write a temp file beside it, fsync, rename over. With `backup`, the previous version is
 * first copied to `<file>.bak`.
 */
export async function writeFileAtomic(
  file: string,
  text: string | Uint8Array,
  options: { mode?: number; backup?: boolean } = {},
): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', options.mode ?? 0o600);
    try {
      await (typeof text === 'string' ? handle.writeFile(text, 'utf8') : handle.writeFile(text));
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.backup) {
      await copyFile(file, `${file}.bak`).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
