import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ACTIVITY_FILE, activityFiles } from './activityFiles';

const DAY = 24 * 60 * 60 * 1000;

/** How much of the record's older files to keep (Settings): 0 is no limit. */
export interface Retention {
  days: number;
  bytes: number;
}

/**
 * The record's older (rotated) files past Settings' retention, oldest first: each whose last write is
 * more than `days` old, or that takes the older files past `bytes` — and only ever the oldest, so
 * what is kept runs on unbroken from the first file kept (a file is due only after every older one).
 * The current file is never due here. Read under the record's lock (the caller's), which removes them.
 */
export async function dueForRemoval(dir: string, keep: Retention, now = Date.now()): Promise<string[]> {
  const rotated = (await activityFiles(dir)).filter((f) => path.basename(f) !== ACTIVITY_FILE);
  const sized = await Promise.all(
    rotated.map(async (file) => {
      const s = await stat(file);
      return { file, size: s.size, mtime: s.mtimeMs };
    }),
  );
  const due: string[] = [];
  let total = sized.reduce((sum, f) => sum + f.size, 0);
  for (const f of sized) {
    const old = keep.days > 0 && f.mtime < now - keep.days * DAY;
    const over = keep.bytes > 0 && total > keep.bytes;
    if (!old && !over) break;
    total -= f.size;
    due.push(f.file);
  }
  return due;
}

/** Whether the current file's first entry is older than `days` (it is then rotated, to be removed in time). */
export const olderThan = (firstAt: number | undefined, days: number, now = Date.now()) =>
  days > 0 && firstAt !== undefined && firstAt < now - days * DAY;
