import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The record's file in its folder; rotated files beside it are `activity-<time>.jsonl`. */
export const ACTIVITY_FILE = 'activity.jsonl';

/** The record's files, oldest first: the rotated ones by their time, then the current one. */
export async function activityFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const rotated = names.filter((n) => /^activity-.+\.jsonl$/.test(n)).sort();
  return [...rotated, ...(names.includes(ACTIVITY_FILE) ? [ACTIVITY_FILE] : [])].map((n) =>
    path.join(dir, n),
  );
}
