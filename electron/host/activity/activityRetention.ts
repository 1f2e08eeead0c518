import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ACTIVITY_FILE, activityFiles } from './activityFiles';

const DAY = 24 * 60 * 60 * 1000;

/** How much of the record's older files to keep (Settings): 0 is no limit. */
export interface Retention {
  days: number;
  bytes: number;
}

/**
 * The record's older (rotated) files past Settings' retention, removed: each whose last write is more
 * than `days` old, then, oldest first, those that take the older files past `bytes`. The current file
 * is never removed here. Returns the names removed. Under the record's lock (the caller's).
 */
export async function removeOld(dir: string, keep: Retention, now = Date.now()): Promise<string[]> {
  const rotated = (await activityFiles(dir)).filter((f) => path.basename(f) !== ACTIVITY_FILE);
  const sized = await Promise.all(
    rotated.map(async (file) => {
      const s = await stat(file);
      return { file, size: s.size, mtime: s.mtimeMs };
    }),
  );
  const removed: string[] = [];
  let total = sized.reduce((sum, f) => sum + f.size, 0);
  for (const f of sized) {
    const old = keep.days > 0 && f.mtime < now - keep.days * DAY;
    const over = keep.bytes > 0 && total > keep.bytes;
    if (!old && !over) continue;
    await rm(f.file, { force: true });
    total -= f.size;
    removed.push(path.basename(f.file));
  }
  return removed;
}

/** Whether the current file's first entry is older than `days` (it is then rotated, to be removed in time). */
export const olderThan = (firstAt: number | undefined, days: number, now = Date.now()) =>
  days > 0 && firstAt !== undefined && firstAt < now - days * DAY;
