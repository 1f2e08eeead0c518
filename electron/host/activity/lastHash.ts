import { open } from 'node:fs/promises';
import path from 'node:path';
import { GENESIS_HASH } from '../../../shared/host/activity';
import { parseEntry } from './activityChain';
import { ACTIVITY_FILE, activityFiles } from './activityFiles';

/** How much of the file's end is read for the last entry's hash at a time. */
const TAIL_BYTES = 64 * 1024;

/**
 * The hash of the file's last entry (64 zeros for an empty or missing file), and whether the file
 * ends in a line cut off (no newline). Read from the end, a chunk at a time, past lines that are
 * not entries; a file with no entry at all continues from the last rotated file's.
 */
export async function lastHash(file: string): Promise<{ hash: string; torn: boolean }> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return { hash: await lastRotatedHash(path.dirname(file)), torn: false };
  try {
    const { size } = await handle.stat();
    let end = size;
    let rest = '';
    let torn: boolean | undefined;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_BYTES);
      const buffer = Buffer.alloc(end - start);
      await handle.read(buffer, 0, buffer.length, start);
      const text = buffer.toString('utf8') + rest;
      torn ??= !text.endsWith('\n');
      const lines = text.split('\n');
      // The first piece may be the end of a line that starts before this chunk.
      rest = start > 0 ? lines.shift()! : '';
      for (let i = lines.length - 1; i >= 0; i--) {
        const entry = parseEntry(lines[i]!);
        if (entry) return { hash: entry.hash, torn };
      }
      end = start;
    }
    const first = rest ? parseEntry(rest) : undefined;
    return { hash: first?.hash ?? (await lastRotatedHash(path.dirname(file))), torn: torn ?? false };
  } finally {
    await handle.close();
  }
}

async function lastRotatedHash(dir: string): Promise<string> {
  const rotated = (await activityFiles(dir)).filter((f) => path.basename(f) !== ACTIVITY_FILE);
  return rotated.length > 0 ? (await lastHash(rotated.at(-1)!)).hash : GENESIS_HASH;
}
